import type { PersistedClient, Persister } from '@tanstack/query-persist-client-core';
import { defaultShouldDehydrateQuery, type Query } from '@tanstack/react-query';
import { version } from '../../package.json';
import { STORAGE_KEYS, storedValue } from './kv';

/** The persisted query cache is dropped when older than this (the shop opens offline for a week). */
export const QUERY_PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Bump when the shape of a persisted query's data changes without an app version bump; with the app version
 * it makes the buster, so a cache written by an incompatible build is thrown away instead of hydrated.
 */
const QUERY_CACHE_SCHEMA = 2;
export const QUERY_PERSIST_BUSTER = `${version}:${QUERY_CACHE_SCHEMA}`;

/**
 * Key prefixes whose queries survive a reload: the catalogue (spec: the shop opens with data offline) and the cart's
 * last estimate (shown offline as last known), and the signed-in buyer's profile (the checkout opens offline with
 * it) and order history (My orders reads offline from the last sync); signing out removes those two.
 */
export const PERSISTED_QUERY_PREFIXES: readonly string[] = [
  'catalogue',
  'priceEstimate',
  'profile',
  'myOrders',
];

export function shouldPersistQuery(query: Query): boolean {
  const head = query.queryKey[0];
  return (
    typeof head === 'string' && PERSISTED_QUERY_PREFIXES.includes(head) && defaultShouldDehydrateQuery(query)
  );
}

const persistedQueryCache = storedValue(STORAGE_KEYS.queryCache, () =>
  import('./storedSchemas').then((m) => m.persistedQueryCacheSchema),
);

/**
 * An idb-keyval persister. Saves are throttled (every fetch result triggers one) with a trailing write, and
 * the pending save is flushed when the page is hidden so the last prices seen are the ones kept.
 */
export function createQueryPersister({ throttleMs = 1000 }: { throttleMs?: number } = {}): Persister & {
  flush(): Promise<void>;
} {
  let pending: PersistedClient | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = async () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const client = pending;
    pending = undefined;
    if (client) await persistedQueryCache.write(client);
  };

  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') void flush();
    });
    window.addEventListener('pagehide', () => void flush());
  }

  return {
    persistClient(client) {
      pending = client;
      if (timer === undefined) timer = setTimeout(() => void flush(), throttleMs);
    },
    async restoreClient() {
      // The schema checks the envelope; hydrate() itself tolerates unknown query entries.
      return (await persistedQueryCache.read()) as PersistedClient | undefined;
    },
    async removeClient() {
      pending = undefined;
      await persistedQueryCache.remove();
    },
    flush,
  };
}
