import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { clear } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/api/queryClient';
import { kvStore } from '@/storage/kv';
import {
  createQueryPersister,
  QUERY_PERSIST_BUSTER,
  QUERY_PERSIST_MAX_AGE_MS,
  shouldPersistQuery,
} from '@/storage/persister';
import { wireOrder } from './orders.test-helpers';
import { myOrdersQuery } from './queries';

describe('the order history query', () => {
  beforeEach(async () => {
    await clear(kvStore());
  });

  it('is saved on the device and comes back after a reload, so My orders reads offline', async () => {
    const persister = createQueryPersister({ throttleMs: 0 });
    const client = createQueryClient();
    const { queryKey } = myOrdersQuery('u-1');
    client.setQueryData(queryKey, [wireOrder()], { updatedAt: Date.parse('2026-11-03T13:22:00.000Z') });
    await persistQueryClientSave({
      queryClient: client,
      persister,
      buster: QUERY_PERSIST_BUSTER,
      dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
    });
    await persister.flush();

    const restored = createQueryClient();
    await persistQueryClientRestore({ queryClient: restored, persister, buster: QUERY_PERSIST_BUSTER });
    expect(restored.getQueryData(queryKey)).toEqual([wireOrder()]);
    // The last sync time survives: the page marks what it shows with it.
    expect(restored.getQueryState(queryKey)?.dataUpdatedAt).toBe(Date.parse('2026-11-03T13:22:00.000Z'));
    // A restored copy is kept as long as the persisted cache, not collected after five minutes.
    expect(restored.getQueryCache().find({ queryKey })?.gcTime).toBe(QUERY_PERSIST_MAX_AGE_MS);
  });
});
