import { ORDER_STATUSES } from '../../contract/order-status';

/*
 * The push-like return's shared vocabulary: the watched order's record (kept in IndexedDB, read and written by
 * the page and the service worker), the sync tag and message, and what the buyer is told when the payment
 * resolves (the banner and the notification say the same). Alias-, zod- and DOM-free: src/sw imports it too.
 */

export type WatchedOrderStatus = (typeof ORDER_STATUSES)[number];

/** The page's key-value store and keys (src/storage/kv.ts; a test holds them equal). */
export const KV_DATABASE = 'ibc-shop';
export const KV_STORE = 'kv';
export const LAST_ORDER_KEY = 'lastOrderDetails';
export const ORDER_RETURN_KEY = 'orderReturn';
/** The main token set's cookies (src/api/cookies.ts tokenCookieName('main', …); a test holds them equal). */
export const ACCESS_TOKEN_COOKIE = 'access_token';
export const TOKEN_EXPIRES_COOKIE = 'expires';

/** The sync tag the page registers (one-off and periodic) and the worker answers. */
export const ORDER_STATUS_SYNC_TAG = 'order-status';
/** The message the worker posts to its windows with what it found. */
export const ORDER_STATUS_MESSAGE = 'ORDER_STATUS';

export interface OrderStatusMessage {
  type: typeof ORDER_STATUS_MESSAGE;
  orderId: string;
  /** null: the worker could not ask (no usable access token); the page asks itself. */
  status: WatchedOrderStatus | null;
  orderNumber: string | null;
}

/** Statuses that end the watch: the payment will not move any more. */
export function isFinalOrderStatus(status: WatchedOrderStatus): boolean {
  return status !== 'CREATED' && status !== 'PENDING';
}

/**
 * Whether a final status is news for the buyer: a payment's answer always is; an order cancelled or expired
 * only when a payment was in flight (an abandoned, never-paid checkout lapses quietly).
 */
export function isNewsForBuyer(previous: WatchedOrderStatus | null, status: WatchedOrderStatus): boolean {
  if (status === 'SUCCESS' || status === 'FAILED') return true;
  // A payment was made, and is being given back: the buyer must hear of it.
  if (status === 'REFUND_PENDING' || status === 'REFUNDED') return true;
  return isFinalOrderStatus(status) && previous === 'PENDING';
}

/** What the page keeps about the watched order (IndexedDB key "orderReturn", in the kv envelope). */
export interface OrderReturnRecord {
  orderId: string;
  /** fetch_and_update_payment_status of that order, on the API's own origin. */
  statusUrl: string;
  /** The order itself (for its customer_order_id). */
  orderUrl: string;
  /** The last status seen, by the page or the worker. */
  status: WatchedOrderStatus | null;
  orderNumber: string | null;
  /** A notification for `status` was shown. */
  notified: boolean;
  /** The page showed its banner for `status`. */
  bannerShown: boolean;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isWatchedOrderStatus(value: unknown): value is WatchedOrderStatus {
  return ORDER_STATUSES.includes(value as WatchedOrderStatus);
}

/** A record as written, or null when absent or malformed (checked by hand: the worker carries no zod). */
export function parseOrderReturnRecord(value: unknown): OrderReturnRecord | null {
  if (!isObject(value)) return null;
  const { orderId, statusUrl, orderUrl, status, orderNumber, notified, bannerShown } = value;
  if (typeof orderId !== 'string' || orderId === '') return null;
  if (typeof statusUrl !== 'string' || typeof orderUrl !== 'string') return null;
  if (typeof notified !== 'boolean' || typeof bannerShown !== 'boolean') return null;
  if (status !== null && !isWatchedOrderStatus(status)) return null;
  if (orderNumber !== null && typeof orderNumber !== 'string') return null;
  return { orderId, statusUrl, orderUrl, status, orderNumber, notified, bannerShown };
}

export interface OrderNotice {
  orderId: string;
  status: WatchedOrderStatus;
  /** The banner's sentence. */
  message: string;
  /** Where the banner's link and a tap on the notification lead. */
  action: { label: string; href: string };
  /** The notification's title and body. */
  title: string;
  body: string;
  /** One notification per order: a second one replaces the first instead of stacking. */
  tag: string;
}

export const MY_ORDERS_PATH = '/my-orders';

export function orderSuccessPath(orderId: string): string {
  return `/order/${encodeURIComponent(orderId)}/success`;
}

/** The notice for a resolved order; `orderNumber` is its customer_order_id (the order id when unknown). */
export function orderNotice(orderId: string, orderNumber: string, status: WatchedOrderStatus): OrderNotice {
  const tag = `order-${orderId}`;
  const base = { orderId, status, tag };
  switch (status) {
    case 'SUCCESS':
      return {
        ...base,
        message: `Your order ${orderNumber} is confirmed`,
        action: { label: 'View order', href: orderSuccessPath(orderId) },
        title: 'Order confirmed',
        body: `Your order ${orderNumber} is confirmed. Tap to view it.`,
      };
    case 'FAILED':
      return {
        ...base,
        message: `Payment for order ${orderNumber} failed`,
        action: { label: 'Try again', href: '/checkout' },
        title: 'Payment failed',
        body: `Payment for order ${orderNumber} failed. Tap to try again.`,
      };
    case 'CANCELLED':
      return {
        ...base,
        message: `Order ${orderNumber} was cancelled`,
        action: { label: 'View orders', href: MY_ORDERS_PATH },
        title: 'Order cancelled',
        body: `Order ${orderNumber} was cancelled. Tap to see your orders.`,
      };
    case 'EXPIRED':
      return {
        ...base,
        message: `Order ${orderNumber} expired before it was paid`,
        action: { label: 'View orders', href: MY_ORDERS_PATH },
        title: 'Order expired',
        body: `Order ${orderNumber} expired before it was paid. Tap to see your orders.`,
      };
    case 'REFUND_PENDING':
      return {
        ...base,
        message: `Refund pending: your payment for order ${orderNumber} completed after the order was cancelled or expired, so it is being refunded in full`,
        action: { label: 'View orders', href: MY_ORDERS_PATH },
        title: 'Refund pending',
        body: `Your payment for order ${orderNumber} completed after the order was cancelled or expired and is being refunded in full.`,
      };
    case 'REFUNDED':
      return {
        ...base,
        message: `Refunded: your payment for order ${orderNumber} completed after the order was cancelled or expired, so we refunded it in full`,
        action: { label: 'View orders', href: MY_ORDERS_PATH },
        title: 'Refunded',
        body: `Your payment for order ${orderNumber} completed after the order was cancelled or expired and was refunded in full.`,
      };
    default:
      return {
        ...base,
        message: `Payment for order ${orderNumber} is still being confirmed`,
        action: { label: 'View orders', href: MY_ORDERS_PATH },
        title: 'Payment being confirmed',
        body: `Payment for order ${orderNumber} is still being confirmed.`,
      };
  }
}
