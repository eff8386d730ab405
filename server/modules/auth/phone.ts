import { MOBILE_PATTERN } from '@contract/patterns';
// The full metadata (server only): the minimal build the PWA ships cannot tell a mobile from a premium-rate number.
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  type NumberType,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
import { HttpError } from '../../errors';

export interface NormalizedPhone {
  e164: string;
  /** +91 */
  countryCode: string;
  /** IN */
  isoCountryCode: string;
  /** digits, national format */
  phoneNumber: string;
  /** MOBILE, PREMIUM_RATE, …; undefined for a test number or when the metadata cannot tell. */
  type?: NumberType;
}

/** Numbers an SMS reaches: US and CA numbers cannot be told apart from landlines, so they count. */
const TEXTABLE_TYPES: ReadonlySet<NumberType> = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** "India, United States and Australia". */
function countryList(codes: readonly string[]): string {
  const names = codes.map((c) => regionNames.of(c) ?? c);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
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
  const type = parsed.getType();
  return {
    e164: parsed.number,
    countryCode: `+${dial}`,
    isoCountryCode: region ?? 'IN',
    phoneNumber: String(parsed.nationalNumber),
    ...(type === undefined ? {} : { type }),
  };
}

/**
 * Refuses to text a number that could bill the shop (premium-rate, shared-cost, toll-free, VoIP, …) or one of a
 * country the shop does not sell to. Test numbers are never texted, so they pass.
 */
export function assertTextable(
  phone: NormalizedPhone,
  countries: readonly string[],
  testNumbers: ReadonlyMap<string, string>,
): void {
  if (testNumbers.has(phone.e164)) return;
  if (!countries.includes(phone.isoCountryCode)) {
    throw invalid(`Codes can only be sent to mobile numbers in ${countryList(countries)}`);
  }
  if (phone.type === undefined || !TEXTABLE_TYPES.has(phone.type)) {
    throw invalid('Codes can only be sent to mobile numbers');
  }
}
