import type { ClientProfile } from '@/api/account';
import { dialCodeOf, isPhoneCountry } from '@/lib/phone';
import type { CheckoutDraft } from '@/storage/checkoutDraft';
import { type CheckoutFormValues, EMPTY_CHECKOUT_FORM, isValidPostalCode } from './checkoutForm';

/*
 * The details form's starting values (spec §6: the signed-in buyer's profile prefills the checkout; spec §3
 * "Previous order data reused to prefill the form"; spec §4 step 13: the saved draft). What the buyer typed (the
 * draft) wins over any prefill; an empty draft field takes the prefill. The read-only fields (spec §5: the mobile
 * number, and the full name when the profile has one) always come from the profile. An address (and the number the
 * courier calls) is taken only where it fits the country chosen now, GST details only for India; codes (coupon,
 * referral, invite) are never carried into a new checkout: they belong to the order they were applied to.
 */

/** Spec §3: the previous order's data the form reuses. */
export interface PreviousOrderPrefill {
  /** The country the order was placed for (ISO code), when it says. */
  countryCode?: string;
  shippingDetails?: {
    mobileNumber?: string;
    address1?: string;
    address2?: string;
    pinCode?: string;
    city?: string;
  };
  billingDetails?: {
    iHaveGSTDetails?: boolean;
    gstDetails?: { companyName?: string; gstType?: string; gstIn?: string };
    billingPersonName?: string;
    billingAddress1?: string;
    billingAddress2?: string;
    billingPostalCode?: string;
    billingCity?: string;
    /** ISO code. */
    billingCountry?: string;
  };
}

export interface PrefillSources {
  profile: ClientProfile | null;
  previousOrder?: PreviousOrderPrefill | null;
  draft?: CheckoutDraft | null;
  /** The buyer's country, for a form with nothing saved. */
  countryCode?: string;
}

type Prefill = Partial<CheckoutFormValues>;

/** Drops what is absent or blank, so a missing value never overwrites another source's. */
function present(values: Record<string, string | boolean | undefined | null>): Prefill {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([, value]) =>
        value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === ''),
    ),
  ) as Prefill;
}

function fromProfile(profile: ClientProfile | null): Prefill {
  if (!profile) return {};
  return present({ fullName: profile.name, email: profile.email, mobileNumber: profile.phoneNumber });
}

function fromPreviousOrder(order: PreviousOrderPrefill | null | undefined): Prefill {
  const shipping = order?.shippingDetails;
  const billing = order?.billingDetails;
  return present({
    shippingMobileNumber: shipping?.mobileNumber,
    address1: shipping?.address1,
    address2: shipping?.address2,
    postalCode: shipping?.pinCode,
    city: shipping?.city,
    iHaveGSTDetails: billing?.iHaveGSTDetails,
    companyName: billing?.gstDetails?.companyName,
    gstType: billing?.gstDetails?.gstType,
    GSTIN: billing?.gstDetails?.gstIn,
    billingPersonName: billing?.billingPersonName,
    billingAddress1: billing?.billingAddress1,
    billingAddress2: billing?.billingAddress2,
    billingPostalCode: billing?.billingPostalCode,
    billingCity: billing?.billingCity,
    billingCountry: billing?.billingCountry,
  });
}

const FORM_KEYS = Object.keys(EMPTY_CHECKOUT_FORM) as (keyof CheckoutFormValues)[];

function fromDraft(draft: CheckoutDraft | null | undefined): Prefill {
  if (!draft) return {};
  const known: Record<string, string | boolean> = {};
  for (const key of FORM_KEYS) {
    const value = draft.values[key];
    // A value of the wrong kind (a field renamed since) is ignored rather than trusted.
    if (value !== undefined && typeof value === typeof EMPTY_CHECKOUT_FORM[key]) known[key] = value;
  }
  return present({
    ...known,
    useDifferentBillingAddress: draft.useDifferentBillingAddress,
    state: draft.state,
    otp: undefined,
    couponCode: undefined,
    referralCode: undefined,
    // The buyer accepts the terms for each order, never from a saved draft.
    tAndC: undefined,
    businessTandC: undefined,
  });
}

const SHIPPING_KEYS = [
  'shippingMobileNumber',
  'address1',
  'address2',
  'postalCode',
  'city',
  'state',
] as const;
const BILLING_KEYS = [
  'billingPersonName',
  'billingAddress1',
  'billingAddress2',
  'billingPostalCode',
  'billingCity',
  'billingState',
  'billingCountry',
] as const;
const GST_KEYS = [
  'iHaveGSTDetails',
  'companyName',
  'gstType',
  'GSTIN',
  'useDifferentBillingAddress',
] as const;

const upper = (code: string | undefined) => code?.trim().toUpperCase() || undefined;

/**
 * What of a saved source fits the country chosen now: its address where it was for that country (or says none)
 * and its postal code is of that country's format; its GST details in India only.
 */
function fitting(values: Prefill, sourceCountry: string | undefined, chosen: string): Prefill {
  const kept: Prefill = { ...values };
  const drop = (keys: readonly (keyof CheckoutFormValues)[]) => {
    for (const key of keys) delete kept[key];
  };
  const fits = (country: string | undefined, postalCode: string | undefined) =>
    (upper(country) ?? chosen) === chosen && (!postalCode || isValidPostalCode(postalCode, chosen));
  if (!fits(sourceCountry, values.postalCode)) drop(SHIPPING_KEYS);
  if (!fits(values.billingCountry ?? sourceCountry, values.billingPostalCode)) drop(BILLING_KEYS);
  if (chosen !== 'IN') drop(GST_KEYS);
  delete kept.country;
  return kept;
}

/** Whether a saved draft was for the country chosen now (its state and delivery belong to that country). */
export function draftFitsCountry(draft: CheckoutDraft | null | undefined, countryCode: string): boolean {
  const saved = draft?.values.country;
  return typeof saved !== 'string' || upper(saved) === upper(countryCode);
}

/** The form's starting values: defaults, then the previous order, then the profile, then the draft. */
export function mergePrefill({
  profile,
  previousOrder,
  draft,
  countryCode,
}: PrefillSources): CheckoutFormValues {
  const profileValues = fromProfile(profile);
  const draftValues = fromDraft(draft);
  const chosen = upper(countryCode) ?? upper(draftValues.country) ?? EMPTY_CHECKOUT_FORM.country;
  const merged: CheckoutFormValues = {
    ...EMPTY_CHECKOUT_FORM,
    country: chosen,
    billingCountry: chosen,
    ...fitting(fromPreviousOrder(previousOrder), upper(previousOrder?.countryCode), chosen),
    ...profileValues,
    ...fitting(draftValues, upper(draftValues.country), chosen),
  };
  // Read-only fields: the buyer could not have typed them, so the profile's stand.
  if (profileValues.mobileNumber) merged.mobileNumber = profileValues.mobileNumber;
  if (profileValues.fullName) merged.fullName = profileValues.fullName;
  // The courier calls the account's number when it is of the delivery country and nothing else was given.
  if (!merged.shippingMobileNumber.trim() && profile && isAccountCountry(profile, merged.country))
    merged.shippingMobileNumber = profile.phoneNumber;
  if (merged.deliveryOption !== 'SELF_PICKUP' && merged.deliveryOption !== 'SHIPPING_SERVICE')
    merged.deliveryOption = 'SHIPPING_SERVICE';
  return merged;
}

/** Whether the account's mobile number is one of this country's (its dial code is the country's). */
function isAccountCountry(profile: ClientProfile, country: string): boolean {
  const iso = country.trim().toUpperCase();
  return isPhoneCountry(iso) && profile.dialCode === dialCodeOf(iso);
}

/**
 * What the draft keeps of the form (spec §4 step 13): the values without the one-time code, the terms (accepted
 * anew each time) and the coupon, referral or invite code (each belongs to its own order), the toggle and the state.
 */
export function draftOf(values: CheckoutFormValues): CheckoutDraft {
  const {
    otp: _otp,
    tAndC: _terms,
    businessTandC: _businessTerms,
    couponCode: _coupon,
    referralCode: _referral,
    ...kept
  } = values;
  return { values: kept, useDifferentBillingAddress: values.useDifferentBillingAddress, state: values.state };
}
