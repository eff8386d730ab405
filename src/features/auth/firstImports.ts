/**
 * What a sign-in page's first render runs beyond the shop's frame: zod, the user contract, the
 * phone numbering plan and the form library. Its routes list it as `evaluateFirst`, so each evaluates in a task of
 * its own instead of all in the one that loads the page's code.
 */
export const SIGN_IN_FIRST_IMPORTS = [
  () => import('@/lib/zodStep'),
  () => import('@contract/user'),
  () => import('@/lib/phone'),
  () => import('@/ui/form/form'),
] as const;
