import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { emptyPriceView } from '@/api/priceEstimate';
import { OrderSummary, type OrderSummaryProps } from './OrderSummary';
import { summaryState, view } from './summary.test-helpers';

const OUT_OF_SEASON = Date.UTC(2026, 5, 1, 6, 0);

function renderSummary(overrides: Partial<OrderSummaryProps> = {}) {
  const props: OrderSummaryProps = {
    ...summaryState(),
    lines: <p>the cart lines</p>,
    now: OUT_OF_SEASON,
    timeZone: 'Asia/Kolkata',
    ...overrides,
  };
  return render(<OrderSummary {...props} />);
}

/** The amount shown on the price row labelled `label`. */
function amountOf(label: string): string {
  const term = within(screen.getByRole('region', { name: 'Price' })).getByText(label);
  const row = term.parentElement as HTMLElement;
  return within(row).getByRole('definition').textContent ?? '';
}

// Intra-state, hand-computed: goods ₹47,989 with GST (the ₹150 shipping waived); less coupon ₹4,798.90, referral
// ₹500 and a Diwali offer of ₹1,000 = ₹41,690.10, of which taxable ₹35,330.59 and GST ₹6,359.51.
const intraState = view({
  totalPrice: 4_798_900,
  shippingCharges: 15_000,
  couponDiscount: 479_890,
  associationDiscount: 50_000,
  otherDiscounts: [{ name: 'Diwali offer', value: 100_000 }],
  subtotal: 4_169_010,
  taxableAmount: 3_533_059,
  taxAmount: 635_951,
  isShippingRequired: true,
  gst: { supply: 'intra_state', cgst: 317_976, sgst: 317_975, igst: 0 },
});

describe('OrderSummary', () => {
  it('is no landmark of its own: the sheet or the column around it is the "Order summary" region', () => {
    renderSummary({ estimate: intraState });
    expect(screen.getByRole('heading', { name: 'Order summary' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Order summary' })).toBeNull();
  });

  it('shows the heading, the lines, the code forms and every price row in INR', () => {
    renderSummary({ estimate: intraState, codeForms: <form aria-label="Coupon" /> });
    expect(screen.getByRole('heading', { name: 'Order summary' })).toBeInTheDocument();
    expect(screen.getByText('the cart lines')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Coupon' })).toBeInTheDocument();
    expect(amountOf('Items')).toBe('₹47,989');
    expect(amountOf('Shipping')).toBe('Shipping charge waived: ₹150 Free');
    expect(amountOf('Coupon discount')).toBe('−₹4,798.90');
    expect(amountOf('Referral discount')).toBe('−₹500');
    expect(amountOf('Diwali offer')).toBe('−₹1,000');
    expect(amountOf('Total')).toBe('₹41,690.10');
    expect(amountOf('Taxable amount')).toBe('₹35,330.59');
    expect(amountOf('CGST')).toBe('₹3,179.76');
    expect(amountOf('SGST')).toBe('₹3,179.75');
    expect(screen.queryByText('IGST')).toBeNull();
  });

  it('shows the GST of an order to another state as one IGST row', () => {
    renderSummary({
      estimate: { ...intraState, gst: { supply: 'inter_state', cgst: 0, sgst: 0, igst: 635_951 } },
    });
    expect(amountOf('IGST')).toBe('₹6,359.51');
    expect(screen.queryByText('CGST')).toBeNull();
    expect(screen.queryByText('SGST')).toBeNull();
  });

  it('shows an export in USD with no GST and no discount rows', () => {
    // A game key abroad: $12.99, no GST on export, nothing to ship.
    const usd = {
      ...emptyPriceView('USD'),
      totalPrice: 1_299,
      subtotal: 1_299,
      taxableAmount: 1_299,
      gst: { supply: 'export' as const, cgst: 0, sgst: 0, igst: 0 },
    };
    renderSummary({ estimate: usd });
    expect(amountOf('Items')).toBe('$12.99');
    expect(amountOf('Total')).toBe('$12.99');
    expect(amountOf('GST')).toBe('No GST (export)');
    expect(screen.queryByText('$0')).toBeNull();
    expect(screen.queryByText('Shipping')).toBeNull();
    expect(screen.queryByText('Coupon discount')).toBeNull();
    expect(screen.queryByText('Referral discount')).toBeNull();
  });

  it('shows a charge the total leaves out as Free, the charge struck through', () => {
    const waived = view({
      totalPrice: 118_000,
      subtotal: 118_000,
      taxableAmount: 100_000,
      taxAmount: 18_000,
      shippingCharges: 15_000,
      isShippingRequired: true,
    });
    renderSummary({ estimate: waived });
    expect(amountOf('Shipping')).toBe('Shipping charge waived: ₹150 Free');
    const struck = screen.getByText('₹150').closest('s');
    expect(struck).not.toBeNull();
    expect(amountOf('Total')).toBe('₹1,180');
  });

  it('holds the place of every amount while the first estimate loads, and says it is busy', () => {
    renderSummary({ status: 'loading', receivedAt: null });
    const prices = screen.getByRole('region', { name: 'Price' });
    expect(prices).toHaveAttribute('aria-busy', 'true');
    expect(within(prices).getByText('Updating the price')).toBeInTheDocument();
    expect(within(prices).queryByText(/₹/)).toBeNull();
  });

  it('keeps the last amounts in place while a newer estimate loads', () => {
    renderSummary({ estimate: intraState, status: 'loading', receivedAt: OUT_OF_SEASON });
    expect(amountOf('Total')).toBe('₹41,690.10');
    expect(screen.getByRole('region', { name: 'Price' })).toHaveAttribute('aria-busy', 'true');
  });

  it('says the price failed and retries on Retry', async () => {
    const onRetry = vi.fn();
    renderSummary({ status: 'failed', onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('We could not get the price of your order.');
    // The empty estimate's zeros are not a price.
    expect(within(screen.getByRole('region', { name: 'Price' })).queryByText(/₹/)).toBeNull();
    expect(amountOf('Total')).toBe('—Not known yet');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('marks an offline estimate as the last known, with its time', () => {
    renderSummary({
      estimate: intraState,
      status: 'lastKnown',
      receivedAt: Date.UTC(2026, 10, 3, 13, 22), // 18:52 in India
      now: Date.UTC(2026, 10, 3, 14, 0),
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Last known price (18:52) — will update when you are back online',
    );
    expect(amountOf('Total')).toBe('₹41,690.10');
  });

  it('shows the headset notice and, in season, the festival strip', () => {
    renderSummary({ productCodes: ['IBC_VR_HEADSET'], now: Date.UTC(2026, 10, 1, 6, 0) });
    expect(screen.getByText(/Your VR headset arrives set up/)).toBeInTheDocument();
    expect(screen.getByText('Diwali season: deliveries may take up to 5 extra days.')).toBeInTheDocument();
  });

  it('shows neither strip for a game key out of season', () => {
    renderSummary({ productCodes: ['IBC_GAME_1_PROFILE_KEY'] });
    expect(screen.queryByText(/Your VR headset/)).toBeNull();
    expect(screen.queryByText(/season/)).toBeNull();
  });

  it('says why EMI is not offered when the no-cost EMI kit shares the order with another product', () => {
    renderSummary({ estimate: intraState, packageCodes: ['SOLO_NO_COST_EMI', 'GAME_1_PROFILE'] });
    expect(screen.getByRole('note')).toHaveTextContent(
      'No-cost EMI is for the no-cost EMI kit bought on its own: with other products in the cart, the order is paid in full.',
    );
    expect(screen.queryByText(/No-cost EMI available/)).toBeNull();
  });

  it('shows the no-cost EMI and tenure notes with a no-cost EMI estimate', () => {
    // ₹47,989 over 6 months: ceil(47,989 / 6) = ₹7,999.
    const emi = view({
      totalPrice: 4_798_900,
      subtotal: 4_798_900,
      pricingType: 'NO_COST_EMI',
      emiAmountStartingFrom: 799_900,
      emiTenureMonths: 6,
    });
    renderSummary({ estimate: emi });
    expect(screen.getByText(/No-cost EMI available: from/)).toHaveTextContent(
      'No-cost EMI available: from ₹7,999 a month, with no interest or extra charges.',
    );
    expect(screen.getByText('Pay in 6 monthly instalments of ₹7,999 at no extra cost.')).toBeInTheDocument();
  });

  it('shows no EMI notes for a full payment', () => {
    renderSummary({ estimate: intraState });
    expect(screen.queryByText(/EMI/)).toBeNull();
    expect(screen.queryByText(/instalments/)).toBeNull();
  });

  it('shows the licence pricing panel for the licence variant, per pin in INR', () => {
    renderSummary({ variant: 'licence', packageCodes: ['BUSINESS_LICENCE'] });
    const panel = screen.getByRole('region', { name: 'Licence pricing per pin (INR)' });
    expect(within(panel).getByText('Hardware, one time').nextSibling).toHaveTextContent('₹50,000');
    expect(within(panel).getByText('Licence fee, every year').nextSibling).toHaveTextContent('₹1,00,000');
  });

  it('shows an ad booking’s summary in place of the item rows', () => {
    renderSummary({
      estimate: view({ totalPrice: 3_304_000, subtotal: 3_304_000 }),
      adBooking: {
        days: 7,
        devices: 2,
        costPerDevicePerDay: 236_000,
        couponDiscount: 0,
        associationDiscount: 0,
        otherDiscounts: [],
        total: 3_304_000,
      },
    });
    expect(screen.getByRole('region', { name: 'Ad booking price' })).toBeInTheDocument();
    expect(screen.queryByText('Items')).toBeNull();
  });
});
