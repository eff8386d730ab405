/*
 * The least a first load of the shop's pages can run on the brief's packages: React DOM hydrating a server-rendered
 * page through TanStack Router's client, TanStack Query filled from the server's dehydrated cache and persisted to
 * IndexedDB (query-persist-client-core, idb-keyval), a valtio store kept on the device, and the service worker
 * registered with workbox-window. One route reads a query, one button changes the store. Built by
 * scripts/framework-floor.ts; never served.
 */
import { persistQueryClient } from '@tanstack/query-persist-client-core';
import { QueryClient, QueryClientProvider, queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  HeadContent,
  Link,
  Outlet,
  Scripts,
} from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import { del, get, set } from 'idb-keyval';
import { hydrateRoot } from 'react-dom/client';
import { proxy, subscribe, useSnapshot } from 'valtio';
import { Workbox } from 'workbox-window';

interface Line {
  code: string;
  quantity: number;
}

const cart = proxy({ lines: [] as Line[] });
subscribe(cart, () => void set('cart', cart.lines));
void get<Line[]>('cart').then((lines) => {
  if (Array.isArray(lines)) cart.lines = lines;
});

const catalogue = queryOptions({
  queryKey: ['catalogue'],
  queryFn: async () => (await fetch('/api/catalogue')).json() as Promise<{ code: string; price: number }[]>,
});

const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: () => (
    <html lang="en">
      <head>
        <HeadContent />
      </head>
      <body>
        <nav>
          <Link to="/">Home</Link>
          <Link to="/about-us">About us</Link>
        </nav>
        <Outlet />
        <Scripts />
      </body>
    </html>
  ),
});

function Home() {
  const { data } = useSuspenseQuery(catalogue);
  const { lines } = useSnapshot(cart);
  return (
    <main>
      {data.map((item) => (
        <p key={item.code}>
          {item.code} {item.price}
          <button type="button" onClick={() => cart.lines.push({ code: item.code, quantity: 1 })}>
            Add ({lines.length} in cart)
          </button>
        </p>
      ))}
    </main>
  );
}

const routeTree = rootRoute.addChildren([
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    loader: ({ context }) => context.queryClient.ensureQueryData(catalogue),
    component: Home,
  }),
  createRoute({ getParentRoute: () => rootRoute, path: '/about-us', component: () => <main>About us</main> }),
]);

const queryClient = new QueryClient();
persistQueryClient({
  queryClient,
  persister: {
    persistClient: (client) => set('queries', client),
    restoreClient: () => get('queries'),
    removeClient: () => del('queries'),
  },
});
const router = createRouter({
  routeTree,
  context: { queryClient },
  scrollRestoration: true,
  defaultPreload: 'intent',
});
setupRouterSsrQueryIntegration({ router, queryClient });

hydrateRoot(
  document,
  <QueryClientProvider client={queryClient}>
    <RouterClient router={router} />
  </QueryClientProvider>,
);
void new Workbox('/sw.js').register();
