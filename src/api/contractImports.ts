/**
 * Contract modules as steps of `importInSteps`, in the order they depend on each other, so each evaluates in a task of
 * its own before the code that needs it.
 */

/** zod and the catalogue contract: what the stored cart's schema is built from. */
export const CATALOGUE_CONTRACT_IMPORTS = [
  () => import('@/lib/zodStep'),
  () => import('@contract/catalogue'),
] as const;

/**
 * Those, the pricing contract and the orders contract (built on both): what a page that reads orders (the order
 * pages, the checkout) evaluates first.
 */
export const ORDER_CONTRACT_IMPORTS = [
  ...CATALOGUE_CONTRACT_IMPORTS,
  () => import('@contract/pricing'),
  () => import('@contract/orders'),
] as const;
