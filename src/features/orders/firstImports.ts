/**
 * What an order page's first render runs beyond the shop's frame: zod, the catalogue contract and the orders
 * contract. Its routes list it as `evaluateFirst`, so each evaluates in a task of its own before the page's code.
 */
export const ORDER_PAGE_FIRST_IMPORTS = [
  () => import('zod'),
  () => import('@contract/catalogue'),
  () => import('@contract/orders'),
] as const;
