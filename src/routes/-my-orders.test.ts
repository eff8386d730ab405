import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/api/queryClient';
import { resetClient } from '@/api/test-helpers';
import { setTokens } from '@/api/tokens';
import { SHOP_ROUTER_OPTIONS } from '@/app/routerOptions';
import { routeTree } from '../routeTree.gen';

/** Where the shop's router settles for an address, which route it shows there and that route's meta tags. */
async function settle(href: string) {
  const router = createRouter({
    routeTree,
    context: { queryClient: createQueryClient(), countryCode: () => 'IN' },
    history: createMemoryHistory({ initialEntries: [href] }),
    ...SHOP_ROUTER_OPTIONS,
  });
  await router.load();
  return {
    href: router.state.location.href,
    routes: router.state.matches.map((m) => m.routeId),
    meta: router.state.matches.flatMap((m) => m.meta ?? []),
  };
}

describe('/my-orders', () => {
  afterEach(() => resetClient());

  it('sends a buyer who is not signed in to sign in, and back to their orders', async () => {
    resetClient();
    const { href, routes } = await settle('/my-orders');
    expect(routes).toContain('/sign-in/');
    expect(new URL(href, 'https://shop.test').searchParams.get('redirect')).toBe('/my-orders');
  });

  it('shows the order history to a signed-in buyer, kept out of search engines', async () => {
    setTokens('main', { accessToken: 'access', refreshToken: 'refresh', userId: 'u-1', expires: null });
    const { routes, meta } = await settle('/my-orders');
    expect(routes).toEqual(['__root__', '/my-orders']);
    expect(meta).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(meta).toContainEqual({ title: expect.stringContaining('My orders') });
  });
});
