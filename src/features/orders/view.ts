import type { Order, OrderStatus } from '@contract/orders';

/** An order's status as the buyer reads it. */
export const ORDER_STATUS_WORDS: Record<OrderStatus, string> = {
  CREATED: 'Awaiting payment',
  PENDING: 'Payment being confirmed',
  SUCCESS: 'Confirmed',
  FAILED: 'Payment failed',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired unpaid',
};

export interface PurchasedLine {
  key: string;
  name: string;
  description: string;
  picUrl: string;
  quantity: number;
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
          },
        ]
      : pkg.products.map((product) => ({
          key: `p${pkg.package_id}-${product.product_id}`,
          name: product.name,
          description: product.description,
          picUrl: product.pic_url,
          quantity: product.quantity,
        })),
  );
}

/** Newest first, whatever order the server answered in. */
export function newestFirst(orders: readonly Order[]): Order[] {
  return [...orders].sort((a, b) => Date.parse(b.creation_datetime) - Date.parse(a.creation_datetime));
}
