import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ORDER_CONTRACT_IMPORTS } from '@/api/contractImports';
import { SIGN_IN_FIRST_IMPORTS } from '@/features/auth/firstImports';
import { createShopRouter, firstImportsOf } from './router';

const router = createShopRouter({
  queryClient: new QueryClient(),
  countryCode: () => 'IN',
  Wrap: ({ children }: { children: ReactNode }) => <>{children}</>,
});

describe('firstImportsOf', () => {
  it.each(['/sign-in', '/sign-in/', '/sign-in/verify', '/sign-in/sign-up/verify', '/f/sign-in'])(
    '%s loads zod, the phone numbering plan and the form library first, one step each',
    (path) => {
      expect(firstImportsOf(router, path)).toEqual([...SIGN_IN_FIRST_IMPORTS]);
    },
  );

  it.each(['/my-orders', '/order/42/success', '/order/42/error', '/success', '/failure'])(
    '%s loads zod, the catalogue and the orders contract first',
    (path) => {
      expect(firstImportsOf(router, path)).toEqual([...ORDER_CONTRACT_IMPORTS]);
    },
  );

  it('loads the invite form its four libraries first', () => {
    expect(firstImportsOf(router, '/form/get-invite')).toHaveLength(4);
  });

  it.each(['/', '/ibc-kit', '/about-us', '/checkout', '/no-such-page'])(
    '%s has nothing to load first',
    (path) => {
      expect(firstImportsOf(router, path)).toEqual([]);
    },
  );
});
