import type { Page } from '@playwright/test';

/** A query of the cache the shop keeps on the device (IndexedDB 'ibc-shop', key 'queryCache'), as persisted. */
export interface StoredQuery {
  queryKey: unknown[];
  data: unknown;
}

/** The queries the shop kept on the device; none while nothing is persisted yet. */
export function storedQueries(page: Page): Promise<StoredQuery[]> {
  return page.evaluate(
    () =>
      new Promise<StoredQuery[]>((resolve) => {
        const open = indexedDB.open('ibc-shop');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('kv')) return resolve([]);
          const get = db.transaction('kv').objectStore('kv').get('queryCache');
          get.onsuccess = () => {
            type Stored = { queryKey: unknown[]; state: { data?: unknown } };
            const queries: Stored[] = get.result?.value?.clientState?.queries ?? [];
            resolve(queries.map((query) => ({ queryKey: query.queryKey, data: query.state.data })));
          };
          get.onerror = () => resolve([]);
        };
      }),
  );
}
