import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/api/queryClient';
import { routeTree } from '../routeTree.gen';
import { SHOP_ROUTER_OPTIONS } from './routerOptions';

/** The route ids a path matches, with the shop's router options ("__root__" alone: the not-found page). */
async function matchedRoutes(pathname: string): Promise<string[]> {
  const router = createRouter({
    routeTree,
    context: { queryClient: createQueryClient(), countryCode: () => 'IN' },
    history: createMemoryHistory({ initialEntries: [pathname] }),
    ...SHOP_ROUTER_OPTIONS,
  });
  await router.load();
  return router.state.matches.map((match) => match.routeId);
}

describe('the shop router', () => {
  it('matches a route written as it is registered', async () => {
    expect(await matchedRoutes('/ibc-kit')).toEqual(['__root__', '/ibc-kit']);
    expect(await matchedRoutes('/about-us')).toEqual(['__root__', '/about-us']);
  });

  it('matches routes exactly: another case of a route is not found (spec §2)', async () => {
    for (const pathname of ['/IBC-KIT', '/Ibc-Kit', '/ABOUT-US']) {
      expect(await matchedRoutes(pathname), pathname).toEqual(['__root__']);
    }
  });
});
