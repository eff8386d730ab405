/** Which result route shows an order: /order/$id/success, /success or /failure (spec §2). */
export type ResultRoute = 'order' | 'success' | 'failure';

/** The success, failure or error sub-route for an order, the query string kept (the order id added where the path lacks it). */
export function resultHref(
  kind: 'success' | 'failure' | 'error',
  at: ResultRoute,
  orderId: string,
  search: string,
): string {
  if (kind === 'success' && at === 'order') return `/order/${encodeURIComponent(orderId)}/success${search}`;
  // Spec §2: a status call that itself fails leads to a route of its own, the query kept.
  if (kind === 'error') return `/order/${encodeURIComponent(orderId)}/error${search}`;
  const params = new URLSearchParams(search);
  params.set('order_id', orderId);
  return `/${kind}?${params.toString()}`;
}
