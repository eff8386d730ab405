import { describe, expect, it, vi } from 'vitest';
import {
  dialCodeOf,
  findPhoneCountry,
  formatPhoneWithDialCode,
  INVALID_MOBILE_MESSAGE,
  phoneCountries,
  phoneNumberError,
  searchPhoneCountries,
} from './phone';

describe('phone countries', () => {
  it('lists every region libphonenumber-js knows, each with a name and a dial code, sorted by name', () => {
    const countries = phoneCountries();
    expect(countries.length).toBeGreaterThanOrEqual(240);
    expect(countries.length).toBeLessThanOrEqual(250);
    expect(findPhoneCountry('IN')).toEqual({ iso: 'IN', name: 'India', dialCode: '+91' });
    expect(findPhoneCountry('GB')?.dialCode).toBe('+44');
    for (const c of countries) expect(c.dialCode).toMatch(/^\+\d{1,4}$/);
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(dialCodeOf('US')).toBe('+1');
  });

  it('finds one country without naming every region (the sign-in form’s first render needs only its own)', async () => {
    vi.resetModules();
    const named = vi.spyOn(Intl.DisplayNames.prototype, 'of');
    try {
      const fresh = await import('./phone');
      expect(fresh.findPhoneCountry('GB')).toEqual({ iso: 'GB', name: 'United Kingdom', dialCode: '+44' });
      expect(fresh.findPhoneCountry('GB')).toBe(fresh.findPhoneCountry('GB'));
      expect(fresh.findPhoneCountry('XX')).toBeUndefined();
      expect(named.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      named.mockRestore();
    }
  });

  it('finds countries by name, code or dial code', () => {
    expect(searchPhoneCountries('indi').map((c) => c.iso)).toContain('IN');
    expect(searchPhoneCountries('+91').map((c) => c.iso)).toEqual(['IN']);
    expect(searchPhoneCountries('au').map((c) => c.iso)).toContain('AU');
    expect(searchPhoneCountries('').length).toBe(phoneCountries().length);
  });
});

describe('phone number validation (spec §5)', () => {
  it('accepts an Indian mobile: 10 digits starting 5 to 9', () => {
    for (const n of ['9876543210', '8123456789', '7000000001', '6123456789', '98765 43210'])
      expect(phoneNumberError(n, 'IN')).toBeNull();
  });

  it('refuses Indian numbers that are not mobiles or not 10 digits', () => {
    for (const n of ['4876500001', '1234567890', '987654321', '98765432101', '98765abcde', ''])
      expect(phoneNumberError(n, 'IN')).toBe(INVALID_MOBILE_MESSAGE);
  });

  it('checks other countries with their own rules', () => {
    expect(phoneNumberError('2025550123', 'US')).toBeNull();
    expect(phoneNumberError('7911123456', 'GB')).toBeNull();
    expect(phoneNumberError('412345678', 'AU')).toBeNull();
    expect(phoneNumberError('12345', 'US')).toBe(INVALID_MOBILE_MESSAGE);
    expect(phoneNumberError('9876543210', 'GB')).toBe(INVALID_MOBILE_MESSAGE);
  });

  it('formats a number with its country code', () => {
    expect(formatPhoneWithDialCode('+91', '9876543210')).toBe('+91 98765 43210');
    expect(formatPhoneWithDialCode('+1', '2025550123')).toBe('+1 2025550123');
  });
});
