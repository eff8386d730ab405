import type { Order, OrderStatus } from '@contract/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderResult, type OrderResultProps, OrderStatusError, resultHref } from './OrderResult';

const order: Order = {
  order_id: 'ord-9',
  customer_order_id: 'IBC-1009',
  order_status: 'SUCCESS',
  creation_datetime: '2026-07-01T09:00:00Z',
  success_datetime: '2026-07-01T09:01:00Z',
  expires_at: '2026-07-01T09:30:00Z',
  total_taxable_amount: 8473.73,
  total_taxes: 1525.27,
  gst: { supply: 'intra_state', cgst: 762.64, sgst: 762.63, igst: 0 },
  total_amount: 9999,
  coupon_discount: 500,
  association_discount: 0,
  other_discounts: [{ discount_name: 'Festival', discount_value: 1000 }],
  coupon_code: 'SAVE500',
  associate_code: null,
  currency: 'INR',
  country_name_enum: 'IN',
  pricing_type: 'FULL_PAYMENT',
  payment_service: 'CARD_MODAL',
  shipping_through: null,
  self_pickup_shipping_details: null,
  shipping_details: null,
  billing_details: {
    name: 'Asha Rao',
    postal_code: '560001',
    address_1: '1 MG Road',
    address_2: null,
    city: 'Bengaluru',
    state_name: 'Karnataka',
    state_name_enum: 'KARNATAKA',
    country: 'India',
    mobile_number: null,
    gst_details: null,
  },
  order_game_keys_status: { is_game_keys_required: true, game_keys_assigned_status: 'ASSIGNED' },
  game_keys: ['GAME-KEY-1234'],
  payment_id: 'pay_S4nDb0x1',
  packages: [],
  ad_booking: null,
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  sessionStorage.clear();
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(
  statuses: (OrderStatus | Error)[],
  props: Partial<OrderResultProps> = {},
  { strict = false, always }: { strict?: boolean; always?: OrderStatus } = {},
) {
  const fetchStatus = vi.fn(async () => {
    const next = always ?? statuses.shift() ?? 'PENDING';
    if (next instanceof Error) throw next;
    return { order_id: 'ord-9', order_status: next };
  });
  const fetchOrder = vi.fn(async () => order);
  const onPaid = vi.fn();
  const replacePath = vi.fn();
  const track = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const page = (
    <QueryClientProvider client={client}>
      <OrderResult
        orderId="ord-9"
        at="order"
        search="?utm_source=mail"
        replacePath={replacePath}
        track={track}
        calls={{ fetchStatus, fetchOrder, onPaid }}
        {...props}
      />
    </QueryClientProvider>
  );
  render(strict ? <StrictMode>{page}</StrictMode> : page);
  return { fetchStatus, fetchOrder, onPaid, replacePath, track };
}

/** The success card's fact named `term`: its value as shown. */
function factOf(card: HTMLElement, term: string): string | null {
  const dt = within(card).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? null;
}

function renderResult(paid: Order) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OrderResult
        orderId="ord-9"
        at="order"
        search=""
        replacePath={vi.fn()}
        calls={{
          fetchStatus: async () => ({ order_id: 'ord-9', order_status: 'SUCCESS' }),
          fetchOrder: async () => paid,
          onPaid: vi.fn(),
        }}
      />
    </QueryClientProvider>,
  );
}

describe('OrderResult', () => {
  it('a paid order: the success card with number, amount, game key and a link to My orders', async () => {
    const h = setup(['SUCCESS']);
    const card = await screen.findByRole('region', { name: 'Payment successful' });
    expect(card.id).toBe('successCard');
    expect(await screen.findByText('IBC-1009')).toBeTruthy();
    expect(screen.getByText('GAME-KEY-1234')).toBeTruthy();
    expect(screen.getByText('₹9,999')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See my orders' }).getAttribute('href')).toBe('/my-orders');
    expect(card.scrollIntoView).toHaveBeenCalled();
    expect(document.activeElement).toBe(card);
    // Already on the success sub-route: the path stays.
    expect(h.replacePath).not.toHaveBeenCalled();
  });

  it("shows the GST paid as the invoice will: CGST and SGST within the seller's state, the odd paisa kept", async () => {
    setup(['SUCCESS']);
    const card = await screen.findByRole('region', { name: 'Payment successful' });
    await within(card).findByText('CGST');
    expect(factOf(card, 'CGST')).toBe('₹762.64');
    expect(factOf(card, 'SGST')).toBe('₹762.63');
    expect(within(card).queryByText('IGST')).toBeNull();
  });

  it('shows the GST of an order to another state as IGST, of an export as none, of an older order as one GST row', async () => {
    const cases: [Order, string, string][] = [
      [{ ...order, gst: { supply: 'inter_state', cgst: 0, sgst: 0, igst: 1525.27 } }, 'IGST', '₹1,525.27'],
      [
        { ...order, currency: 'USD', total_taxes: 0, gst: { supply: 'export', cgst: 0, sgst: 0, igst: 0 } },
        'GST',
        'No GST (export)',
      ],
      [{ ...order, gst: null }, 'GST', '₹1,525.27'],
    ];
    for (const [paid, term, shown] of cases) {
      const { unmount } = renderResult(paid);
      const card = await screen.findByRole('region', { name: 'Payment successful' });
      await within(card).findByText(term);
      expect(factOf(card, term)).toBe(shown);
      expect(within(card).queryByText('CGST')).toBeNull();
      unmount();
    }
  });

  it('a paid order empties the cart and fires purchase and Checkout Completed once, even in StrictMode', async () => {
    const h = setup([], {}, { strict: true, always: 'SUCCESS' });
    await screen.findByText('IBC-1009');
    expect(h.onPaid).toHaveBeenCalledTimes(1);
    expect(h.onPaid).toHaveBeenCalledWith('ord-9');
    const events = h.track.mock.calls.map(([event]) => event);
    expect(events.filter((e) => e === 'purchase')).toHaveLength(1);
    expect(events.filter((e) => e === 'Checkout Completed')).toHaveLength(1);
    const completed = h.track.mock.calls.find(([event]) => event === 'Checkout Completed')?.[1];
    expect(completed).toMatchObject({
      customerOrderId: 'IBC-1009',
      order_id: 'ord-9',
      // The payment's id, not the order's (spec §1).
      transaction_id: 'pay_S4nDb0x1',
      shipping_price: 0,
      discounted_price: 9999,
      retail_price: 11499,
      offer_price: 10499,
      coupon_code: 'SAVE500',
      coupon_offer: 500,
      referral_code: null,
      payment_type: 'Full Payment',
      payment_mode: 'CARD_MODAL',
      utm_source: 'mail',
      currency: 'INR',
      city: 'Bengaluru',
      pincode: '560001',
    });
  });

  it('a failed payment: the failure card, the path replaced by the failure sub-route with the query kept', async () => {
    const h = setup(['PENDING', 'FAILED']);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    const card = await screen.findByRole('region', { name: 'Payment failed' });
    expect(card.id).toBe('failureCard');
    expect(h.replacePath).toHaveBeenCalledWith('/failure?utm_source=mail&order_id=ord-9');
    expect(h.onPaid).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/checkout');
    expect(h.track.mock.calls.filter(([event]) => event === 'order_failed')).toHaveLength(1);
  });

  it('a payment that completed after the order was cancelled: Refund pending, then Refunded; neither paid nor failed', async () => {
    const h = setup(['REFUND_PENDING']);
    const card = await screen.findByRole('region', { name: 'Refund pending' });
    expect(card.textContent).toMatch(/completed after this order was cancelled or had expired/);
    expect(card.textContent).toMatch(/we are refunding it in full/);
    expect(h.onPaid).not.toHaveBeenCalled();
    expect(h.replacePath).not.toHaveBeenCalled();
    expect(h.track).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'See my orders' }).getAttribute('href')).toBe('/my-orders');
  });

  it('a refund done: the result page says Refunded', async () => {
    const h = setup(['REFUNDED']);
    const card = await screen.findByRole('region', { name: 'Refunded' });
    expect(card.textContent).toMatch(/we refunded it in full/);
    expect(screen.queryByRole('region', { name: 'Payment successful' })).toBeNull();
    expect(h.onPaid).not.toHaveBeenCalled();
  });

  it('a paid order opened on /failure moves to /success', async () => {
    const h = setup(['SUCCESS'], { at: 'failure', search: '?order_id=ord-9' });
    await screen.findByRole('region', { name: 'Payment successful' });
    expect(h.replacePath).toHaveBeenCalledWith('/success?order_id=ord-9');
  });

  it('while the status is asked: a status message; a status that never settles offers to check again', async () => {
    const h = setup([]);
    expect(screen.getByRole('status').textContent).toContain('Confirming your payment');
    await act(() => vi.advanceTimersByTimeAsync(51_000));
    expect(await screen.findByRole('heading', { name: 'Your bank is confirming your payment' })).toBeTruthy();
    expect(h.fetchStatus).toHaveBeenCalledTimes(7);
  });

  it('a status call that fails goes to the error route, the query kept, and shows the error view', async () => {
    const error = new Error('500');
    const h = setup(Array.from({ length: 7 }, () => error));
    await act(() => vi.advanceTimersByTimeAsync(51_000));
    expect(await screen.findByRole('heading', { name: 'We could not check your order' })).toBeTruthy();
    expect(h.replacePath).toHaveBeenCalledWith('/order/ord-9/error?utm_source=mail');
    expect(h.fetchStatus).toHaveBeenCalledTimes(7);
  });

  it('the error route says the payment may have gone through, and Retry asks again', async () => {
    const onRetry = vi.fn();
    render(<OrderStatusError onRetry={onRetry} />);
    expect(screen.getByRole('heading', { level: 1, name: 'We could not check your order' })).toBeTruthy();
    expect(screen.getByText(/nothing is charged twice/)).toBeTruthy();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('no order known: says so and leads to My orders', () => {
    setup([], { orderId: null });
    expect(screen.getByRole('heading', { name: 'No order to show' })).toBeTruthy();
  });
});

describe('resultHref', () => {
  it.each([
    ['success', 'order', '?a=1', '/order/ord-9/success?a=1'],
    ['failure', 'order', '?a=1', '/failure?a=1&order_id=ord-9'],
    ['success', 'failure', '?order_id=ord-9&b=2', '/success?order_id=ord-9&b=2'],
    ['failure', 'success', '', '/failure?order_id=ord-9'],
    ['error', 'order', '?a=1', '/order/ord-9/error?a=1'],
    ['error', 'failure', '?order_id=ord-9', '/order/ord-9/error?order_id=ord-9'],
  ] as const)('%s from %s%s → %s', (kind, at, search, href) => {
    expect(resultHref(kind, at, 'ord-9', search)).toBe(href);
  });
});
