import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/features/auth/AuthProvider';
import { countryStore } from '@/state/country';
import { CONTENT_PATHS } from '../lib/site';
import { AppLayout } from './AppLayout';

function renderShell(path: string) {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  const root = createRootRoute({
    component: () => (
      <AppLayout>
        <Outlet />
      </AppLayout>
    ),
  });
  const routes = ['/', CONTENT_PATHS.help, CONTENT_PATHS.aboutUs].map((p) =>
    createRoute({ getParentRoute: () => root, path: p, component: () => <h1>page {p}</h1> }),
  );
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <RouterProvider router={router as never} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return router;
}

// The shell's logo counts its renders: the frame around it renders once.
const logoRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../ui/Logo', () => ({
  Logo: () => {
    logoRenders.count += 1;
    return null;
  },
}));

afterEach(() => {
  countryStore.countryCode = 'IN';
});

const mainNav = () => within(screen.getByRole('navigation', { name: 'Main' }));

describe('AppLayout', () => {
  it("marks the page's own link, and moves the mark when the buyer goes elsewhere", async () => {
    const router = renderShell('/');
    await screen.findByRole('heading', { name: 'page /' });
    expect(mainNav().getByRole('link', { name: 'Home' })).toHaveAttribute('data-status', 'active');
    await act(() => router.navigate({ to: CONTENT_PATHS.help }));
    await screen.findByRole('heading', { name: `page ${CONTENT_PATHS.help}` });
    expect(mainNav().getByRole('link', { name: 'Help' })).toHaveAttribute('data-status', 'active');
    expect(mainNav().getByRole('link', { name: 'Home' })).not.toHaveAttribute('data-status');
  });

  it("does not render again when the buyer's country changes: only the parts that show it do", async () => {
    renderShell('/');
    await screen.findByRole('heading', { name: 'page /' });
    const rendered = logoRenders.count;
    act(() => {
      countryStore.countryCode = 'US';
    });
    await act(() => Promise.resolve());
    expect(logoRenders.count).toBe(rendered);
  });
});
