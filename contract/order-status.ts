/*
 * The order statuses on their own, zod-free: contract/orders.ts builds its schema from them and the service worker
 * reads them (through src/lib/orderReturn.ts) without loading zod.
 */

/**
 * An order's life: CREATED (waiting for payment, its stock reserved) → PENDING (the provider has a payment it has
 * not settled) → SUCCESS (paid; final) or FAILED; CANCELLED (by the buyer) and EXPIRED (the reservation lapsed
 * unpaid) release the stock. A payment that settles after a cancel or expiry is never applied but refunded:
 * REFUND_PENDING (asked of the provider) → REFUNDED. Spec §4: only SUCCESS and FAILED end the status polling.
 */
export const ORDER_STATUSES = [
  'CREATED',
  'PENDING',
  'SUCCESS',
  'FAILED',
  'CANCELLED',
  'EXPIRED',
  'REFUND_PENDING',
  'REFUNDED',
] as const;

/** What the buyer is told when a cancelled order's payment may still complete at the provider. */
export const REFUND_IF_PAID_NOTE = 'If your bank still completes this payment, we refund it automatically.';
