import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
} from '@tanstack/react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectNavigation, forgetNavigation, guardRoute, navigationKeyMatches } from './guard';

function makeRouter() {
  const root = createRootRoute({ component: Outlet });
  const start = createRoute({ getParentRoute: () => root, path: '/start' });
  const guarded = createRoute({
    getParentRoute: () => root,
    path: '/guarded',
    beforeLoad: guardRoute('test-flow', '/start'),
  });
  return createRouter({
    routeTree: root.addChildren([start, guarded]),
    history: createMemoryHistory({ initialEntries: ['/start'] }),
  });
}

beforeEach(() => sessionStorage.clear());

describe('guarded routes (spec §2)', () => {
  it('render only with the expected navigation key, else redirect to the fallback', async () => {
    const router = makeRouter();
    await router.load();

    // Typed or bookmarked: no key in the entry.
    await router.navigate({ href: '/guarded' });
    expect(router.state.location.pathname).toBe('/start');

    // Even with a stored record, an entry without the key is refused (the old rule let it through).
    expectNavigation('test-flow');
    await router.navigate({ href: '/guarded' });
    expect(router.state.location.pathname).toBe('/start');

    await router.navigate({ href: '/guarded', state: expectNavigation('test-flow') });
    expect(router.state.location.pathname).toBe('/guarded');
    // A reload of that entry keeps its state, so it still renders.
    await router.invalidate();
    expect(router.state.location.pathname).toBe('/guarded');
  });

  it('an older key, or a flow that moved on, no longer opens the route', () => {
    const first = expectNavigation('test-flow');
    const second = expectNavigation('test-flow');
    expect(navigationKeyMatches('test-flow', first)).toBe(false);
    expect(navigationKeyMatches('test-flow', second)).toBe(true);
    expect(navigationKeyMatches('other-flow', second)).toBe(false);
    forgetNavigation('test-flow');
    expect(navigationKeyMatches('test-flow', second)).toBe(false);
    expect(navigationKeyMatches('test-flow', null)).toBe(false);
  });
});
