/** Which result route shows an order: /order/$id/success, /success or /failure (spec §2). */
export type ResultRoute = 'order' | 'success' | 'failure';

/** The success or failure sub-route for an order, the query string kept (the order id added where the path lacks it). */
export function resultHref(
  kind: 'success' | 'failure',
  at: ResultRoute,
  orderId: string,
  search: string,
): string {
  if (kind === 'success' && at === 'order') return `/order/${encodeURIComponent(orderId)}/success${search}`;
  const params = new URLSearchParams(search);
  params.set('order_id', orderId);
  return `/${kind}?${params.toString()}`;
}
