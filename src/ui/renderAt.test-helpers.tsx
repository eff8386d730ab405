import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useRouterState,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { vi } from 'vitest';

/** The paths a screen under test may navigate to; each renders "page <path>". */
const OTHER_PATHS = [
  '/',
  '/sign-in',
  '/f/sign-in',
  '/sign-in/verify',
  '/sign-in/sign-up/verify',
  '/ibc-game',
  '/form/get-invite',
  '/checkout',
];

function Where() {
  const href = useRouterState({ select: (s) => s.location.href });
  return <p data-testid="location">{href}</p>;
}

/**
 * Renders a screen at `path` in a query client and a memory router that knows the shop's sign-in paths; the
 * current location is shown in `data-testid="location"`. `wrap` adds providers around the router; `Frame`, a
 * layout every route renders in (the shop's shell).
 */
export function renderAt(
  ui: ReactNode,
  path: string,
  wrap: (router: ReactNode) => ReactNode = (r) => r,
  Frame?: ComponentType<{ children: ReactNode }>,
) {
  // jsdom has no scrolling; the router scrolls to the top on every navigation.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const [pathname] = path.split('?');
  const root = createRootRoute({
    component: () => (
      <>
        {Frame ? (
          <Frame>
            <Outlet />
          </Frame>
        ) : (
          <Outlet />
        )}
        <Where />
      </>
    ),
  });
  const routes = [
    createRoute({ getParentRoute: () => root, path: pathname ?? path, component: () => ui }),
    ...OTHER_PATHS.filter((p) => p !== pathname).map((p) =>
      createRoute({ getParentRoute: () => root, path: p, component: () => <h1>page {p}</h1> }),
    ),
  ];
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      {wrap(<RouterProvider router={router as never} />)}
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
