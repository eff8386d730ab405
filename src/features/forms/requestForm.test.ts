import { describe, expect, it } from 'vitest';
import { INVITE_PRODUCT_SEARCH, parseGetInviteSearch } from '@/lib/inviteSearch';
import { BOOK_A_DEMO_FORM, GIVEAWAY_CONTEST_FORM, ORDER_SETUP_CALL_FORM } from './definitions';
import { GET_INVITE_FORM, INVITE_PRODUCT_OPTIONS } from './getInvite';
import {
  countryOptionOf,
  draftOf,
  emptyValues,
  profileCountry,
  requestFormApiFields,
  requestFormSchema,
  toSubmission,
  valuesFromDraft,
} from './requestForm';

const invite = {
  country: countryOptionOf('US'),
  phone: '(201) 555-0123',
  fields: {
    name: ' Sam Lee ',
    email: 'sam@example.com ',
    city: 'Jersey City',
    organisation: '  ',
    product: 'BUSINESS_LICENCE',
    message: '',
  },
};

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i): [string, string] => [i.path.join('.'), i.message]) ?? [];

/** The message each field shows: its first. */
const shown = (list: [string, string][]) => new Map([...list].reverse());

// 09:00 in Kolkata, 1 July 2026.
const at = () => new Date('2026-07-01T03:30:00Z');

describe('a request form', () => {
  it('becomes the wire submission with the dial code of the chosen country, empty optional fields left out', () => {
    expect(toSubmission(GET_INVITE_FORM, invite)).toEqual({
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

  it('checks the number for the chosen country', () => {
    const schema = requestFormSchema(GET_INVITE_FORM);
    expect(schema.safeParse(invite).success).toBe(true);
    expect(issues(schema.safeParse({ ...invite, country: countryOptionOf('IN') }))).toEqual([
      ['phone', 'Enter a valid mobile number'],
    ]);
  });

  it("says spec §5's messages for every field it checks", () => {
    const schema = requestFormSchema(BOOK_A_DEMO_FORM, at);
    const values = emptyValues(BOOK_A_DEMO_FORM);
    values.fields.email = 'asha@';
    values.fields.pincode = '5600';
    expect(shown(issues(schema.safeParse(values)))).toEqual(
      new Map([
        ['fields.product', 'Choose a product'],
        ['fields.name', 'Enter your name'],
        ['fields.email', 'Enter a valid email id'],
        ['fields.city', 'Enter your city'],
        ['fields.pincode', 'enter a valid pincode'],
        ['fields.preferred_date', 'Choose a date'],
        ['fields.preferred_time_slot', 'Choose a time'],
        ['phone', 'Enter a valid mobile number'],
      ]),
    );
  });

  it("takes a preferred date from today to 60 days ahead in the shop's calendar", () => {
    const schema = requestFormSchema(ORDER_SETUP_CALL_FORM, at);
    const values = (date: string) => ({
      ...emptyValues(ORDER_SETUP_CALL_FORM),
      fields: { preferred_date: date, preferred_time_slot: 'MORNING', message: '' },
    });
    expect(schema.safeParse(values('2026-07-01')).success).toBe(true);
    expect(schema.safeParse(values('2026-08-30')).success).toBe(true);
    expect(issues(schema.safeParse(values('2026-06-30')))).toEqual([
      ['fields.preferred_date', 'Choose today or a later date'],
    ]);
    expect(issues(schema.safeParse(values('2026-08-31')))).toEqual([
      ['fields.preferred_date', 'Choose a date within 60 days'],
    ]);
  });

  it('adds what the page knows and maps the server field errors back onto its fields', () => {
    const values = {
      ...emptyValues(ORDER_SETUP_CALL_FORM),
      fields: { preferred_date: '2026-07-02', preferred_time_slot: 'EVENING', message: ' ' },
    };
    expect(toSubmission(ORDER_SETUP_CALL_FORM, values, { orderId: 'ord_1' })).toEqual({
      form_id: 'order_setup_call',
      form_submission_data: {
        preferred_date: '2026-07-02',
        preferred_time_slot: 'EVENING',
        orderId: 'ord_1',
      },
    });
    expect(requestFormApiFields(GIVEAWAY_CONTEST_FORM)).toMatchObject({
      'form_submission_data.player_role': 'fields.player_role',
      'form_submission_data.phone_number': 'phone',
      'form_submission_data.country_code': 'country',
    });
    expect(requestFormApiFields(ORDER_SETUP_CALL_FORM)).not.toHaveProperty(
      'form_submission_data.phone_number',
    );
  });

  it('keeps a draft of what was typed and reads it back, ignoring what the form does not have', () => {
    const draft = draftOf(invite);
    const back = valuesFromDraft(GET_INVITE_FORM, emptyValues(GET_INVITE_FORM), { ...draft, sneaky: 'x' });
    expect(back).toEqual(invite);
    expect(back.fields).not.toHaveProperty('sneaky');
  });

  it("takes a +1 profile number's country from the number itself", () => {
    expect(profileCountry({ phoneNumberWithCountryCode: '+12015550123' })).toBe('US');
    expect(profileCountry({ phoneNumberWithCountryCode: '+14165550123' })).toBe('CA');
    expect(countryOptionOf(null).value).toBe('IN');
  });

  it('takes a product named in the page address as one the get-invite form accepts, and ignores any other', () => {
    const offered = INVITE_PRODUCT_OPTIONS.map((option) => option.value);
    const schema = requestFormSchema(GET_INVITE_FORM);
    for (const product of Object.values(INVITE_PRODUCT_SEARCH)) {
      expect(offered, product).toContain(product);
      expect(schema.safeParse({ ...invite, fields: { ...invite.fields, product } }).success, product).toBe(
        true,
      );
    }
    expect(parseGetInviteSearch({ product: 'business-kit' })).toEqual({ product: 'business-kit' });
    expect(parseGetInviteSearch({ product: 'toString' })).toEqual({});
  });
});
