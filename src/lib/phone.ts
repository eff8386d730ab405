import { MOBILE_PATTERN } from '@contract/patterns';
import { type CountryCode, getCountries, getCountryCallingCode, isValidPhoneNumber } from 'libphonenumber-js';
import { countryName } from './countries';

/*
 * Phone numbers of the sign-in (spec §5): every region libphonenumber-js knows (about 245) with its dial code,
 * checked for the chosen country, and an Indian number must be a mobile (10 digits starting 5 to 9).
 * The server runs the same checks (server/modules/auth/phone.ts), so what passes here is accepted there.
 */

export const DEFAULT_COUNTRY: CountryCode = 'IN';
export const INVALID_MOBILE_MESSAGE = 'Enter a valid mobile number';

export interface PhoneCountry {
  /** ISO 3166-1 alpha-2, e.g. IN. */
  iso: CountryCode;
  /** English region name from Intl.DisplayNames, e.g. India (the code itself when the runtime has no name). */
  name: string;
  /** With its plus, e.g. +91. */
  dialCode: string;
}

let cache: readonly PhoneCountry[] | null = null;

/** Every region with a dial code, sorted by name; built once, on first use. */
export function phoneCountries(): readonly PhoneCountry[] {
  if (cache) return cache;
  cache = getCountries()
    .map((iso) => ({ iso, name: countryName(iso), dialCode: `+${getCountryCallingCode(iso)}` }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return cache;
}

export function isPhoneCountry(value: string): value is CountryCode {
  return (getCountries() as string[]).includes(value);
}

const found = new Map<string, PhoneCountry>();

/** One region, named without building the whole list (which names and sorts every region: tens of ms on a phone). */
export function findPhoneCountry(iso: string): PhoneCountry | undefined {
  if (!isPhoneCountry(iso)) return undefined;
  let country = found.get(iso) ?? cache?.find((c) => c.iso === iso);
  if (!country) {
    country = { iso, name: countryName(iso), dialCode: dialCodeOf(iso) };
    found.set(iso, country);
  }
  return country;
}

/** +91 for IN. */
export function dialCodeOf(iso: CountryCode): string {
  return `+${getCountryCallingCode(iso)}`;
}

/** "India (+91)": what the country picker shows. */
export function phoneCountryLabel(country: PhoneCountry): string {
  return `${country.name} (${country.dialCode})`;
}

/** Countries whose name, code or dial code matches what the buyer typed ("ind", "in", "+91", "91"). */
export function searchPhoneCountries(query: string): readonly PhoneCountry[] {
  const q = query.trim().toLowerCase();
  if (q === '') return phoneCountries();
  const digits = q.replace(/^\+/, '');
  return phoneCountries().filter(
    (c) =>
      c.name.toLowerCase().includes(q) ||
      c.iso.toLowerCase() === q ||
      (/^\d+$/.test(digits) && c.dialCode.slice(1).startsWith(digits)),
  );
}

/** The national number as typed, without spaces, dashes, dots or brackets. */
export function cleanPhoneNumber(value: string): string {
  return value.replace(/[\s\-().]/g, '');
}

/**
 * Null when the national number is a valid number for the country (and, for India, a mobile by spec §5);
 * otherwise the message to show under the field.
 */
export function phoneNumberError(value: string, country: CountryCode): string | null {
  const national = cleanPhoneNumber(value);
  if (!/^\d+$/.test(national)) return INVALID_MOBILE_MESSAGE;
  if (country === 'IN' && !MOBILE_PATTERN.test(national)) return INVALID_MOBILE_MESSAGE;
  return isValidPhoneNumber(national, country) ? null : INVALID_MOBILE_MESSAGE;
}

/** "+91 98765 43210" for display: the dial code and the national number, grouped for India. */
export function formatPhoneWithDialCode(dialCode: string, phoneNumber: string): string {
  const national = cleanPhoneNumber(phoneNumber);
  const grouped =
    dialCode === '+91' && national.length === 10 ? `${national.slice(0, 5)} ${national.slice(5)}` : national;
  return `${dialCode} ${grouped}`;
}
