import { DELIVERY_OPTION_LABELS, GST_TYPES, LICENCE_PRODUCT_CODE_LIST } from '@contract/constants';
import { GSTIN_PATTERN, MOBILE_PATTERN, PINCODE_LENGTH } from '@contract/patterns';
import { isPostalCodeOf, POSTAL_CODE_FORMATS } from '@contract/postal-codes';
import type { DeliveryOption } from '@contract/pricing';
import { z } from 'zod';
import { isPhoneCountry, phoneNumberError } from '@/lib/phone';
import type { EmailVerificationSnapshot } from './emailVerificationMachine';

/*
 * The checkout details form of spec §3 "Checkout form fields" and §5 "Checkout form": its values, one zod schema
 * whose superRefine applies the rules of the form's current shape (India or abroad, shipping or self pickup,
 * GST details, a different billing address), the visibility rules and the submit-area hint, all pure.
 */

export const REQUIRED_MESSAGE = 'required';
export const EMAIL_MESSAGE = 'Enter a valid email id';
export const PINCODE_MESSAGE = 'enter a valid pincode';
export const MOBILE_MESSAGE = 'Enter a valid mobile number';
export const GSTIN_MESSAGE = 'Enter a valid GSTIN';
export const TERMS_MESSAGE = 'Accept the terms and conditions to continue';
export const BUSINESS_TERMS_MESSAGE = 'Accept the business terms and conditions to continue';
/** Spec §9: the pincode field takes 6 characters. */
export const PINCODE_MAX_LENGTH = PINCODE_LENGTH;

export interface CheckoutFormValues {
  fullName: string;
  lastName: string;
  email: string;
  otp: string;
  /** The profile's number: read-only. */
  mobileNumber: string;
  /** Who the courier calls. */
  shippingMobileNumber: string;
  address1: string;
  address2: string;
  postalCode: string;
  city: string;
  /** ISO code. */
  country: string;
  /** state_name_enum. */
  state: string;
  companyName: string;
  GSTIN: string;
  gstType: string;
  iHaveGSTDetails: boolean;
  useDifferentBillingAddress: boolean;
  billingPersonName: string;
  billingAddress1: string;
  billingAddress2: string;
  billingPostalCode: string;
  billingCountry: string;
  billingCity: string;
  billingState: string;
  tAndC: boolean;
  businessTandC: boolean;
  deliveryOption: DeliveryOption;
  referralCode: string;
  couponCode: string;
}

export const EMPTY_CHECKOUT_FORM: Readonly<CheckoutFormValues> = Object.freeze({
  fullName: '',
  lastName: '',
  email: '',
  otp: '',
  mobileNumber: '',
  shippingMobileNumber: '',
  address1: '',
  address2: '',
  postalCode: '',
  city: '',
  country: 'IN',
  state: '',
  companyName: '',
  GSTIN: '',
  gstType: '',
  iHaveGSTDetails: false,
  useDifferentBillingAddress: false,
  billingPersonName: '',
  billingAddress1: '',
  billingAddress2: '',
  billingPostalCode: '',
  billingCountry: 'IN',
  billingCity: '',
  billingState: '',
  tAndC: false,
  businessTandC: false,
  deliveryOption: 'SHIPPING_SERVICE',
  referralCode: '',
  couponCode: '',
});

/** What the form's shape depends on, besides its own values. */
export interface CheckoutFormRules {
  /** The estimate's is_shipping_required (the order holds something to ship). */
  isShippingRequired: boolean;
  /** Whether the business terms box shows (businessTermsShown). */
  businessTermsShown: boolean;
  /** The licence and business-kit checkouts take an invite code, and need it. */
  inviteCodeRequired: boolean;
}

const isIndia = (country: string) => country.trim().toUpperCase() === 'IN';
const blank = (value: string) => value.trim() === '';

/** Spec §5: an Indian postal code matches the pincode pattern; another country's, that country's format. */
export function isValidPostalCode(postalCode: string | null | undefined, country: string | null | undefined) {
  return isPostalCodeOf(country ?? 'IN', postalCode ?? '');
}

/** The field's error: spec §5's for a pincode, the country's own name for it abroad. */
export function postalCodeMessage(country: string): string {
  if (isIndia(country)) return PINCODE_MESSAGE;
  return `Enter a valid ${POSTAL_CODE_FORMATS[country.trim().toUpperCase()]?.name ?? 'postal code'}`;
}

/** The country's usual postal code, as a hint under the field abroad. */
export function postalCodeHint(country: string): string | undefined {
  const format = isIndia(country) ? undefined : POSTAL_CODE_FORMATS[country.trim().toUpperCase()];
  return format && `${format.name[0]?.toUpperCase()}${format.name.slice(1)}, e.g. ${format.example}`;
}

/** Whether the order is shipped to the buyer (not collected, and something to ship). */
export function isShipped(values: Pick<CheckoutFormValues, 'deliveryOption'>, isShippingRequired: boolean) {
  return isShippingRequired && values.deliveryOption === 'SHIPPING_SERVICE';
}

/**
 * Spec §5: GST details are offered for India, or when shipping is not required; their fields (company, GSTIN,
 * type) show once the buyer ticks the GST box, so no buyer is asked for a GSTIN they do not have.
 */
export function gstOptionShown(values: Pick<CheckoutFormValues, 'country'>, isShippingRequired: boolean) {
  return isIndia(values.country) || !isShippingRequired;
}

export function gstFieldsShown(
  values: Pick<CheckoutFormValues, 'country' | 'iHaveGSTDetails'>,
  isShippingRequired: boolean,
) {
  return values.iHaveGSTDetails && gstOptionShown(values, isShippingRequired);
}

/** Spec §5: the different billing address option shows only with the GST box ticked and shipping required. */
export function differentBillingAddressShown(
  values: Pick<CheckoutFormValues, 'country' | 'iHaveGSTDetails'>,
  isShippingRequired: boolean,
) {
  return gstFieldsShown(values, isShippingRequired) && isShippingRequired;
}

export function billingFieldsShown(
  values: Pick<CheckoutFormValues, 'country' | 'iHaveGSTDetails' | 'useDifferentBillingAddress'>,
  isShippingRequired: boolean,
) {
  return values.useDifferentBillingAddress && differentBillingAddressShown(values, isShippingRequired);
}

/** Spec §5: the business terms box shows only for the business product codes (behind its feature flag). */
export function businessTermsShown(productCodes: readonly string[], businessTandCEnabled: boolean) {
  return businessTandCEnabled && productCodes.some((code) => LICENCE_PRODUCT_CODE_LIST.includes(code));
}

/** Spec §5: full name is read-only if the profile has a name. */
export function isFullNameReadOnly(profile: { name: string } | null | undefined) {
  return (profile?.name.trim() ?? '') !== '';
}

/** Spec §5: the mobile number is always read-only (it is the signed-in buyer's). */
export const MOBILE_NUMBER_READ_ONLY = true;

/** Spec §5: a dropdown with only one option is disabled. */
export function isDropdownDisabled(options: readonly unknown[]) {
  return options.length <= 1;
}

/** The delivery options the buyer can choose from: self pickup only with its feature on. */
export function deliveryOptions(selfPickupEnabled: boolean) {
  const values: DeliveryOption[] = selfPickupEnabled
    ? ['SELF_PICKUP', 'SHIPPING_SERVICE']
    : ['SHIPPING_SERVICE'];
  return values.map((value) => ({ value, label: DELIVERY_OPTION_LABELS[value] }));
}

function mobileError(value: string, country: string): string | null {
  const code = country.trim().toUpperCase();
  if (isIndia(code)) return MOBILE_PATTERN.test(value.trim()) ? null : MOBILE_MESSAGE;
  if (!isPhoneCountry(code)) return null;
  return phoneNumberError(value, code) ? MOBILE_MESSAGE : null;
}

const formValuesSchema = z.object({
  fullName: z.string(),
  lastName: z.string(),
  email: z.string(),
  otp: z.string(),
  mobileNumber: z.string(),
  shippingMobileNumber: z.string(),
  address1: z.string(),
  address2: z.string(),
  postalCode: z.string().max(PINCODE_MAX_LENGTH * 2),
  city: z.string(),
  country: z.string(),
  state: z.string(),
  companyName: z.string(),
  GSTIN: z.string(),
  gstType: z.string(),
  iHaveGSTDetails: z.boolean(),
  useDifferentBillingAddress: z.boolean(),
  billingPersonName: z.string(),
  billingAddress1: z.string(),
  billingAddress2: z.string(),
  billingPostalCode: z.string().max(PINCODE_MAX_LENGTH * 2),
  billingCountry: z.string(),
  billingCity: z.string(),
  billingState: z.string(),
  tAndC: z.boolean(),
  businessTandC: z.boolean(),
  deliveryOption: z.enum(['SELF_PICKUP', 'SHIPPING_SERVICE']),
  referralCode: z.string(),
  couponCode: z.string(),
});

const emailCheck = z.email();

/** The details form's validator for the form's current shape (spec §5 Checkout form). */
export function checkoutFormSchema(rules: CheckoutFormRules) {
  return formValuesSchema.superRefine((values, ctx) => {
    const fail = (path: keyof CheckoutFormValues, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const required = (...paths: (keyof CheckoutFormValues)[]) => {
      for (const path of paths) if (blank(String(values[path]))) fail(path, REQUIRED_MESSAGE);
    };

    required('fullName', 'mobileNumber', 'email', 'address1', 'postalCode', 'city', 'country', 'state');
    if (!blank(values.email) && !emailCheck.safeParse(values.email.trim()).success)
      fail('email', EMAIL_MESSAGE);
    if (!blank(values.postalCode) && !isValidPostalCode(values.postalCode, values.country))
      fail('postalCode', postalCodeMessage(values.country));

    if (isShipped(values, rules.isShippingRequired)) {
      required('shippingMobileNumber');
      if (!blank(values.shippingMobileNumber)) {
        const message = mobileError(values.shippingMobileNumber, values.country);
        if (message) fail('shippingMobileNumber', message);
      }
    }

    if (gstFieldsShown(values, rules.isShippingRequired)) {
      required('companyName', 'GSTIN', 'gstType');
      if (!blank(values.GSTIN) && !GSTIN_PATTERN.test(values.GSTIN.trim().toUpperCase()))
        fail('GSTIN', GSTIN_MESSAGE);
      if (!blank(values.gstType) && !(GST_TYPES as readonly string[]).includes(values.gstType))
        fail('gstType', REQUIRED_MESSAGE);
    }

    if (billingFieldsShown(values, rules.isShippingRequired)) {
      required(
        'billingPersonName',
        'billingAddress1',
        'billingPostalCode',
        'billingCountry',
        'billingCity',
        'billingState',
      );
      if (
        !blank(values.billingPostalCode) &&
        !isValidPostalCode(values.billingPostalCode, values.billingCountry)
      )
        fail('billingPostalCode', postalCodeMessage(values.billingCountry));
    }

    if (rules.inviteCodeRequired) required('referralCode');
    if (!values.tAndC) fail('tAndC', TERMS_MESSAGE);
    if (rules.businessTermsShown && !values.businessTandC) fail('businessTandC', BUSINESS_TERMS_MESSAGE);
  });
}

/** Where the e-mail's verification stands, as the submit area reads it. */
export type EmailStatus = 'verified' | 'unverified' | 'requestingCode' | 'codeSent' | 'verifyingCode';

export interface SubmitHintInput {
  email: EmailStatus;
  pincodeValid: boolean;
  fetchingShippingCost: boolean;
  formValid: boolean;
  /** The licence and business-kit invite code is the one detail missing (its field sits in the order summary). */
  onlyInviteCodeMissing?: boolean;
}

export type SubmitHint =
  | { kind: 'verifyEmail'; text: 'Verify e-mail' }
  | { kind: 'requestingCode'; text: 'Requesting code' }
  | { kind: 'completeVerification'; text: 'Complete verification' }
  | { kind: 'verificationInProgress'; text: 'Verification in progress' }
  | { kind: 'enterValidPincode'; text: 'Enter valid pincode' }
  | { kind: 'fetchingShippingCost'; text: 'Fetching shipping cost' }
  | { kind: 'enterInviteCode'; text: 'Enter your invite code in the order summary' }
  | { kind: 'fillAllDetails'; text: 'Fill all details' };

/** Spec §5: the one hint the submit area shows, the first that applies in the spec's priority order. */
export function submitHint(input: SubmitHintInput): SubmitHint | null {
  if (input.email === 'unverified') return { kind: 'verifyEmail', text: 'Verify e-mail' };
  if (input.email === 'requestingCode') return { kind: 'requestingCode', text: 'Requesting code' };
  if (input.email === 'codeSent') return { kind: 'completeVerification', text: 'Complete verification' };
  if (input.email === 'verifyingCode')
    return { kind: 'verificationInProgress', text: 'Verification in progress' };
  if (!input.pincodeValid) return { kind: 'enterValidPincode', text: 'Enter valid pincode' };
  if (input.fetchingShippingCost) return { kind: 'fetchingShippingCost', text: 'Fetching shipping cost' };
  if (!input.formValid && input.onlyInviteCodeMissing)
    return { kind: 'enterInviteCode', text: 'Enter your invite code in the order summary' };
  if (!input.formValid) return { kind: 'fillAllDetails', text: 'Fill all details' };
  return null;
}

/** The e-mail verification machine's state as the submit area reads it. */
export function emailStatusOf(snapshot: EmailVerificationSnapshot): EmailStatus {
  if (snapshot.matches('emailVerified')) return 'verified';
  if (
    snapshot.matches('emailVerificationPending') ||
    snapshot.matches('sendingCode') ||
    snapshot.matches({ codeSent: 'resendInProgress' })
  )
    return 'requestingCode';
  if (snapshot.matches({ codeSent: 'inProgress' }) || snapshot.matches({ codeSent: 'success' }))
    return 'verifyingCode';
  if (snapshot.matches('codeSent')) return 'codeSent';
  return 'unverified';
}
