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
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { AuthProvider, type AuthTrack } from './AuthProvider';

const OTHER_PATHS = [
  '/',
  '/sign-in',
  '/f/sign-in',
  '/sign-in/verify',
  '/sign-in/sign-up/verify',
  '/ibc-game',
  '/form/get-invite',
];

function Where() {
  const href = useRouterState({ select: (s) => s.location.href });
  return <p data-testid="location">{href}</p>;
}

/** Renders a screen at `path` inside the app's providers and a memory router that knows the sign-in paths. */
export function renderScreen(ui: ReactNode, path: string) {
  // jsdom has no scrolling; the router scrolls to the top on every navigation.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  const track = vi.fn<AuthTrack>();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const [pathname] = path.split('?');
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
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
      <AuthProvider track={track}>
        <RouterProvider router={router as never} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...view, track, router, queryClient };
}

/** A verify v2 answer (contract/user.ts). */
export function verifyAnswer(overrides: { is_new_user?: boolean; name?: string | null } = {}) {
  const isNew = overrides.is_new_user ?? false;
  const name = overrides.name === undefined ? (isNew ? null : 'Asha Kumar') : overrides.name;
  return {
    access_token: 'header.payload.sig',
    refresh_token: 'refresh-1',
    user_id: 'u-1',
    expires_in: 900,
    token_type: 'Bearer',
    is_new_user: isNew,
    profile: {
      user_id: 'u-1',
      name,
      email: null,
      is_email_verified: false,
      gender: null,
      dob: null,
      phone_number: '9876543210',
      country_code: '+91',
      iso_country_code: 'IN',
      profile_pic_url: null,
      language_preference: null,
      is_sign_up_completed: name !== null,
    },
  };
}
