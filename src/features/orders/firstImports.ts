/**
 * What an order page's first render runs beyond the shop's frame: zod with the orders contract. Its routes list it
 * as `evaluateFirst`, so it evaluates in a task of its own before the page's code.
 */
export const ORDER_PAGE_FIRST_IMPORTS = [() => import('@contract/orders')] as const;
