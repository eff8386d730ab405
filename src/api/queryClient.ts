import { QueryClient } from '@tanstack/react-query';
import { QUERY_PERSIST_MAX_AGE_MS } from '../storage/persister';

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // Phones drop connections: retry twice, then show the error view with its retry button.
        retry: 2,
        refetchOnWindowFocus: false,
      },
    },
  });
  // Catalogue queries are persisted to IndexedDB (src/storage/persister.ts):
  // - gcTime ≥ the persister's maxAge, or a restored query would be collected before it is used;
  // - offlineFirst: offline, the fetch still runs once so the service worker's cached copy can answer,
  //   and cached data stays on screen instead of the query pausing with nothing;
  // - refetch on reconnect even when not yet stale: prices and stock may have moved while we were away.
  client.setQueryDefaults(['catalogue'], {
    gcTime: QUERY_PERSIST_MAX_AGE_MS,
    networkMode: 'offlineFirst',
    refetchOnReconnect: 'always',
  });
  // The cart's last estimate is persisted too: kept as long, so a restored one is not collected unseen.
  client.setQueryDefaults(['priceEstimate'], { gcTime: QUERY_PERSIST_MAX_AGE_MS });
  // My orders reads offline from the last sync: kept as long, shown while offline, refreshed on reconnect.
  client.setQueryDefaults(['myOrders'], {
    gcTime: QUERY_PERSIST_MAX_AGE_MS,
    networkMode: 'offlineFirst',
    refetchOnReconnect: 'always',
  });
  return client;
}
