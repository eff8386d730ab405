import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import type { JSX, ReactNode } from 'react';
import { routeTree } from '../routeTree.gen';
import { RouteErrorView } from './RouteErrorView';
import { SHOP_ROUTER_OPTIONS } from './routerOptions';

export interface ShopRouterOptions {
  queryClient: QueryClient;
  /** The buyer's country the catalogue is read for: the request's on the server, the country store's here. */
  countryCode: () => string;
  /** The providers around the app (query client, auth): the browser's keep state, the server's do not. */
  Wrap: (props: { children: ReactNode }) => JSX.Element;
  /** The request's CSP nonce, for the router's inline scripts (server only; the browser reads it from the page). */
  nonce?: string;
  /** Render only the frame (the app shell), leaving the route's content to the browser. */
  isShell?: boolean;
}

/**
 * The one router of the shop, built the same way on the server (src/entry-server.tsx) and in the browser
 * (src/app/boot/startApp.tsx), so a page renders the same tree in both. TanStack Query's SSR integration sends the
 * server's query cache with the page and fills the browser's from it before hydration.
 */
export function createShopRouter({ queryClient, countryCode, Wrap, nonce, isShell }: ShopRouterOptions) {
  const router = createRouter({
    routeTree,
    context: { queryClient, countryCode },
    ...SHOP_ROUTER_OPTIONS,
    defaultPreload: 'intent',
    // Preloading on intent reads fresh data through the query cache, which has its own staleness rules.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // A page that fails (its code did not load, it threw) shows the error view inside the shop's frame.
    defaultErrorComponent: RouteErrorView,
    Wrap,
    ...(nonce ? { ssr: { nonce } } : {}),
    ...(isShell ? { isShell } : {}),
  });
  setupRouterSsrQueryIntegration({ router, queryClient, wrapQueryClient: false });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createShopRouter>;
  }
}
