import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ClientProfile } from '@/api/account';
import {
  BUSINESS_TERMS_MESSAGE,
  billingFieldsShown,
  businessTermsShown,
  type CheckoutFormRules,
  type CheckoutFormValues,
  checkoutFormSchema,
  deliveryOptions,
  differentBillingAddressShown,
  EMAIL_MESSAGE,
  EMPTY_CHECKOUT_FORM,
  emailStatusOf,
  GSTIN_MESSAGE,
  gstFieldsShown,
  gstOptionShown,
  isDropdownDisabled,
  isFullNameReadOnly,
  isValidPostalCode,
  MOBILE_MESSAGE,
  PINCODE_MESSAGE,
  REQUIRED_MESSAGE,
  type SubmitHintInput,
  submitHint,
  TERMS_MESSAGE,
} from './checkoutForm';
import { emailVerificationMachine } from './emailVerificationMachine';

const indiaShipping: CheckoutFormValues = {
  ...EMPTY_CHECKOUT_FORM,
  fullName: 'Asha Kumar',
  email: 'asha@example.in',
  mobileNumber: '9876543210',
  shippingMobileNumber: '9123456780',
  address1: '12 MG Road',
  postalCode: '560001',
  city: 'Bengaluru',
  country: 'IN',
  state: 'KARNATAKA',
  tAndC: true,
};
const shipping: CheckoutFormRules = {
  isShippingRequired: true,
  businessTermsShown: false,
  inviteCodeRequired: false,
};
const digital: CheckoutFormRules = { ...shipping, isShippingRequired: false };

/** Field → messages, as the form shows them. */
function errorsOf(values: CheckoutFormValues, rules: CheckoutFormRules): Record<string, string[]> {
  const result = checkoutFormSchema(rules).safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0]);
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

describe('checkout form schema (spec §5 Checkout form)', () => {
  it('accepts a complete Indian shipping form', () => {
    expect(errorsOf(indiaShipping, shipping)).toEqual({});
  });

  it('says "required" under every empty required field; address2 is optional', () => {
    const empty = { ...EMPTY_CHECKOUT_FORM, country: '', tAndC: true };
    expect(errorsOf(empty, shipping)).toEqual({
      fullName: [REQUIRED_MESSAGE],
      mobileNumber: [REQUIRED_MESSAGE],
      email: [REQUIRED_MESSAGE],
      address1: [REQUIRED_MESSAGE],
      postalCode: [REQUIRED_MESSAGE],
      city: [REQUIRED_MESSAGE],
      country: [REQUIRED_MESSAGE],
      state: [REQUIRED_MESSAGE],
      shippingMobileNumber: [REQUIRED_MESSAGE],
    });
  });

  it('checks the e-mail ("Enter a valid email id")', () => {
    expect(errorsOf({ ...indiaShipping, email: 'asha@' }, shipping)).toEqual({ email: [EMAIL_MESSAGE] });
  });

  it("a postal code must be of the chosen country's format: a pincode in India, a ZIP in the US", () => {
    expect(errorsOf({ ...indiaShipping, postalCode: '56001' }, shipping)).toEqual({
      postalCode: [PINCODE_MESSAGE],
    });
    expect(errorsOf({ ...indiaShipping, postalCode: '56000A' }, shipping)).toEqual({
      postalCode: [PINCODE_MESSAGE],
    });
    const abroad = {
      ...indiaShipping,
      country: 'GB',
      state: 'ENGLAND',
      postalCode: 'SW1A 1AA',
      shippingMobileNumber: '7400123456',
    };
    expect(errorsOf(abroad, shipping)).toEqual({});
    expect(isValidPostalCode('SW1A 1AA', 'GB')).toBe(true);
    expect(isValidPostalCode(' ', 'GB')).toBe(false);
    expect(isValidPostalCode('560001', 'IN')).toBe(true);
    // A UK postcode in the Indian form, an Indian pincode as a New York ZIP: the field says so.
    expect(errorsOf({ ...indiaShipping, postalCode: 'SW1A 1AA' }, shipping)).toEqual({
      postalCode: [PINCODE_MESSAGE],
    });
    const newYork = { ...abroad, country: 'US', state: 'NEW_YORK', shippingMobileNumber: '2125550123' };
    expect(errorsOf({ ...newYork, postalCode: '110001' }, shipping)).toEqual({
      postalCode: ['Enter a valid ZIP code'],
    });
    expect(errorsOf({ ...newYork, postalCode: '10118' }, shipping)).toEqual({});
    expect(errorsOf({ ...newYork, postalCode: '10118-0110' }, shipping)).toEqual({});
    expect(isValidPostalCode('110001', 'GB')).toBe(false);
    expect(isValidPostalCode('k1a 0b1', 'CA')).toBe(true);
    expect(isValidPostalCode('2000', 'AU')).toBe(true);
    expect(isValidPostalCode('20000', 'AU')).toBe(false);
  });

  it('the shipping mobile number must match the mobile pattern, and is not asked for a pickup or a digital order', () => {
    expect(errorsOf({ ...indiaShipping, shippingMobileNumber: '4123456789' }, shipping)).toEqual({
      shippingMobileNumber: [MOBILE_MESSAGE],
    });
    expect(errorsOf({ ...indiaShipping, shippingMobileNumber: '' }, digital)).toEqual({});
    expect(
      errorsOf({ ...indiaShipping, shippingMobileNumber: '', deliveryOption: 'SELF_PICKUP' }, shipping),
    ).toEqual({});
  });

  it('T&C must be ticked; business T&C only when its box shows', () => {
    expect(errorsOf({ ...indiaShipping, tAndC: false }, shipping)).toEqual({ tAndC: [TERMS_MESSAGE] });
    expect(errorsOf(indiaShipping, { ...shipping, businessTermsShown: true })).toEqual({
      businessTandC: [BUSINESS_TERMS_MESSAGE],
    });
    expect(
      errorsOf({ ...indiaShipping, businessTandC: true }, { ...shipping, businessTermsShown: true }),
    ).toEqual({});
  });

  it('with the GST box ticked: company, GSTIN (spec pattern) and GST type are required', () => {
    const gst = { ...indiaShipping, iHaveGSTDetails: true };
    expect(errorsOf(gst, shipping)).toEqual({
      companyName: [REQUIRED_MESSAGE],
      GSTIN: [REQUIRED_MESSAGE],
      gstType: [REQUIRED_MESSAGE],
    });
    const filled = { ...gst, companyName: 'Kumar Sports', GSTIN: '29ABCDE1234F1Z5', gstType: 'Regular' };
    expect(errorsOf(filled, shipping)).toEqual({});
    expect(errorsOf({ ...filled, GSTIN: '29ABCDE1234F0Z5' }, shipping)).toEqual({ GSTIN: [GSTIN_MESSAGE] });
    expect(errorsOf({ ...filled, gstType: 'Other' }, shipping)).toEqual({ gstType: [REQUIRED_MESSAGE] });
  });

  it('a shipped order abroad has no GST fields, even with the box ticked', () => {
    const abroad = {
      ...indiaShipping,
      country: 'US',
      state: 'NEW_YORK',
      postalCode: '10001',
      shippingMobileNumber: '2015550123',
      iHaveGSTDetails: true,
    };
    expect(errorsOf(abroad, shipping)).toEqual({});
  });

  it('a different billing address needs its own fields (billingAddress2 optional)', () => {
    const billing = {
      ...indiaShipping,
      iHaveGSTDetails: true,
      companyName: 'Kumar Sports',
      GSTIN: '29ABCDE1234F1Z5',
      gstType: 'Regular',
      useDifferentBillingAddress: true,
      billingCountry: 'IN',
    };
    expect(errorsOf(billing, shipping)).toEqual({
      billingPersonName: [REQUIRED_MESSAGE],
      billingAddress1: [REQUIRED_MESSAGE],
      billingPostalCode: [REQUIRED_MESSAGE],
      billingCity: [REQUIRED_MESSAGE],
      billingState: [REQUIRED_MESSAGE],
    });
    const complete = {
      ...billing,
      billingPersonName: 'Asha Kumar',
      billingAddress1: '4 Residency Road',
      billingPostalCode: '5600',
      billingCity: 'Bengaluru',
      billingState: 'KARNATAKA',
    };
    expect(errorsOf(complete, shipping)).toEqual({ billingPostalCode: [PINCODE_MESSAGE] });
    expect(errorsOf({ ...complete, billingPostalCode: '560025' }, shipping)).toEqual({});
    // Without shipping the option does not show, so its fields are not asked for.
    expect(errorsOf(billing, digital)).toEqual({});
  });

  it('the licence and business-kit checkouts need their invite code', () => {
    expect(errorsOf(indiaShipping, { ...shipping, inviteCodeRequired: true })).toEqual({
      referralCode: [REQUIRED_MESSAGE],
    });
    expect(
      errorsOf({ ...indiaShipping, referralCode: 'INVITE1' }, { ...shipping, inviteCodeRequired: true }),
    ).toEqual({});
  });
});

describe('checkout form visibility (spec §5)', () => {
  it('GST details: offered for India, or when shipping is not required; fields once ticked', () => {
    expect(gstOptionShown({ country: 'IN' }, true)).toBe(true);
    expect(gstOptionShown({ country: 'US' }, true)).toBe(false);
    expect(gstOptionShown({ country: 'US' }, false)).toBe(true);
    expect(gstFieldsShown({ country: 'IN', iHaveGSTDetails: false }, true)).toBe(false);
    expect(gstFieldsShown({ country: 'IN', iHaveGSTDetails: true }, true)).toBe(true);
    expect(gstFieldsShown({ country: 'US', iHaveGSTDetails: true }, false)).toBe(true);
    expect(gstFieldsShown({ country: 'US', iHaveGSTDetails: true }, true)).toBe(false);
  });

  it('a different billing address: only with GST ticked and shipping required', () => {
    expect(differentBillingAddressShown({ country: 'IN', iHaveGSTDetails: true }, true)).toBe(true);
    expect(differentBillingAddressShown({ country: 'IN', iHaveGSTDetails: false }, true)).toBe(false);
    expect(differentBillingAddressShown({ country: 'IN', iHaveGSTDetails: true }, false)).toBe(false);
    expect(
      billingFieldsShown({ country: 'IN', iHaveGSTDetails: true, useDifferentBillingAddress: true }, true),
    ).toBe(true);
    expect(
      billingFieldsShown({ country: 'IN', iHaveGSTDetails: true, useDifferentBillingAddress: false }, true),
    ).toBe(false);
  });

  it('business T&C: only for the business product codes, with its flag on', () => {
    expect(businessTermsShown(['IBC_PREMIUM_LICENCE'], true)).toBe(true);
    expect(businessTermsShown(['IBC_BUSINESS_EDITION_GAME', 'BAT'], true)).toBe(true);
    expect(businessTermsShown(['IBC_GAME_1_PROFILE_KEY'], true)).toBe(false);
    expect(businessTermsShown(['IBC_PREMIUM_LICENCE'], false)).toBe(false);
  });

  it('full name read-only with a profile name; a one-option dropdown disabled', () => {
    expect(isFullNameReadOnly({ name: 'Asha' })).toBe(true);
    expect(isFullNameReadOnly({ name: ' ' })).toBe(false);
    expect(isFullNameReadOnly(null)).toBe(false);
    expect(isDropdownDisabled([{ value: 'IN' }])).toBe(true);
    expect(isDropdownDisabled([{ value: 'IN' }, { value: 'US' }])).toBe(false);
  });

  it('delivery options: Self Pickup and Delivery, self pickup only with its feature', () => {
    expect(deliveryOptions(true)).toEqual([
      { value: 'SELF_PICKUP', label: 'Self Pickup' },
      { value: 'SHIPPING_SERVICE', label: 'Delivery' },
    ]);
    expect(deliveryOptions(false)).toEqual([{ value: 'SHIPPING_SERVICE', label: 'Delivery' }]);
  });
});

describe('submit-area hint (spec §5, in priority order)', () => {
  const ready: SubmitHintInput = {
    email: 'verified',
    pincodeValid: true,
    fetchingShippingCost: false,
    formValid: true,
  };
  const worst: SubmitHintInput = {
    email: 'unverified',
    pincodeValid: false,
    fetchingShippingCost: true,
    formValid: false,
  };

  it.each([
    ['verify e-mail', worst, 'Verify e-mail'],
    ['requesting code', { ...worst, email: 'requestingCode' }, 'Requesting code'],
    ['complete verification', { ...worst, email: 'codeSent' }, 'Complete verification'],
    ['verification in progress', { ...worst, email: 'verifyingCode' }, 'Verification in progress'],
    ['enter valid pincode', { ...worst, email: 'verified' }, 'Enter valid pincode'],
    ['fetching shipping cost', { ...worst, email: 'verified', pincodeValid: true }, 'Fetching shipping cost'],
    ['fill all details', { ...ready, formValid: false }, 'Fill all details'],
    [
      'enter the invite code',
      { ...ready, formValid: false, onlyInviteCodeMissing: true },
      'Enter your invite code in the order summary',
    ],
    [
      'fill all details before the invite code',
      {
        ...worst,
        email: 'verified',
        pincodeValid: true,
        fetchingShippingCost: false,
        onlyInviteCodeMissing: false,
      },
      'Fill all details',
    ],
  ] as const)('%s', (_, input, text) => {
    expect(submitHint(input)?.text).toBe(text);
  });

  it('no hint once everything is in order', () => {
    expect(submitHint(ready)).toBeNull();
  });

  it('reads the e-mail verification machine', async () => {
    const verified = createActor(emailVerificationMachine, {
      input: { profileEmail: 'asha@example.in', isEmailVerified: true },
    }).start();
    expect(emailStatusOf(verified.getSnapshot())).toBe('verified');

    let sendCode!: () => void;
    const machine = emailVerificationMachine.provide({
      actors: {
        requestEmailOtp: fromPromise(
          () =>
            new Promise((resolve) => {
              sendCode = () =>
                resolve({
                  message: 'sent',
                  res_status: 'OTP_SENT',
                  expires_in: 600,
                  resend_after_seconds: 30,
                  email: 'asha@example.in',
                });
            }),
        ),
        verifyEmailOtp: fromPromise<ClientProfile, { otp: string }>(() => new Promise(() => {})),
      },
    });
    const actor = createActor(machine, {
      input: { profileEmail: 'asha@example.in', isEmailVerified: false },
    }).start();
    expect(emailStatusOf(actor.getSnapshot())).toBe('unverified');
    actor.send({ type: 'VERIFY_EMAIL' });
    expect(emailStatusOf(actor.getSnapshot())).toBe('requestingCode');
    sendCode();
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(emailStatusOf(actor.getSnapshot())).toBe('codeSent');
    actor.send({ type: 'OTP_UPDATE', otp: '123456' });
    expect(emailStatusOf(actor.getSnapshot())).toBe('verifyingCode');
  });
});
