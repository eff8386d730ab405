// Kept apart from the result page: a route's search validation is in every page's first load, its component is not.

/** The order id a result page may carry in its query (?order_id=). */
export interface ResultSearch {
  order_id?: string;
}

export function validateResultSearch(search: Record<string, unknown>): ResultSearch {
  const id = typeof search.order_id === 'string' ? search.order_id.trim() : '';
  return /^[A-Za-z0-9_-]{1,64}$/.test(id) ? { order_id: id } : {};
}
