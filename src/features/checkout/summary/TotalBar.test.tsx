import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { summaryState, view } from './summary.test-helpers';
import { TotalBar } from './TotalBar';

// ₹48,139 before a ₹4,798.90 coupon: the buyer pays ₹43,340.10.
const full = view({ totalPrice: 4_813_900, couponDiscount: 479_890, subtotal: 4_334_010 });

describe('TotalBar', () => {
  it('shows the total the buyer pays', () => {
    render(<TotalBar {...summaryState({ estimate: full })} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Total amount');
    expect(status).toHaveTextContent('₹43,340.10');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).not.toHaveTextContent('EMI');
  });

  it('shows "EMI starts from" with the per-month note when a no-cost EMI option exists', () => {
    const emi = view({
      totalPrice: 4_798_900,
      subtotal: 4_798_900,
      pricingType: 'NO_COST_EMI',
      emiAmountStartingFrom: 799_900,
    });
    render(<TotalBar {...summaryState({ estimate: emi })} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('EMI starts from');
    expect(status).toHaveTextContent('₹7,999');
    expect(status).toHaveTextContent('per month, no-cost EMI');
    expect(status).toHaveTextContent('Total ₹47,989');
    expect(status).not.toHaveTextContent('Total amount');
  });

  it('holds the amount’s place while the first estimate loads', () => {
    render(<TotalBar {...summaryState({ status: 'loading', receivedAt: null })} />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status).toHaveTextContent('Loading the price');
    expect(status).not.toHaveTextContent('₹');
  });

  it('keeps the last amount while a newer one loads', () => {
    render(<TotalBar {...summaryState({ estimate: full, status: 'loading', receivedAt: 1 })} />);
    expect(screen.getByRole('status')).toHaveTextContent('₹43,340.10');
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
  });

  it('offers a retry when the estimate failed', async () => {
    const onRetry = vi.fn();
    render(<TotalBar {...summaryState({ status: 'failed', onRetry })} />);
    expect(screen.getByRole('status')).toHaveTextContent('Could not get the price');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('marks an offline amount as the last known', () => {
    render(<TotalBar {...summaryState({ estimate: full, status: 'lastKnown', receivedAt: 1 })} />);
    expect(screen.getByRole('status')).toHaveTextContent('₹43,340.10');
    expect(screen.getByRole('status')).toHaveTextContent('Last known price');
  });

  it('shows no amount offline before any estimate came, rather than a zero', () => {
    render(<TotalBar {...summaryState({ status: 'lastKnown', receivedAt: null })} />);
    const status = screen.getByRole('status');
    expect(status).not.toHaveTextContent('₹');
    expect(status).toHaveTextContent('Not known yet');
    expect(status).toHaveTextContent('The price will show when you are back online');
  });
});
