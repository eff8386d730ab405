import { PINCODE_PATTERN } from './patterns';

/*
 * The postal code formats of the countries the shop sells to (spec §5: an Indian postal code is a pincode), zod-free,
 * so the checkout form and the server's order and estimate check a code against its country alike. A code of any
 * other country needs only a value.
 */

export interface PostalCodeFormat {
  pattern: RegExp;
  /** What the field says when the code does not match. */
  message: string;
}

export const POSTAL_CODE_FORMATS: Readonly<Record<string, PostalCodeFormat>> = {
  IN: { pattern: PINCODE_PATTERN, message: 'enter a valid pincode' },
  US: { pattern: /^\d{5}(-\d{4})?$/, message: 'Enter a valid ZIP code, e.g. 10118 or 10118-0110' },
  GB: {
    pattern: /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i,
    message: 'Enter a valid postcode, e.g. SW1A 1AA',
  },
  CA: {
    pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
    message: 'Enter a valid postal code, e.g. K1A 0B1',
  },
  AU: { pattern: /^\d{4}$/, message: 'Enter a valid postcode, e.g. 2000' },
};

/** What is wrong with a postal code for its country (ISO code, any case); null when it fits or none is known. */
export function postalCodeProblem(code: string, country: string | null | undefined): string | null {
  const format = POSTAL_CODE_FORMATS[(country ?? '').trim().toUpperCase()];
  if (!format) return null;
  return format.pattern.test(code.trim()) ? null : format.message;
}
