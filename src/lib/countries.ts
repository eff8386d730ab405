import type { StateCountry } from '@contract/constants';

let regionNames: Intl.DisplayNames | null | undefined;

// The countries the shop sells to are named without Intl.DisplayNames: its first use loads every region's name, tens
// of milliseconds on a phone, inside the checkout's first render. The same names Intl gives (the test holds them to it).
const SHOP_COUNTRY_NAMES: Record<StateCountry, string> = {
  IN: 'India',
  US: 'United States',
  GB: 'United Kingdom',
  CA: 'Canada',
  AU: 'Australia',
};

/** "IN" → "India" (English, Intl.DisplayNames), the code itself where the runtime cannot name it. */
export function countryName(code: string): string {
  const upper = code.toUpperCase();
  const known = SHOP_COUNTRY_NAMES[upper as StateCountry] as string | undefined;
  if (known !== undefined) return known;
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(upper) ?? code;
  } catch {
    return code;
  }
}

/** Spec §9: analytics name the country IN 'india' and every other 'international'. */
export function trackedCountry(code: string): 'india' | 'international' {
  return code.trim().toUpperCase() === 'IN' ? 'india' : 'international';
}
