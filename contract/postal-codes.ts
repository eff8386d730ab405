import { PINCODE_PATTERN } from './patterns';

/*
 * The postal code formats of the countries the shop sells to (spec §5: an Indian postal code is a pincode), zod-free,
 * so the checkout form and the server's order and estimate check a code against its country alike. A code of any
 * other country needs only a value.
 */

export interface PostalCodeFormat {
  pattern: RegExp;
  /** What the country calls it, as a field's message names it. */
  name: string;
  example: string;
}

export const POSTAL_CODE_FORMATS: Readonly<Record<string, PostalCodeFormat>> = {
  IN: { pattern: PINCODE_PATTERN, name: 'pincode', example: '110001' },
  US: { pattern: /^\d{5}(-\d{4})?$/, name: 'ZIP code', example: '10118 or 10118-0110' },
  GB: { pattern: /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i, name: 'postcode', example: 'SW1A 1AA' },
  CA: {
    pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
    name: 'postal code',
    example: 'K1A 0B1',
  },
  AU: { pattern: /^\d{4}$/, name: 'postcode', example: '2000' },
};

const formatOf = (country: string | null | undefined) =>
  POSTAL_CODE_FORMATS[(country ?? '').trim().toUpperCase()];

/** Whether a postal code is of the country's format (a country without a known format: any value). */
export function isPostalCodeOf(country: string, postalCode: string): boolean {
  const code = postalCode.trim();
  if (code === '') return false;
  return formatOf(country)?.pattern.test(code) ?? true;
}

/** What is wrong with a postal code for its country (ISO code, any case); null when it fits or none is known. */
export function postalCodeProblem(code: string, country: string | null | undefined): string | null {
  const format = formatOf(country);
  if (!format || format.pattern.test(code.trim())) return null;
  // Spec §5's own words for a pincode.
  return format.name === 'pincode'
    ? 'enter a valid pincode'
    : `Enter a valid ${format.name}, e.g. ${format.example}`;
}
