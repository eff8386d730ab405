/**
 * zod, the catalogue contract and the orders contract, each a step of `importInSteps` in the order they depend on
 * each other: what a page that reads orders (the order pages, the checkout) evaluates before its own code.
 */
export const ORDER_CONTRACT_IMPORTS = [
  () => import('zod'),
  () => import('@contract/catalogue'),
  () => import('@contract/orders'),
] as const;
