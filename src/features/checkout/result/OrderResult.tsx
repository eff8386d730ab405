import { toMinor } from '@contract/money';
import type { Order } from '@contract/orders';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { fetchOrder, fetchOrderStatus } from '@/api/orders';
import { orderTaxLines } from '@/lib/gst';
import { settlePaidOrder } from '@/state/paidOrder';
import { Button } from '@/ui/Button';
import { ErrorView } from '@/ui/ErrorView';
import { Money } from '@/ui/Money';
import { NotifyMeButton } from '@/ui/NotifyMeButton';
import { Spinner } from '@/ui/Spinner';
import { TaxRows } from '@/ui/TaxRows';
import { type CheckoutTrack, checkoutCompletedProperties, trackOnce } from '../analytics';
import { type PollOutcome, pollOrderStatus } from '../payment/orderStatusPoll';
import './order-result.css';
import { type ResultRoute, resultHref } from './resultHref';

export { type ResultRoute, resultHref } from './resultHref';

/*
 * The result screens of spec §2 (/success, /failure, /order/:id/success): the order's status is polled as spec §4
 * says; SUCCESS shows the success card (id successCard), FAILED the failure card (id failureCard), the path is
 * replaced by the matching sub-route with the query string kept and the page scrolls to the card. A status call
 * that itself fails shows the error view with a retry. A paid order empties the cart and forgets the last order
 * id; a failed one keeps the cart. Each order's events fire once.
 */

export interface OrderResultCalls {
  fetchStatus: typeof fetchOrderStatus;
  fetchOrder: typeof fetchOrder;
  /** A paid order: the cart it was made from is emptied, the last order id forgotten. */
  onPaid: (orderId: string) => void;
}

const DEFAULT_CALLS: OrderResultCalls = {
  fetchStatus: fetchOrderStatus,
  fetchOrder,
  onPaid: (orderId) => void settlePaidOrder(orderId).catch(() => undefined),
};

export interface OrderResultProps {
  /** The order; null when none is known (a result page opened without one). */
  orderId: string | null;
  /** Which route shows it. */
  at: ResultRoute;
  /** The page's query string ("?utm_source=…" or ""), kept when the path is replaced. */
  search: string;
  /** Replaces the current path (no new history entry). */
  replacePath: (href: string) => void;
  track?: CheckoutTrack;
  /** Spec §2's product type for the Checkout Completed event, as the route derives it. */
  productTypeOf?: (order: Order) => string | null;
  calls?: Partial<OrderResultCalls>;
  /** What the page adds under a paid order's card (the setup call form). */
  afterSuccess?: ((orderId: string) => ReactNode) | undefined;
}

function orderPlace(order: Order): string {
  const pickup = order.self_pickup_shipping_details?.pickup_location;
  if (pickup) return `Collect your order from ${pickup.consolidated_address}. Bring your order number.`;
  if (order.shipping_details)
    return `We will ship it to ${order.shipping_details.city} and e-mail you the tracking number once it leaves us.`;
  return 'There is nothing to ship: what you bought is ready to use.';
}

function SuccessCard({ orderId, order }: { orderId: string; order: Order | undefined }) {
  const keys = order?.game_keys ?? [];
  const designs = (order?.packages ?? []).flatMap((pkg) =>
    pkg.products.flatMap((p) =>
      p.customization_description
        ? [{ name: p.name, quantity: p.quantity, design: p.customization_description }]
        : [],
    ),
  );
  return (
    <section
      id="successCard"
      className="order-result__card"
      aria-labelledby="successCard-title"
      tabIndex={-1}
    >
      <h1 id="successCard-title" className="order-result__title">
        Payment successful
      </h1>
      <dl className="order-result__facts">
        <div>
          <dt>Order number</dt>
          <dd>{order?.customer_order_id ?? orderId}</dd>
        </div>
        <div>
          <dt>Amount paid</dt>
          <dd>
            {order ? (
              <Money minor={toMinor(order.total_amount, order.currency)} currency={order.currency} />
            ) : (
              <span className="order-result__pending-text">Loading…</span>
            )}
          </dd>
        </div>
        {order && <TaxRows lines={orderTaxLines(order)} currency={order.currency} />}
      </dl>
      {keys.length > 0 && (
        <div className="order-result__keys">
          <h2 className="order-result__subtitle">{keys.length === 1 ? 'Your game key' : 'Your game keys'}</h2>
          <ul>
            {keys.map((key) => (
              <li key={key}>
                <code>{key}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {designs.length > 0 && (
        <div className="order-result__designs">
          <h2 className="order-result__subtitle">Made to your design</h2>
          <ul>
            {designs.map((d) => (
              <li key={d.design}>
                {d.quantity} × {d.name}: {d.design}
              </li>
            ))}
          </ul>
        </div>
      )}
      <h2 className="order-result__subtitle">What happens next</h2>
      <p>
        {order ? orderPlace(order) : 'We have your order and will e-mail you a confirmation.'} You can follow
        it in My orders.
      </p>
      <MyOrdersLink />
    </section>
  );
}

/** Every card's way on: the buyer's orders. */
function MyOrdersLink() {
  return (
    <a className="ui-button order-result__action" data-variant="primary" data-size="m" href="/my-orders">
      <span className="ui-button__content">See my orders</span>
    </a>
  );
}

function FailureCard() {
  return (
    <section
      id="failureCard"
      className="order-result__card"
      aria-labelledby="failureCard-title"
      tabIndex={-1}
    >
      <h1 id="failureCard-title" className="order-result__title">
        Payment failed
      </h1>
      <p>Your payment did not go through and nothing was charged. Your cart is kept, so you can try again.</p>
      <a className="ui-button order-result__action" data-variant="primary" data-size="m" href="/checkout">
        <span className="ui-button__content">Try again</span>
      </a>
    </section>
  );
}

/** A payment that completed after its order was cancelled or expired: given back, never applied. */
function RefundCard({ outcome }: { outcome: 'REFUND_PENDING' | 'REFUNDED' }) {
  const done = outcome === 'REFUNDED';
  return (
    <section className="order-result__card" aria-labelledby="order-result-refund">
      <h1 id="order-result-refund" className="order-result__title">
        {done ? 'Refunded' : 'Refund pending'}
      </h1>
      <p>
        Your payment completed after this order was cancelled or had expired, so{' '}
        {done ? 'we refunded it in full' : 'we are refunding it in full'}: you are not charged for it. Banks
        usually show a refund within 5–7 working days.
      </p>
      <MyOrdersLink />
    </section>
  );
}

/**
 * The error route's view (spec §2: the status call itself failed): nothing about the payment is known, so it says
 * so and offers to ask again.
 */
export function OrderStatusError({ onRetry }: { onRetry?: () => void }) {
  return (
    <div className="order-result">
      <ErrorView
        headingLevel={1}
        title="We could not check your order"
        message="Your payment may still have gone through: nothing is charged twice. Check again in a moment."
        onRetry={onRetry}
      />
    </div>
  );
}

export function OrderResult({
  orderId,
  at,
  search,
  replacePath,
  track,
  productTypeOf,
  calls: callOverrides,
  afterSuccess,
}: OrderResultProps) {
  const calls = { ...DEFAULT_CALLS, ...callOverrides };
  const callsRef = useRef(calls);
  callsRef.current = calls;
  const status = useQuery({
    queryKey: ['orderResult', 'status', orderId],
    queryFn: ({ signal }): Promise<PollOutcome> =>
      pollOrderStatus(orderId ?? '', { fetchStatus: callsRef.current.fetchStatus, signal }),
    enabled: orderId !== null,
    retry: false,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const outcome = status.data;
  const order = useQuery({
    queryKey: ['orderResult', 'order', orderId],
    queryFn: ({ signal }) => callsRef.current.fetchOrder(orderId ?? '', { signal }),
    enabled: orderId !== null && outcome === 'SUCCESS',
    retry: 1,
  });

  // The outcome's side effects, once per order: the cart, the stored id, the path and the events.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!orderId || (outcome !== 'SUCCESS' && outcome !== 'FAILED')) return;
    const key = `${orderId}:${outcome}`;
    if (handled.current === key) return;
    handled.current = key;
    if (outcome === 'SUCCESS') {
      callsRef.current.onPaid(orderId);
      if (track) trackOnce(track, 'purchase', orderId, { order_id: orderId });
      if (at === 'failure') replacePath(resultHref('success', at, orderId, search));
    } else {
      if (track) trackOnce(track, 'order_failed', orderId, { order_id: orderId, reason: 'payment_failed' });
      if (at !== 'failure') replacePath(resultHref('failure', at, orderId, search));
    }
  }, [orderId, outcome, at, search, replacePath, track]);

  const statusFailed = status.isError;
  useEffect(() => {
    if (statusFailed && orderId) replacePath(resultHref('error', at, orderId, search));
  }, [statusFailed, orderId, at, search, replacePath]);

  const loadedOrder = order.data;
  useEffect(() => {
    if (!loadedOrder || !track) return;
    trackOnce(
      track,
      'Checkout Completed',
      loadedOrder.order_id,
      checkoutCompletedProperties(loadedOrder, { search, productType: productTypeOf?.(loadedOrder) }),
    );
  }, [loadedOrder, track, search, productTypeOf]);

  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome !== 'SUCCESS' && outcome !== 'FAILED') return;
    const target = card.current?.querySelector<HTMLElement>('#successCard, #failureCard');
    if (!target) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    target.scrollIntoView?.({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
    target.focus({ preventScroll: true });
  }, [outcome]);

  if (orderId === null) {
    return (
      <div className="order-result">
        <section className="order-result__card" aria-labelledby="order-result-none">
          <h1 id="order-result-none" className="order-result__title">
            No order to show
          </h1>
          <p>We could not find a recent order on this device. Your orders are all in My orders.</p>
          <MyOrdersLink />
        </section>
      </div>
    );
  }
  if (status.isError) return <OrderStatusError />;
  return (
    <div className="order-result" ref={card}>
      {outcome === 'SUCCESS' && <SuccessCard orderId={orderId} order={loadedOrder} />}
      {outcome === 'SUCCESS' && afterSuccess?.(orderId)}
      {outcome === 'FAILED' && <FailureCard />}
      {(outcome === 'REFUND_PENDING' || outcome === 'REFUNDED') && <RefundCard outcome={outcome} />}
      {outcome === 'unsettled' && (
        <section className="order-result__card" aria-labelledby="order-result-waiting">
          <h1 id="order-result-waiting" className="order-result__title">
            Your bank is confirming your payment
          </h1>
          <p>
            Your bank has not told us yet. You will not be charged twice. You can close this page: we will
            tell you as soon as it answers, and the result will be in My orders.
          </p>
          <Button onClick={() => void status.refetch()} loading={status.isFetching}>
            Check again
          </Button>
          <NotifyMeButton />
          <MyOrdersLink />
        </section>
      )}
      {outcome === undefined && (
        <section className="order-result__card order-result__card--checking" aria-busy="true">
          <Spinner size="xl" />
          <p role="status">Confirming your payment…</p>
        </section>
      )}
    </div>
  );
}
