import { QueryClient } from '@tanstack/react-query';
import { clear, get } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { kvStore, STORAGE_KEYS, storedValue } from '@/storage/kv';

async function freshStore() {
  vi.resetModules();
  return import('./country');
}

describe('country and currency', () => {
  beforeEach(async () => {
    await clear(kvStore());
  });

  it('defaults to IN and INR, else the stored country', async () => {
    let fresh = await freshStore();
    await fresh.hydrateCountry();
    expect(fresh.countryStore.countryCode).toBe('IN');

    await storedValue(STORAGE_KEYS.country, z.string()).write('GB');
    fresh = await freshStore();
    await fresh.hydrateCountry();
    expect(fresh.countryStore.countryCode).toBe('GB');
  });

  it('switches the currency, clears the last order and refetches the catalogue', async () => {
    const fresh = await freshStore();
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    fresh.bindCountryQueryClient(client);
    await storedValue(STORAGE_KEYS.lastOrderDetails, z.object({ id: z.string() })).write({ id: 'o-1' });

    await fresh.setCountry('us');
    expect(fresh.countryStore.countryCode).toBe('US');
    expect(fresh.currencyFor(fresh.countryStore.countryCode)).toBe('USD');
    expect(await get(STORAGE_KEYS.lastOrderDetails, kvStore())).toBeUndefined();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['catalogue'] });
    expect(await storedValue(STORAGE_KEYS.country, z.string()).read()).toBe('US');
    expect(fresh.currencyFor('IN')).toBe('INR');
  });
});
