import { COUNTRY_COOKIE, DEFAULT_COUNTRY } from '@contract/constants';
import { type Currency, currencyForCountry } from '@contract/money';
import { COUNTRY_CODE_PATTERN } from '@contract/patterns';
import type { QueryClient } from '@tanstack/react-query';
import { proxy, useSnapshot } from 'valtio';
import { getCookie, setCookie } from '@/api/cookies';
import { removeStored, STORAGE_KEYS, storedValue } from '@/storage/kv';

/** The buyer's country (spec §4 Country and currency): the currency follows it, IN → INR, else USD. */
export const countryStore = proxy<{ countryCode: string }>({ countryCode: DEFAULT_COUNTRY });

/** A preference, not a credential: kept for a year. */
const COUNTRY_COOKIE_DAYS = 365;
const storedCountry = storedValue(STORAGE_KEYS.country, () =>
  import('@/storage/storedSchemas').then((m) => m.storedCountrySchema),
);

let queryClient: QueryClient | undefined;
let hydration: Promise<void> | undefined;
/** Set once the first write (or a hydration) has happened, so a late hydration never undoes a choice. */
let chosenBeforeHydration = false;

/**
 * The country the server rendered the page for, read from its cookie before the app adopts the page, so the
 * first render shows the same currency. Called once at boot, before hydration.
 */
export function adoptCountryCookie(): void {
  const code = getCookie(COUNTRY_COOKIE);
  if (code && COUNTRY_CODE_PATTERN.test(code)) countryStore.countryCode = code;
}

/**
 * Reads the stored country (else the cookie's, else IN) and keeps the cookie in step with it, so the next page
 * the server renders is in this currency. Called once at boot; later calls return the same promise.
 */
export function hydrateCountry(): Promise<void> {
  hydration ??= storedCountry.read().then((stored) => {
    if (stored && !chosenBeforeHydration) countryStore.countryCode = stored;
    if (getCookie(COUNTRY_COOKIE) !== countryStore.countryCode)
      setCookie(COUNTRY_COOKIE, countryStore.countryCode, COUNTRY_COOKIE_DAYS);
  });
  return hydration;
}

/** Lets setCountry make the catalogue refetch; the app shell binds its client at boot. */
export function bindCountryQueryClient(client: QueryClient | undefined): void {
  queryClient = client;
}

export function currencyFor(countryCode: string): Currency {
  return currencyForCountry(countryCode);
}

/**
 * Switches the country (and so the currency), clears the stored last-order details and refetches the
 * catalogue. Catalogue query keys carry the country, so the new keys fetch by themselves; invalidating
 * makes sure queries read outside those keys refresh too.
 */
export async function setCountry(code: string): Promise<void> {
  const next = code.trim().toUpperCase();
  if (!COUNTRY_CODE_PATTERN.test(next)) return;
  chosenBeforeHydration = true;
  const changed = countryStore.countryCode !== next;
  countryStore.countryCode = next;
  setCookie(COUNTRY_COOKIE, next, COUNTRY_COOKIE_DAYS);
  await storedCountry.write(next);
  if (!changed) return;
  await removeStored(STORAGE_KEYS.lastOrderDetails);
  await queryClient?.invalidateQueries({ queryKey: ['catalogue'] });
}

export function useCountry(): { countryCode: string; currency: Currency } {
  const { countryCode } = useSnapshot(countryStore);
  return { countryCode, currency: currencyForCountry(countryCode) };
}
