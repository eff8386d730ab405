import { QueryClient } from '@tanstack/react-query';
import { createRootRoute, createRoute, createRouter, lazyRouteComponent } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createShopRouter } from '../router';
import { firstStepsOf } from './routeFirst';

const Wrap = ({ children }: { children: ReactNode }) => <>{children}</>;

describe('firstStepsOf', () => {
  it("loads the page's own code, so that hydration does not wait for it", async () => {
    const rootRoute = createRootRoute();
    const page = createRoute({
      getParentRoute: () => rootRoute,
      path: '/page',
      component: lazyRouteComponent(() => Promise.resolve({ default: () => <p>page</p> })),
    });
    const split = createRouter({ routeTree: rootRoute.addChildren([page]) });
    expect(page.options.component?.preload).toBeDefined();
    for (const step of firstStepsOf(split, '/page')) await step();
    // A lazy route component drops its preload once its code is in.
    expect(page.options.component?.preload).toBeUndefined();
  });

  it.each(['/sign-in', '/form/get-invite', '/my-orders', '/order/42/success', '/', '/no-such-page'])(
    '%s: every step before its hydration loads',
    async (path) => {
      const shop = createShopRouter({
        queryClient: new QueryClient(),
        countryCode: () => 'IN',
        Wrap,
      });
      for (const step of firstStepsOf(shop, path)) await expect(step()).resolves.not.toThrow();
    },
  );
});
