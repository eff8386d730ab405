import type { MARKETING_EVENTS } from '@contract/constants';
import type { Order } from '@contract/orders';

/** The checkout's marketing events (spec §1); the page passes the analytics feature's track. */
export type CheckoutAnalyticsEvent = Extract<
  (typeof MARKETING_EVENTS)[number],
  | 'coupon_applied'
  | 'referral_code_applied'
  | 'order_created'
  | 'order_failed'
  | 'purchase'
  | 'checkout_initiated'
  | 'Checkout Completed'
  | 'payment_modal_dismissed'
>;

export type CheckoutTrack = (
  event: CheckoutAnalyticsEvent,
  properties?: Record<string, string | number | boolean | null | undefined>,
) => void;

/** What the coupon and referral machines emit when a code was applied: the page hands it to its track. */
export interface CodeAppliedEmitted {
  type: CheckoutAnalyticsEvent;
  code: string;
  /** The saving the code gave, minor units. */
  saving: number;
}

/** Hands an emitted code-applied event to the page's track (actor.on('coupon_applied', (e) => trackCodeApplied(e, track))). */
export function trackCodeApplied(emitted: CodeAppliedEmitted, track: CheckoutTrack): void {
  track(emitted.type, { code: emitted.code, saving_minor_units: emitted.saving });
}

const FIRED_KEY = 'ibc-checkout-events-fired';
const firedInPage = new Set<string>();

/** Claims an event key for this tab: session storage survives a reload; without it, this page's memory. */
function claim(key: string): boolean {
  try {
    const fired = new Set(JSON.parse(sessionStorage.getItem(FIRED_KEY) ?? '[]') as string[]);
    if (fired.has(key)) return false;
    fired.add(key);
    sessionStorage.setItem(FIRED_KEY, JSON.stringify([...fired].slice(-50)));
    return true;
  } catch {
    if (firedInPage.has(key)) return false;
    firedInPage.add(key);
    return true;
  }
}

/**
 * Sends an order's event once per order in this tab: a re-render, StrictMode's second effect or a reload of the
 * result page does not count a purchase twice.
 */
export function trackOnce(
  track: CheckoutTrack,
  event: CheckoutAnalyticsEvent,
  orderId: string,
  properties?: Record<string, string | number | boolean | null | undefined>,
): boolean {
  if (!claim(`${event}:${orderId}`)) return false;
  track(event, properties);
  return true;
}

const PAYMENT_TYPES: Record<Order['pricing_type'], string> = {
  FULL_PAYMENT: 'Full Payment',
  NO_COST_EMI: 'No Cost EMI',
};

/** UTM campaign, medium and source from the page address (the result pages keep the checkout's query). */
export function utmFrom(search: string): {
  utm_campaign: string | null;
  utm_medium: string | null;
  utm_source: string | null;
} {
  const params = new URLSearchParams(search);
  return {
    utm_campaign: params.get('utm_campaign'),
    utm_medium: params.get('utm_medium'),
    utm_source: params.get('utm_source'),
  };
}

/** Spec §1 "Checkout Completed": every field, shipping_price always 0. Amounts in major units as on the wire. */
export function checkoutCompletedProperties(
  order: Order,
  {
    search,
    transactionId,
    paymentGateway,
    productType,
  }: {
    search: string;
    transactionId?: string | null;
    paymentGateway?: string | null;
    /** Spec §2's product type (home kit, game plus bat, game, bat), as the route derives it. */
    productType?: string | null;
  },
) {
  const other = order.other_discounts.reduce((sum, d) => sum + d.discount_value, 0);
  const codes = order.coupon_discount + order.association_discount;
  const pickup = order.self_pickup_shipping_details?.pickup_location;
  const shipping = order.shipping_details;
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    customerOrderId: order.customer_order_id,
    order_id: order.order_id,
    transaction_id: transactionId ?? order.payment_id,
    retail_price: round(order.total_amount + codes + other),
    offer_price: round(order.total_amount + codes),
    discounted_price: order.total_amount,
    shipping_price: 0,
    delivery_location: pickup
      ? pickup.consolidated_address
      : shipping
        ? `${shipping.city}, ${shipping.state}`
        : null,
    state: shipping?.state ?? order.billing_details.state_name,
    city: shipping?.city ?? order.billing_details.city,
    pincode: shipping?.pin_code ?? order.billing_details.postal_code,
    payment_type: PAYMENT_TYPES[order.pricing_type] ?? order.pricing_type,
    payment_mode: order.payment_service,
    payment_gateway:
      paymentGateway ?? (order.payment_service === 'PAYMENT_LINK' ? 'payment_link' : 'card_modal'),
    referral_code: order.associate_code,
    referral_offer: order.association_discount,
    coupon_code: order.coupon_code,
    coupon_offer: order.coupon_discount,
    ...utmFrom(search),
    currency: order.currency,
    product_type: productType ?? order.packages.map((p) => p.package_code).join(','),
  };
}
