import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clear, get } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { kvStore, STORAGE_KEYS, storedValue } from '@/storage/kv';
import { CurrencySwitch } from './CurrencySwitch';
import { internationalPaymentsEnabled } from './flags';
// The instance CurrencySwitch itself uses (the other tests load fresh copies to test hydration).
import * as store from './store';

async function freshStore() {
  vi.resetModules();
  return import('./store');
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

  it('offers INR and USD with a deliver-to country, and hides without international payments', async () => {
    await act(() => store.setCountry('IN'));
    const { unmount } = render(<CurrencySwitch />);
    expect(screen.getByRole('group', { name: 'Choose Currency' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'INR' })).toBeChecked();
    expect(screen.queryByLabelText('Deliver to')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'USD' }));
    expect(await screen.findByLabelText('Deliver to')).toHaveValue('US');
    await userEvent.selectOptions(screen.getByLabelText('Deliver to'), 'United Kingdom');
    expect(store.countryStore.countryCode).toBe('GB');
    unmount();

    render(<CurrencySwitch enabled={false} />);
    expect(screen.queryByRole('group', { name: 'Choose Currency' })).toBeNull();
    expect(internationalPaymentsEnabled('false')).toBe(false);
    expect(internationalPaymentsEnabled(undefined)).toBe(true);
  });
});
