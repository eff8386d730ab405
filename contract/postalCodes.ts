/*
 * The postal code formats of the countries the shop sells to, zod-free, so the checkout's form and the server check
 * a postal code against the chosen country alike. A file of its own: only the checkout's code loads it.
 */
import { PINCODE_PATTERN } from './patterns';

/**
 * The postal code of each country the shop sells to (upper case, one space at most where the country writes one):
 * India's pincode, a US ZIP or ZIP+4, a UK postcode, a Canadian postal code, an Australian postcode.
 */
export const POSTAL_CODE_PATTERNS: Readonly<Record<string, RegExp>> = {
  IN: PINCODE_PATTERN,
  US: /^\d{5}(-\d{4})?$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/,
  AU: /^\d{4}$/,
};

/** Whether a postal code is of the country's format (a country without a known format: any value). */
export function isPostalCodeOf(country: string, postalCode: string): boolean {
  const code = postalCode.trim().toUpperCase();
  if (code === '') return false;
  const pattern = POSTAL_CODE_PATTERNS[country.trim().toUpperCase()];
  return pattern ? pattern.test(code) : true;
}
