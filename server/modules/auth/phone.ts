import { MOBILE_PATTERN } from '@contract/patterns';
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';
import { HttpError } from '../../errors';

export interface NormalizedPhone {
  e164: string;
  /** +91 */
  countryCode: string;
  /** IN */
  isoCountryCode: string;
  /** digits, national format */
  phoneNumber: string;
}

function invalid(message: string, field = 'phone_number'): HttpError {
  return new HttpError(400, message, { res_status: 'INVALID_PHONE_NUMBER', field });
}

/**
 * Checks a phone number for its country (libphonenumber-js) and, for India, spec §5's mobile pattern.
 * Configured test numbers are accepted as they are.
 */
export function normalizePhone(
  input: { phone_number: string; country_code: string; iso_country_code?: string | undefined },
  testNumbers: ReadonlyMap<string, string>,
): NormalizedPhone {
  const dial = input.country_code.replace(/^\+/, '');
  const national = input.phone_number.replace(/^0+/, '');
  const e164 = `+${dial}${national}`;
  const regions = getCountries().filter((c) => getCountryCallingCode(c) === dial);
  if (regions.length === 0) throw invalid(`+${dial} is not a country dial code`, 'country_code');
  const iso = input.iso_country_code;
  if (iso !== undefined && !regions.includes(iso as CountryCode)) {
    throw invalid(`+${dial} is not the dial code of ${iso}`, 'iso_country_code');
  }

  if (testNumbers.has(e164)) {
    return {
      e164,
      countryCode: `+${dial}`,
      isoCountryCode: iso ?? regions[0] ?? 'IN',
      phoneNumber: national,
    };
  }
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed?.isValid()) throw invalid('Enter a valid phone number for the chosen country');
  const region = parsed.country ?? (iso as CountryCode | undefined) ?? regions[0];
  if (iso !== undefined && parsed.country !== undefined && parsed.country !== iso) {
    throw invalid(`That number belongs to ${parsed.country}, not ${iso}`);
  }
  if (dial === '91' && !MOBILE_PATTERN.test(String(parsed.nationalNumber))) {
    throw invalid('Enter a 10-digit mobile number starting with 5, 6, 7, 8 or 9');
  }
  return {
    e164: parsed.number,
    countryCode: `+${dial}`,
    isoCountryCode: region ?? 'IN',
    phoneNumber: String(parsed.nationalNumber),
  };
}
