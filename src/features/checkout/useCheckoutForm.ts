import { PINCODE_PATTERN } from '@contract/patterns';
import { useStore } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ClientProfile } from '@/api/account';
import { applyApiFieldError } from '@/api/errorMessages';
import { statesQuery } from '@/api/places';
import { cityOf, fetchPostOffice, type PostOffice, stateOptionFor } from '@/api/postal';
import { setCountry } from '@/state/country';
import { readDeliveryPincode } from '@/state/deliveryPincode';
import type { CheckoutDraft } from '@/storage/checkoutDraft';
import { useAppForm } from '@/ui/form/form';
import {
  businessTermsShown,
  type CheckoutFormRules,
  type CheckoutFormValues,
  checkoutFormSchema,
  emailStatusOf,
  isValidPostalCode,
  type SubmitHint,
  submitHint,
} from './checkoutForm';
import { isFetchingShippingCost } from './checkoutMachine';
import { createDraftSaver } from './draftSaver';
import { mergePrefill } from './prefill';
import type { CheckoutController } from './useCheckout';

/*
 * The details form's logic: its values (prefilled from the profile, the previous order and the draft), the
 * validator of its current shape, the e-mail's verification, the draft kept as the buyer types, the pincode's
 * auto-fill, and the draft the checkout machine orders from.
 */

/** Where a server's field error goes on the details form (spec §8: under the field it names). */
const API_FIELDS: Readonly<Record<string, keyof CheckoutFormValues>> = {
  shipping_pin_code: 'postalCode',
  pin_code: 'postalCode',
  pincode: 'postalCode',
  state_name: 'state',
  country_name: 'country',
  email: 'email',
};

function useDetailsForm(defaultValues: CheckoutFormValues, schema: ReturnType<typeof checkoutFormSchema>) {
  return useAppForm({ defaultValues, validators: { onChange: schema, onBlur: schema } });
}

export type DetailsFormApi = ReturnType<typeof useDetailsForm>;

export interface UseCheckoutFormOptions {
  controller: CheckoutController;
  profile: ClientProfile;
  draft: CheckoutDraft | null;
}

export function useCheckoutForm({ controller, profile, draft }: UseCheckoutFormOptions) {
  const client = useQueryClient();
  const { checkout } = controller;
  // The machine's children: the code machines from its start, the e-mail's verification from the profile on.
  const { coupon, referral, email: started } = checkout.getSnapshot().context;
  if (!started) throw new Error('The details form needs the profile the e-mail verification started with');
  const email = started;

  const isShippingRequired = useSelector(checkout, (s) => s.context.isShippingRequired);
  const showBusinessTerms = businessTermsShown(controller.productCodes, controller.features.businessTandC);
  const inviteCodeRequired = controller.variant !== 'default';
  const rules: CheckoutFormRules = useMemo(
    () => ({ isShippingRequired, businessTermsShown: showBusinessTerms, inviteCodeRequired }),
    [isShippingRequired, showBusinessTerms, inviteCodeRequired],
  );
  const schema = useMemo(() => checkoutFormSchema(rules), [rules]);

  const [defaultValues] = useStateOnce(() => ({
    ...mergePrefill({
      profile,
      previousOrder: checkout.getSnapshot().context.orderDetails?.prefill ?? null,
      draft,
      countryCode: controller.countryCode,
    }),
    // The country is the shop's (its currency follows it); the e-mail is the verification's.
    country: controller.countryCode,
    email: email.getSnapshot().context.email,
    couponCode: coupon.getSnapshot().context.code,
    referralCode: referral.getSnapshot().context.appliedCode ?? '',
  }));
  const form = useDetailsForm(defaultValues, schema);
  const values = useStore(form.store, (state) => state.values);
  const checked = useMemo(() => schema.safeParse(values), [schema, values]);
  const valid = checked.success;
  const onlyInviteCodeMissing =
    !checked.success && checked.error.issues.every((issue) => issue.path[0] === 'referralCode');

  // The draft (spec §4 step 13): every change kept on the device, written once typing pauses and on leaving.
  useEffect(() => {
    const saver = createDraftSaver();
    const sub = form.store.subscribe(() => saver.save(form.state.values));
    return () => {
      sub.unsubscribe();
      void saver.dispose();
    };
  }, [form]);

  // The e-mail field is the verification's; the code fields are their machines'.
  const typedEmail = useSelector(email, (s) => s.context.email);
  const couponCode = useSelector(coupon, (s) => s.context.code);
  const referralCode = useSelector(referral, (s) => s.context.appliedCode ?? '');
  useEffect(() => {
    if (form.getFieldValue('email') !== typedEmail) form.setFieldValue('email', typedEmail);
  }, [form, typedEmail]);
  useEffect(() => {
    if (form.getFieldValue('couponCode') !== couponCode) form.setFieldValue('couponCode', couponCode);
  }, [form, couponCode]);
  useEffect(() => {
    if (form.getFieldValue('referralCode') !== referralCode) form.setFieldValue('referralCode', referralCode);
  }, [form, referralCode]);

  // The country is the shop's: a currency switch elsewhere changes the form's, and the form's changes the shop's.
  // Shop to form runs no listener: this render's country may be older than the shop's, and must not be sent back.
  useEffect(() => {
    if (form.getFieldValue('country') !== controller.countryCode) {
      form.setFieldValue('country', controller.countryCode, { dontRunListeners: true });
      form.setFieldValue('state', '');
    }
  }, [form, controller.countryCode]);

  // Pickup points are in India, and only with the feature on: anywhere else the order is shipped.
  const pickupOffered = controller.features.selfPickup && controller.countryCode === 'IN';
  useEffect(() => {
    if (!pickupOffered && form.getFieldValue('deliveryOption') !== 'SHIPPING_SERVICE')
      form.setFieldValue('deliveryOption', 'SHIPPING_SERVICE');
  }, [form, pickupOffered]);

  // The draft: the machine decides what to fetch next and orders from it.
  useEffect(() => {
    checkout.send({ type: 'FORM_CHANGED', values, valid });
  }, [checkout, values, valid]);

  // Pincode auto-fill (spec §2, §5 Postal lookup): city and state follow an Indian pincode; failures are silent.
  const fill = useRef(
    (office: PostOffice, states: readonly { state_name: string; state_name_enum: string }[]) => {
      const city = cityOf(office);
      if (city !== '') form.setFieldValue('city', city);
      const state = stateOptionFor(office, states);
      if (state) form.setFieldValue('state', state.state_name_enum);
    },
  );
  const lookedUp = useRef(
    // A pincode saved with its city and state needs no lookup again.
    defaultValues.city.trim() !== '' && defaultValues.state !== '' ? defaultValues.postalCode : '',
  );
  // The pincode the buyer checked delivery to on a product page, where the form has none yet.
  useEffect(() => {
    let live = true;
    void readDeliveryPincode().then((pincode) => {
      if (!live || !pincode || form.getFieldValue('country') !== 'IN') return;
      if (form.getFieldValue('postalCode').trim() === '') form.setFieldValue('postalCode', pincode);
    });
    return () => {
      live = false;
    };
  }, [form]);

  // A pincode the lookup does not know: the flow goes on (spec §5), but the buyer is told to fill city and state.
  const [unknownPincode, setUnknownPincode] = useState<string | null>(null);
  const pinNow = values.country === 'IN' ? values.postalCode.trim() : '';
  const pincodeNotFound = unknownPincode !== null && unknownPincode === pinNow ? unknownPincode : null;
  useEffect(() => {
    const pin = values.postalCode.trim();
    if (values.country !== 'IN' || !PINCODE_PATTERN.test(pin) || lookedUp.current === pin) return;
    lookedUp.current = pin;
    let live = true;
    void Promise.all([fetchPostOffice(client, pin), client.fetchQuery(statesQuery('IN'))])
      .then(([office, states]) => {
        if (!live || form.getFieldValue('postalCode').trim() !== pin) return;
        if (office) fill.current(office, states);
        setUnknownPincode(office ? null : pin);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client, form, values.country, values.postalCode]);
  useEffect(() => {
    const sub = checkout.on('locationFound', ({ postOffice }) => {
      void client
        .fetchQuery(statesQuery('IN'))
        .then((states) => fill.current(postOffice, states))
        .catch(() => undefined);
    });
    return () => sub.unsubscribe();
  }, [checkout, client]);

  // A server's field error (a pincode it cannot ship to, a state it does not know) goes under that field.
  const machineError = useSelector(checkout, (s) =>
    s.matches('fetchingShippingCostFailed') || s.matches('fetchingPriceEstimateFailed')
      ? s.context.error
      : null,
  );
  useEffect(() => {
    if (machineError) applyApiFieldError(form, machineError, API_FIELDS);
  }, [form, machineError]);

  const emailStatus = useSelector(email, emailStatusOf);
  const fetchingShippingCost = useSelector(checkout, isFetchingShippingCost);
  const hint: SubmitHint | null = submitHint({
    email: emailStatus,
    pincodeValid: isValidPostalCode(values.postalCode, values.country),
    fetchingShippingCost,
    formValid: valid,
    onlyInviteCodeMissing,
  });

  return {
    form,
    email,
    values,
    valid,
    rules,
    hint,
    pincodeNotFound,
    chooseCountry,
  };
}

export type CheckoutFormController = ReturnType<typeof useCheckoutForm>;

/** The form's country is the shop's: the same function on every render, so the memoised form keeps its props. */
const chooseCountry = (code: string) => void setCountry(code);

/** A value made once, on the first render. */
function useStateOnce<T>(make: () => T): [T] {
  const ref = useRef<{ value: T } | null>(null);
  ref.current ??= { value: make() };
  return [ref.current.value];
}
