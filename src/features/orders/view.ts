import type { Order, OrderStatus } from '@contract/orders';

/** An order's status as the buyer reads it. */
export const ORDER_STATUS_WORDS: Record<OrderStatus, string> = {
  CREATED: 'Awaiting payment',
  PENDING: 'Payment being confirmed',
  SUCCESS: 'Confirmed',
  FAILED: 'Payment failed',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired unpaid',
  REFUND_PENDING: 'Refund pending',
  REFUNDED: 'Refunded',
};

/** Why an order's status needs a sentence more than its name (a payment that settled after a cancel or expiry). */
export function orderStatusExplanation(order: Pick<Order, 'order_status'>): string | null {
  switch (order.order_status) {
    case 'REFUND_PENDING':
      return 'Your payment completed after this order was cancelled or had expired, so we are refunding it in full. You are not charged for an order you did not get.';
    case 'REFUNDED':
      return 'Your payment completed after this order was cancelled or had expired, so we refunded it in full. Banks usually show a refund within 5–7 working days.';
    default:
      return null;
  }
}

export interface PurchasedLine {
  key: string;
  name: string;
  description: string;
  picUrl: string;
  quantity: number;
  /** A designed product's choices as ordered ("English willow grade 1, SH, …"); null on other lines. */
  design: string | null;
}

/** What the buyer bought: each package's products, or the package itself when it lists none. */
export function purchasedLines(order: Order): PurchasedLine[] {
  return order.packages.flatMap((pkg) =>
    pkg.products.length === 0
      ? [
          {
            key: `p${pkg.package_id}`,
            name: pkg.name,
            description: pkg.description,
            picUrl: pkg.pic_url,
            quantity: pkg.quantity,
            design: null,
          },
        ]
      : pkg.products.map((product, index) => ({
          key: `p${pkg.package_id}-${product.product_id}-${index}`,
          name: product.name,
          description: product.description,
          picUrl: product.pic_url,
          quantity: product.quantity,
          design: product.customization_description ?? null,
        })),
  );
}

/** Newest first, whatever order the server answered in. */
export function newestFirst(orders: readonly Order[]): Order[] {
  return [...orders].sort((a, b) => Date.parse(b.creation_datetime) - Date.parse(a.creation_datetime));
}
