import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/api/queryClient';
import { resetClient } from '@/api/test-helpers';
import { setTokens } from '@/api/tokens';
import { SHOP_ROUTER_OPTIONS } from '@/app/routerOptions';
import { routeTree } from '../routeTree.gen';
import { validateCheckoutSearch } from './checkout';

/** Where the shop's router settles for an address, and which route it shows there. */
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

describe('/checkout and /purchase', () => {
  afterEach(() => resetClient());

  it('sends a buyer who is not signed in to sign in, and back to the checkout with its codes', async () => {
    resetClient();
    const { href, routes } = await settle('/checkout?referral_code=FRIEND10');
    expect(routes).toContain('/sign-in/');
    const back = new URL(href, 'https://shop.test').searchParams.get('redirect');
    expect(back).toBe('/checkout?referral_code=FRIEND10');
  });

  it('shows the checkout to a signed-in buyer; /purchase is the same page, query string kept', async () => {
    setTokens('main', { accessToken: 'access', refreshToken: 'refresh', userId: 'u-1', expires: null });
    expect((await settle('/checkout')).routes).toEqual(['__root__', '/checkout']);
    const purchase = await settle('/purchase?coupon_code=WELCOME10');
    expect(purchase.routes).toEqual(['__root__', '/checkout']);
    expect(purchase.href).toBe('/checkout?coupon_code=WELCOME10');
  });

  it('takes only short, non-empty codes from the address', () => {
    expect(validateCheckoutSearch({ referral_code: ' FRIEND10 ', coupon_code: '' })).toEqual({
      referral_code: 'FRIEND10',
    });
    expect(validateCheckoutSearch({ coupon_code: 'X'.repeat(65) })).toEqual({});
  });
});
