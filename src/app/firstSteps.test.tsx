import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ORDER_CONTRACT_IMPORTS } from '@/api/contractImports';
import { SIGN_IN_FIRST_IMPORTS } from '@/features/auth/firstImports';
import { LOAD_INTL_DATA } from '@/lib/intlData';
import { createShopRouter, firstStepsOf } from './router';

const router = createShopRouter({
  queryClient: new QueryClient(),
  countryCode: () => 'IN',
  Wrap: ({ children }: { children: ReactNode }) => <>{children}</>,
});

describe('firstStepsOf', () => {
  it.each(['/sign-in', '/sign-in/', '/sign-in/verify', '/sign-in/sign-up/verify', '/f/sign-in'])(
    "%s loads ICU's data, zod, the phone numbering plan and the form library first, one step each",
    (path) => {
      expect(firstStepsOf(router, path)).toEqual([...LOAD_INTL_DATA, ...SIGN_IN_FIRST_IMPORTS]);
    },
  );

  it.each(['/my-orders', '/order/42/success', '/order/42/error', '/success', '/failure'])(
    "%s loads ICU's data, zod, the catalogue and the orders contract first",
    (path) => {
      expect(firstStepsOf(router, path)).toEqual([...LOAD_INTL_DATA, ...ORDER_CONTRACT_IMPORTS]);
    },
  );

  it("loads the invite form ICU's data and its four libraries first", () => {
    expect(firstStepsOf(router, '/form/get-invite')).toHaveLength(LOAD_INTL_DATA.length + 4);
  });

  it.each(['/', '/ibc-kit', '/about-us', '/checkout', '/no-such-page'])(
    "%s loads only ICU's data first, before the render that formats its prices and dates",
    (path) => {
      expect(firstStepsOf(router, path)).toEqual([...LOAD_INTL_DATA]);
    },
  );
});
