/** The order history's query key (zod- and client-free: the shell imports it to drop it on sign-out). */
export const MY_ORDERS_QUERY_KEY = ['myOrders'] as const;
