import type { Package } from '@contract/catalogue';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { BusinessPageProps } from '@/features/business/BusinessPages';
import { CurrencySwitch } from '@/features/country/CurrencySwitch';
import { addPackageToCart } from '@/state/cart';
import { useCountry } from '@/state/country';

/*
 * What the business routes share (the '-' prefix keeps it out of the route tree): the country store, the currency
 * switch and the buy action, which puts the package in the cart and goes to the checkout, where the licence and
 * business-kit variants ask for the invite code.
 */

export function useBusinessProps(): BusinessPageProps {
  const { countryCode, currency } = useCountry();
  const navigate = useNavigate();
  const onBuy = useCallback(
    (pkg: Package, quantities?: Record<number, number>) => {
      addPackageToCart(pkg, quantities);
      void navigate({ to: '/checkout' });
    },
    [navigate],
  );
  return { countryCode, currency, onBuy, currencySwitch: <CurrencySwitch /> };
}
