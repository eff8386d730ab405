import { clear, get, set } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { isExpired, kvStore, ORDER_STORAGE_TTL_MS, STORAGE_KEYS, storedValue } from './kv';

const draft = storedValue(STORAGE_KEYS.checkoutDraft, z.object({ name: z.string() }), {
  ttlMs: ORDER_STORAGE_TTL_MS,
});

describe('storage', () => {
  beforeEach(async () => {
    await clear(kvStore());
  });

  it('reads back what it wrote, validated', async () => {
    await draft.write({ name: 'Asha' });
    expect(await draft.read()).toEqual({ name: 'Asha' });
  });

  it('expires the checkout draft after 7 days and deletes it', async () => {
    const savedAt = Date.UTC(2025, 0, 1);
    await draft.write({ name: 'Asha' }, savedAt);
    expect(await draft.read(savedAt + ORDER_STORAGE_TTL_MS - 1)).toEqual({ name: 'Asha' });
    expect(await draft.read(savedAt + ORDER_STORAGE_TTL_MS)).toBeUndefined();
    expect(await get(STORAGE_KEYS.checkoutDraft, kvStore())).toBeUndefined();
  });

  it('drops a corrupt record instead of throwing', async () => {
    await set(
      STORAGE_KEYS.checkoutDraft,
      { value: { name: 42 }, savedAt: Date.UTC(2026, 0, 15), expiresAt: null },
      kvStore(),
    );
    expect(await draft.read()).toBeUndefined();
    expect(await get(STORAGE_KEYS.checkoutDraft, kvStore())).toBeUndefined();

    await set(STORAGE_KEYS.checkoutDraft, 'not an envelope', kvStore());
    expect(await draft.read()).toBeUndefined();
    expect(await get(STORAGE_KEYS.checkoutDraft, kvStore())).toBeUndefined();
  });

  it('keeps records without a time-to-live', async () => {
    const country = storedValue(STORAGE_KEYS.country, z.string());
    await country.write('US', 0);
    expect(await country.read(Date.UTC(2100, 0, 1))).toBe('US');
    expect(isExpired({ expiresAt: null })).toBe(false);
    expect(isExpired({ expiresAt: 10 }, 10)).toBe(true);
  });

  it('starts opening the database ahead of the first read, which opens it no more', async () => {
    vi.resetModules();
    const open = vi.spyOn(indexedDB, 'open');
    try {
      const fresh = await import('./kv');
      expect(open).not.toHaveBeenCalled();
      fresh.openKvStore();
      expect(open).toHaveBeenCalledOnce();
      expect(await fresh.storedValue(STORAGE_KEYS.country, z.string()).read()).toBeUndefined();
      expect(open).toHaveBeenCalledOnce();
    } finally {
      open.mockRestore();
    }
  });
});
