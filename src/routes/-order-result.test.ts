import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/api/queryClient';
import { SHOP_ROUTER_OPTIONS } from '@/app/routerOptions';
import { routeTree } from '../routeTree.gen';
import { validateResultSearch } from './-result-search';

async function settle(href: string) {
  const router = createRouter({
    routeTree,
    context: { queryClient: createQueryClient(), countryCode: () => 'IN' },
    history: createMemoryHistory({ initialEntries: [href] }),
    ...SHOP_ROUTER_OPTIONS,
  });
  await router.load();
  return { href: router.state.location.href, routes: router.state.matches.map((m) => m.routeId) };
}

describe('the result routes (spec §2)', () => {
  it.each([
    ['/success?order_id=ord-1&utm_source=mail', '/success'],
    ['/failure?order_id=ord-1', '/failure'],
    ['/order/ord-1/success?utm_source=mail', '/order/$id/success'],
  ])('%s is the %s route, its query kept', async (href, route) => {
    const settled = await settle(href);
    expect(settled.routes).toContain(route);
    expect(settled.href).toBe(href);
  });

  it('/order/ord-1 alone is not a page', async () => {
    const settled = await settle('/order/ord-1');
    expect(settled.routes).not.toContain('/order/$id/success');
  });

  it('takes a well-formed order id from the query only', () => {
    expect(validateResultSearch({ order_id: ' ord_1-A ' })).toEqual({ order_id: 'ord_1-A' });
    expect(validateResultSearch({ order_id: '../x' })).toEqual({});
    expect(validateResultSearch({})).toEqual({});
  });
});
