import { describe, expect, it } from 'vitest';
import { INVITE_PRODUCT_SEARCH, parseGetInviteSearch } from '@/lib/inviteSearch';
import {
  countryOptionOf,
  getInviteFormSchema,
  INVITE_PRODUCT_OPTIONS,
  profileCountry,
  toGetInviteSubmission,
} from './getInvite';

const values = {
  name: ' Sam Lee ',
  country: countryOptionOf('US'),
  phone: '(201) 555-0123',
  email: 'sam@example.com ',
  city: 'Jersey City',
  organisation: '  ',
  product: 'BUSINESS_LICENCE',
  message: '',
};

describe('the get-invite form values', () => {
  it('become the wire submission with the dial code of the chosen country, empty optional fields left out', () => {
    expect(toGetInviteSubmission(values)).toEqual({
      form_id: 'get_invite',
      form_submission_data: {
        name: 'Sam Lee',
        phone_number: '2015550123',
        country_code: '+1',
        iso_country_code: 'US',
        email: 'sam@example.com',
        city: 'Jersey City',
        product: 'BUSINESS_LICENCE',
      },
    });
  });

  it('check the number for the chosen country', () => {
    expect(getInviteFormSchema.safeParse(values).success).toBe(true);
    const asIndian = getInviteFormSchema.safeParse({ ...values, country: countryOptionOf('IN') });
    expect(asIndian.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['phone', 'Enter a valid mobile number'],
    ]);
  });

  it("take a +1 profile number's country from the number itself", () => {
    expect(profileCountry({ phoneNumberWithCountryCode: '+12015550123' })).toBe('US');
    expect(profileCountry({ phoneNumberWithCountryCode: '+14165550123' })).toBe('CA');
    expect(countryOptionOf(null).value).toBe('IN');
  });

  it('take a product named in the page address as one the form accepts, and ignore any other', () => {
    const offered = INVITE_PRODUCT_OPTIONS.map((option) => option.value);
    for (const product of Object.values(INVITE_PRODUCT_SEARCH)) {
      expect(offered, product).toContain(product);
      expect(getInviteFormSchema.safeParse({ ...values, product }).success, product).toBe(true);
    }
    expect(parseGetInviteSearch({ product: 'business-kit' })).toEqual({ product: 'business-kit' });
    expect(parseGetInviteSearch({ product: 'toString' })).toEqual({});
    expect(parseGetInviteSearch({ product: ['licence'] })).toEqual({});
    expect(parseGetInviteSearch({})).toEqual({});
  });
});
