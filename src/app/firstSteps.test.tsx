import { QueryClient } from '@tanstack/react-query';
import { createRootRoute, createRoute, createRouter, lazyRouteComponent } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ORDER_CONTRACT_IMPORTS } from '@/api/contractImports';
import { SIGN_IN_FIRST_IMPORTS } from '@/features/auth/firstImports';
import { LOAD_INTL_DATA } from '@/lib/intlData';
import { createShopRouter, firstStepsOf } from './router';

const router = createShopRouter({
  queryClient: new QueryClient(),
  countryCode: () => 'IN',
  Wrap: ({ children }: { children: ReactNode }) => <>{children}</>,
});

/** The steps before the last, which loads the routes' own code. */
const stepsBeforeCode = (path: string) => firstStepsOf(router, path).slice(0, -1);

describe('firstStepsOf', () => {
  it.each(['/sign-in', '/sign-in/', '/sign-in/verify', '/sign-in/sign-up/verify', '/f/sign-in'])(
    "%s loads ICU's data, zod, the phone numbering plan and the form library first, one step each",
    (path) => {
      expect(stepsBeforeCode(path)).toEqual([...LOAD_INTL_DATA, ...SIGN_IN_FIRST_IMPORTS]);
    },
  );

  it.each(['/my-orders', '/order/42/success', '/order/42/error', '/success', '/failure'])(
    "%s loads ICU's data, zod, the catalogue and the orders contract first",
    (path) => {
      expect(stepsBeforeCode(path)).toEqual([...LOAD_INTL_DATA, ...ORDER_CONTRACT_IMPORTS]);
    },
  );

  it("loads the invite form ICU's data and its four libraries first", () => {
    expect(stepsBeforeCode('/form/get-invite')).toHaveLength(LOAD_INTL_DATA.length + 4);
  });

  it.each(['/', '/ibc-kit', '/about-us', '/checkout', '/no-such-page'])(
    "%s loads only ICU's data before its own code, ahead of the render that formats its prices and dates",
    (path) => {
      expect(stepsBeforeCode(path)).toEqual([...LOAD_INTL_DATA]);
    },
  );

  it("ends with the page's own code, so that hydration does not ask for it", async () => {
    const rootRoute = createRootRoute();
    const page = createRoute({
      getParentRoute: () => rootRoute,
      path: '/page',
      component: lazyRouteComponent(() => Promise.resolve({ default: () => <p>page</p> })),
    });
    const split = createRouter({ routeTree: rootRoute.addChildren([page]) });
    const steps = firstStepsOf(split, '/page');
    expect(steps).toHaveLength(LOAD_INTL_DATA.length + 1);
    expect(page.options.component?.preload).toBeDefined();
    await steps.at(-1)?.();
    // A lazy route component drops its preload once its code is in.
    expect(page.options.component?.preload).toBeUndefined();
  });
});
