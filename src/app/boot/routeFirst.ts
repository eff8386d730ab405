import type { AnyRouter } from '@tanstack/react-router';
import { ORDER_CONTRACT_IMPORTS } from '@/api/contractImports';
import type { FileRoutesById } from '../../routeTree.gen';

type Step = () => Promise<unknown>;

const SIGN_IN: readonly Step[] = [
  () => import('@/lib/zodStep'),
  () => import('@contract/user'),
  () => import('@/lib/phone'),
  () => import('@/ui/form/form'),
];

// The code step has no select: the text-only kit, without the select library.
const VERIFY: readonly Step[] = [
  () => import('@/lib/zodStep'),
  () => import('@contract/user'),
  () => import('@/lib/phone'),
  () => import('@/ui/form/textForm'),
];

/** The large modules a page's first render runs, by route id: each is evaluated in a task of its own before it. */
const EVALUATE_FIRST: Partial<Record<keyof FileRoutesById, readonly Step[]>> = {
  '/sign-in/': SIGN_IN,
  '/sign-in/verify': VERIFY,
  '/sign-in/sign-up/verify': VERIFY,
  '/f/sign-in': SIGN_IN,
  '/form/get-invite': [
    () => import('@/lib/zodStep'),
    () => import('@contract/forms'),
    () => import('@/lib/phone'),
    () => import('@/ui/form/form'),
  ],
  '/my-orders': ORDER_CONTRACT_IMPORTS,
  '/order/$id/success': ORDER_CONTRACT_IMPORTS,
  '/order/$id/error': ORDER_CONTRACT_IMPORTS,
  '/success': ORDER_CONTRACT_IMPORTS,
  '/failure': ORDER_CONTRACT_IMPORTS,
};

/**
 * What the page at `pathname` evaluates before hydration, one step per task: the large modules of the routes it
 * matches (outermost first), then the routes' own code, which hydration would otherwise load in its first slice.
 */
export function firstStepsOf(router: AnyRouter, pathname: string): Step[] {
  const [matched] = router.getMatchedRoutes(pathname);
  const routeCode = () => Promise.all(matched.map((route) => route.options.component?.preload?.()));
  return [...matched.flatMap((route) => EVALUATE_FIRST[route.id as keyof FileRoutesById] ?? []), routeCode];
}
