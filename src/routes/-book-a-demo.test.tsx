import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createShopRouter } from '@/app/router';
import { AuthProvider } from '@/features/auth/AuthProvider';
import { featureFlags } from '@/lib/featureFlags';

const PATHS = ['/book-a-demo', '/book-a-demo-notify-me', '/book-a-demo-availability-check'] as const;
const HEADINGS: Record<(typeof PATHS)[number], string> = {
  '/book-a-demo': 'Book a demo',
  '/book-a-demo-notify-me': 'Be told when demos open',
  '/book-a-demo-availability-check': 'Can we bring a demo to you?',
};
const defaultFlag = featureFlags.bookADemoRoute;

afterEach(() => {
  featureFlags.bookADemoRoute = defaultFlag;
});

async function open(path: string) {
  const queryClient = new QueryClient();
  // The providers the server renders a page in (src/entry-server.tsx).
  // biome-ignore lint/correctness/noComponentHookFactories: made once per router, never during a render
  const Wrap = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
  const router = createShopRouter({ queryClient, countryCode: () => 'IN', Wrap });
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  return router;
}

describe('the book-a-demo routes', () => {
  it('are off by default (spec §9)', () => {
    expect(defaultFlag).toBe(false);
  });

  it.each(PATHS)('%s is the not-found page while the flag is off', async (path) => {
    featureFlags.bookADemoRoute = false;
    const router = await open(path);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: HEADINGS[path] })).toBeNull();
  });

  it.each(PATHS)('%s is its page while the flag is on', async (path) => {
    featureFlags.bookADemoRoute = true;
    const router = await open(path);
    expect(router.state.matches.at(-1)?.routeId).toBe(path);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { level: 1, name: HEADINGS[path] })).toBeInTheDocument();
  });
});
