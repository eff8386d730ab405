import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { clear, set } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { kvStore, STORAGE_KEYS } from './kv';
import { createQueryPersister, QUERY_PERSIST_BUSTER, shouldPersistQuery } from './persister';

describe('query persister', () => {
  beforeEach(async () => {
    await clear(kvStore());
  });

  it('persists only catalogue queries and restores them', async () => {
    const persister = createQueryPersister({ throttleMs: 0 });
    const client = new QueryClient();
    client.setQueryData(['catalogue', 'packages', ['SOLO'], 'IN'], { price: 1 });
    client.setQueryData(['cart', 'prices'], { price: 2 });
    await persistQueryClientSave({
      queryClient: client,
      persister,
      buster: QUERY_PERSIST_BUSTER,
      dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
    });
    await persister.flush();

    const restored = new QueryClient();
    await persistQueryClientRestore({ queryClient: restored, persister, buster: QUERY_PERSIST_BUSTER });
    expect(restored.getQueryData(['catalogue', 'packages', ['SOLO'], 'IN'])).toEqual({ price: 1 });
    expect(restored.getQueryData(['cart', 'prices'])).toBeUndefined();
  });

  it("keeps the signed-in buyer's profile, so the checkout opens offline after a reload", async () => {
    const persister = createQueryPersister({ throttleMs: 0 });
    const client = new QueryClient();
    client.setQueryData(['profile', 'u-1'], { name: 'Asha' });
    await persistQueryClientSave({
      queryClient: client,
      persister,
      buster: QUERY_PERSIST_BUSTER,
      dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
    });
    await persister.flush();

    const restored = new QueryClient();
    await persistQueryClientRestore({ queryClient: restored, persister, buster: QUERY_PERSIST_BUSTER });
    expect(restored.getQueryData(['profile', 'u-1'])).toEqual({ name: 'Asha' });
  });

  it('drops a cache written by another build', async () => {
    const persister = createQueryPersister({ throttleMs: 0 });
    const client = new QueryClient();
    client.setQueryData(['catalogue', 'x'], 1);
    await persistQueryClientSave({ queryClient: client, persister, buster: 'old-build' });
    await persister.flush();
    const restored = new QueryClient();
    await persistQueryClientRestore({ queryClient: restored, persister, buster: QUERY_PERSIST_BUSTER });
    expect(restored.getQueryData(['catalogue', 'x'])).toBeUndefined();
  });

  it('restores nothing from a corrupt record', async () => {
    await set(
      STORAGE_KEYS.queryCache,
      { value: { nope: true }, savedAt: Date.UTC(2026, 0, 15), expiresAt: null },
      kvStore(),
    );
    expect(await createQueryPersister().restoreClient()).toBeUndefined();
  });
});
