/**
 * Build-time prerendering (scripts/prerender.ts): renders a storefront path to HTML in Node with the same route
 * tree and shell the browser renders, in the state a first visit starts in (no stored cart, country or session,
 * catalogue data still loading). The server sends that HTML, so a phone paints the page before any script runs;
 * src/main.tsx then renders the live app over it.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { HydrationMarker } from './app/HydrationMarker';
import { createQueryClient } from './app/queryClient';
import { SHOP_ROUTER_OPTIONS } from './app/routerOptions';
import { AuthProvider } from './features/auth/AuthProvider';
import { PRODUCT_PAGES } from './features/catalogue/productTypes';
import { CONTENT_PATHS } from './lib/site';
import { routeTree } from './routeTree.gen';

/**
 * The pages a first visit can be painted from HTML: the product pages and the content pages. Pages built around
 * a form (sign-in) are not: a buyer could start typing into markup that the live app then replaces.
 */
export const PRERENDERED_PATHS: readonly string[] = [
  ...Object.keys(PRODUCT_PAGES),
  ...Object.values(CONTENT_PATHS),
];

/**
 * The not-found page is rendered once for this path; the server answers every unknown path with it and puts
 * the requested path where this one appears (the sign-in link's return address).
 */
export const NOT_FOUND_SENTINEL_PATH = '/__page-not-found__';

/**
 * The markup of #root for a path. React writes the page's <title>, <meta> and image preloads first (it hoists
 * them out of the tree); the build script moves them into the document's head.
 */
export async function prerender(pathname: string): Promise<string> {
  const queryClient = createQueryClient();
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [pathname] }),
    ...SHOP_ROUTER_OPTIONS,
  });
  await router.load();
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider track={() => {}} onSignedOut={() => {}}>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
      <HydrationMarker />
    </StrictMode>,
  );
  queryClient.clear();
  return html;
}
