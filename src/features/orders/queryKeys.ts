/** The order history's query key (zod- and client-free: the shell imports it to drop it on sign-out). */
export const MY_ORDERS_QUERY_KEY = ['myOrders'] as const;

/** The buyer's business licences: under the history's key, so signing out drops them with it. */
export const LICENCES_QUERY_KEY = [...MY_ORDERS_QUERY_KEY, 'licences'] as const;
