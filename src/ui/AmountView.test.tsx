import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AmountView, amountWidth } from './AmountView';
import { Money } from './Money';

describe('AmountView', () => {
  it('shows the amount once it is known', () => {
    render(
      <AmountView status="known" loadingLabel="Loading the total">
        <Money minor={4_798_900} currency="INR" />
      </AmountView>,
    );
    expect(screen.getByText('₹47,989')).toBeInTheDocument();
    expect(screen.queryByText('Loading the total')).toBeNull();
  });

  it('holds the amount’s place while loading and says so to screen readers', () => {
    const { container } = render(
      <h2>
        Total <AmountView status="loading" width="9ch" loadingLabel="Loading the total" />
      </h2>,
    );
    // A screen reader hears the label and nothing of the placeholder; the placeholder is as wide as asked.
    expect(screen.getByRole('heading', { name: 'Total Loading the total' })).toBeInTheDocument();
    const placeholder = [...container.querySelectorAll('[aria-hidden="true"] *')];
    expect(placeholder).toHaveLength(1);
    expect(placeholder[0]).toHaveStyle({ width: '9ch' });
    expect(placeholder[0]).toBeEmptyDOMElement();
  });

  it('shows a dash a screen reader hears as not known, in the element asked for', () => {
    render(
      <>
        <style>{'.total { width: 7ch; }'}</style>
        <AmountView status="unknown" as="strong" className="total" unknownLabel="No price in USD" />
      </>,
    );
    const holder = screen.getByText('No price in USD').parentElement;
    expect(holder?.tagName).toBe('STRONG');
    // The caller's class sizes the dash's element as it sizes the amount.
    expect(holder).toHaveStyle({ width: '7ch' });
    expect(holder).toHaveTextContent('—No price in USD');
    expect(screen.getByText('—')).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('amountWidth', () => {
  it('is as many characters as the formatted amount, never fewer than asked', () => {
    expect(amountWidth(4_798_900, 'INR')).toBe('7ch');
    expect(amountWidth(500, 'USD', 6)).toBe('6ch');
  });
});
