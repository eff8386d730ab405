import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { fetchAvailablePackages } from '@/api/commerce';
import { cartStore } from '@/state/cart';
import { applyCatalogueCheck } from '@/state/cartEdits';

export function cartPricesQueryKey(codes: readonly string[], countryCode: string) {
  return ['cart', 'prices', codes, countryCode] as const;
}

/**
 * Re-checks the cart against the catalogue whenever the app is online: on mount, on reconnect, when the
 * window regains focus, and when the country (so the currency) or the cart's packages change. Lines get the
 * current price (a change is noted on the line), stock and availability. Offline the query pauses (network
 * mode "online"), so the cart keeps its last prices and says when they were checked.
 */
export function useCartRevalidation(countryCode: string): void {
  const { items, hydrated } = useSnapshot(cartStore);
  const codesKey = [...new Set(items.map((line) => line.packageCode))].sort().join(',');
  const codes = useMemo(() => (codesKey ? codesKey.split(',') : []), [codesKey]);

  const query = useQuery({
    queryKey: cartPricesQueryKey(codes, countryCode),
    // The service worker must not answer from its cache: the cart records only prices the server confirmed.
    queryFn: ({ signal }) => fetchAvailablePackages(codes, countryCode, { signal, fresh: true }),
    enabled: hydrated && codes.length > 0,
    staleTime: 0,
    gcTime: 60_000,
    networkMode: 'online',
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
    retry: 1,
  });

  const { data, dataUpdatedAt } = query;
  useEffect(() => {
    if (data && dataUpdatedAt > 0) applyCatalogueCheck(data.packages, countryCode, dataUpdatedAt);
  }, [data, dataUpdatedAt, countryCode]);
}

/** The revalidation as a component, so the shell can load it (and the HTTP client) after the first paint. */
export default function CartRevalidation({ countryCode }: { countryCode: string }): null {
  useCartRevalidation(countryCode);
  return null;
}
