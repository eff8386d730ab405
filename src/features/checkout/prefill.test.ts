import { describe, expect, it } from 'vitest';
import type { ClientProfile } from '@/api/account';
import { EMPTY_CHECKOUT_FORM } from './checkoutForm';
import { draftOf, mergePrefill, type PreviousOrderPrefill } from './prefill';

const profile: ClientProfile = {
  name: 'Asha Kumar',
  email: 'asha@example.in',
  isEmailVerified: true,
  phoneNumber: '9876543210',
  dialCode: '+91',
  phoneNumberWithCountryCode: '+919876543210',
};

const previousOrder: PreviousOrderPrefill = {
  shippingDetails: {
    mobileNumber: '9123456780',
    address1: '12 MG Road',
    address2: 'Near the stadium',
    pinCode: '560001',
    city: 'Bengaluru',
  },
  billingDetails: {
    iHaveGSTDetails: true,
    gstDetails: { companyName: 'Kumar Sports', gstType: 'Regular', gstIn: '29ABCDE1234F1Z5' },
    billingPersonName: 'Asha Kumar',
    billingAddress1: '4 Residency Road',
    billingAddress2: '',
    billingPostalCode: '560025',
    billingCity: 'Bengaluru',
  },
};

describe('checkout prefill (spec §3 previous order, §6 profile, §4 step 13 draft)', () => {
  it('fills name, e-mail and mobile from the profile', () => {
    const values = mergePrefill({ profile });
    expect(values).toMatchObject({
      fullName: 'Asha Kumar',
      email: 'asha@example.in',
      mobileNumber: '9876543210',
    });
    expect(values.address1).toBe('');
  });

  it('fills the address and GST details from the previous order', () => {
    const values = mergePrefill({ profile, previousOrder });
    expect(values).toMatchObject({
      shippingMobileNumber: '9123456780',
      address1: '12 MG Road',
      address2: 'Near the stadium',
      postalCode: '560001',
      city: 'Bengaluru',
      iHaveGSTDetails: true,
      companyName: 'Kumar Sports',
      gstType: 'Regular',
      GSTIN: '29ABCDE1234F1Z5',
      billingPersonName: 'Asha Kumar',
      billingAddress1: '4 Residency Road',
      billingAddress2: '',
      billingPostalCode: '560025',
      billingCity: 'Bengaluru',
    });
  });

  it('what the buyer typed wins over both prefills; an empty draft field takes the prefill', () => {
    const values = mergePrefill({
      profile,
      previousOrder,
      draft: {
        values: { email: 'asha.k@example.in', address1: '99 Brigade Road', city: '', iHaveGSTDetails: false },
        useDifferentBillingAddress: true,
        state: 'KARNATAKA',
      },
    });
    expect(values.email).toBe('asha.k@example.in');
    expect(values.address1).toBe('99 Brigade Road');
    expect(values.city).toBe('Bengaluru');
    expect(values.iHaveGSTDetails).toBe(false);
    expect(values.useDifferentBillingAddress).toBe(true);
    expect(values.state).toBe('KARNATAKA');
  });

  it("keeps the read-only fields the profile's whatever the draft holds", () => {
    const values = mergePrefill({
      profile,
      draft: {
        values: { mobileNumber: '9000000000', fullName: 'Someone Else' },
        useDifferentBillingAddress: false,
        state: '',
      },
    });
    expect(values.mobileNumber).toBe('9876543210');
    expect(values.fullName).toBe('Asha Kumar');
  });

  it('a profile without a name leaves the typed name', () => {
    const values = mergePrefill({
      profile: { ...profile, name: '' },
      draft: { values: { fullName: 'Asha K' }, useDifferentBillingAddress: false, state: '' },
    });
    expect(values.fullName).toBe('Asha K');
  });

  it('ignores draft values of the wrong kind and an unknown delivery option', () => {
    const values = mergePrefill({
      profile: null,
      draft: {
        values: { tAndC: 'yes', deliveryOption: 'DRONE', otp: '123456', unknownField: 'x' },
        useDifferentBillingAddress: false,
        state: '',
      },
    });
    expect(values.tAndC).toBe(false);
    expect(values.deliveryOption).toBe('SHIPPING_SERVICE');
    expect(values.otp).toBe('');
    expect(values).not.toHaveProperty('unknownField');
  });

  it("starts in the buyer's country when nothing is saved", () => {
    expect(mergePrefill({ profile: null, countryCode: 'US' })).toMatchObject({
      country: 'US',
      billingCountry: 'US',
    });
  });

  it('the draft of a form keeps everything but the code, and reads back the same', () => {
    const form = {
      ...EMPTY_CHECKOUT_FORM,
      fullName: 'Asha',
      otp: '654321',
      state: 'GOA',
      useDifferentBillingAddress: true,
    };
    const draft = draftOf(form);
    expect(draft.values).not.toHaveProperty('otp');
    expect(draft).toMatchObject({ state: 'GOA', useDifferentBillingAddress: true });
    expect(mergePrefill({ profile: null, draft })).toEqual({ ...form, otp: '' });
  });

  it('never ticks the terms from a saved draft: the buyer accepts them for each order', () => {
    const form = { ...EMPTY_CHECKOUT_FORM, address1: '7 Park Street', tAndC: true, businessTandC: true };
    const draft = draftOf(form);
    expect(draft.values).not.toHaveProperty('tAndC');
    expect(draft.values).not.toHaveProperty('businessTandC');
    const old = { ...draft, values: { ...draft.values, tAndC: true, businessTandC: true } };
    expect(mergePrefill({ profile, draft: old })).toMatchObject({
      address1: '7 Park Street',
      tAndC: false,
      businessTandC: false,
    });
  });

  it("fills the delivery mobile with the account's number in its own country, not abroad", () => {
    expect(mergePrefill({ profile, countryCode: 'IN' }).shippingMobileNumber).toBe('9876543210');
    expect(mergePrefill({ profile, countryCode: 'US' }).shippingMobileNumber).toBe('');
    expect(mergePrefill({ profile, countryCode: 'IN', previousOrder }).shippingMobileNumber).toBe(
      '9123456780',
    );
  });

  it('never carries a coupon, referral or invite code from a draft', () => {
    const old = {
      values: { address1: '7 Park Street', couponCode: 'WELCOME10', referralCode: 'BUSINESS-DEMO' },
      useDifferentBillingAddress: false,
      state: '',
    };
    expect(mergePrefill({ profile, draft: old, countryCode: 'IN' })).toMatchObject({
      address1: '7 Park Street',
      couponCode: '',
      referralCode: '',
    });
    const draft = draftOf({ ...EMPTY_CHECKOUT_FORM, couponCode: 'WELCOME10', referralCode: 'FRIEND10' });
    expect(draft.values).not.toHaveProperty('couponCode');
    expect(draft.values).not.toHaveProperty('referralCode');
  });

  it("takes an Indian order's address only into an Indian checkout, and its GST details only there", () => {
    const abroad = mergePrefill({
      profile,
      previousOrder: { ...previousOrder, countryCode: 'IN' },
      countryCode: 'US',
    });
    expect(abroad).toMatchObject({
      country: 'US',
      address1: '',
      postalCode: '',
      city: '',
      shippingMobileNumber: '',
      billingAddress1: '',
      billingPostalCode: '',
      iHaveGSTDetails: false,
      GSTIN: '',
    });
    // An order that does not say its country is judged by its postal code.
    expect(mergePrefill({ profile, previousOrder, countryCode: 'GB' }).postalCode).toBe('');
    expect(mergePrefill({ profile, previousOrder, countryCode: 'IN' }).postalCode).toBe('560001');
  });

  it("takes a foreign address only for the same country, and only with that country's postal code", () => {
    const london = {
      values: { country: 'GB', address1: '10 Downing Street', postalCode: 'SW1A 2AA', city: 'London' },
      useDifferentBillingAddress: false,
      state: 'ENGLAND',
    };
    expect(mergePrefill({ profile: null, draft: london, countryCode: 'GB' })).toMatchObject({
      country: 'GB',
      address1: '10 Downing Street',
      postalCode: 'SW1A 2AA',
      state: 'ENGLAND',
    });
    for (const countryCode of ['IN', 'US']) {
      expect(mergePrefill({ profile: null, draft: london, countryCode })).toMatchObject({
        country: countryCode,
        address1: '',
        postalCode: '',
        city: '',
        state: '',
      });
    }
    // A UK postcode saved without its country stays out of an Indian form; "110001" out of a US one.
    const unsaid = { ...london, values: { address1: '1 High Street', postalCode: 'SW1A 2AA' } };
    expect(mergePrefill({ profile: null, draft: unsaid, countryCode: 'IN' }).postalCode).toBe('');
    const delhi = { ...london, values: { country: 'US', address1: '5 Park Avenue', postalCode: '110001' } };
    expect(mergePrefill({ profile: null, draft: delhi, countryCode: 'US' }).address1).toBe('');
  });
});
