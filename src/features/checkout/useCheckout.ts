import { pricingCountry } from '@contract/constants';
import { type Currency, currencyForCountry } from '@contract/money';
import type { StateOption } from '@contract/places';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { type ActorRefFrom, createActor, fromPromise } from 'xstate';
import { profileQuery } from '@/api/account';
import { isApiError } from '@/api/errors';
import { isOnline, useIsOnline } from '@/api/online';
import {
  fetchAndUpdatePaymentStatus,
  fetchOrderDetails,
  fetchOrderStatus,
  type WireOrderDetails,
} from '@/api/orders';
import { pickupLocationsQuery } from '@/api/places';
import { lookupPostOffice, type PostOffice } from '@/api/postal';
import {
  type EstimateFeatures,
  type PriceEstimateInputs,
  type PriceView,
  priceEstimateQuery,
  toPriceView,
} from '@/api/priceEstimate';
import { cartStore } from '@/state/cart';
import { cartEstimateFeatures, cartNeedsShipping, cartSelectedPackages } from '@/state/cartSelection';
import { countryStore } from '@/state/country';
import { writeCheckoutEstimate } from '@/storage/checkoutDraft';
import { type CheckoutTrack, trackCodeApplied } from './analytics';
import type { CheckoutBoot } from './checkoutBoot';
import {
  type CheckoutInput,
  type CheckoutOrderDetails,
  type CheckoutSnapshot,
  checkoutMachine,
  type PriceEstimateActorInput,
  resumeAtEstimate,
} from './checkoutMachine';
import { couponMachine } from './couponMachine';
import type { PreviousOrderPrefill } from './prefill';
import { referralMachine } from './referralMachine';
import type { CheckoutSummaryState, EstimateStatus } from './summary/types';
import { type CheckoutVariant, checkoutVariantFor } from './variants';

/*
 * The checkout's logic (DESIGN §5: logic in hooks and machines, screens presentational): boots from what the device
 * keeps (the draft, the last order id, the cart), runs the checkout machine with the real calls, the coupon and
 * referral machines beside it, and says what the summary and the pay action show.
 */

export interface CheckoutFeatures extends EstimateFeatures {
  /** FEATURE_BUSINESS_T_AND_C: the business terms box. */
  businessTandC: boolean;
}

export interface UseCheckoutOptions {
  userId: string;
  boot: CheckoutBoot;
  /** ?coupon_code= from the page address: shown in the field. */
  presetCouponCode?: string | null;
  /** ?referral_code= from the page address: applied on load (spec §4 Referral). */
  presetReferralCode?: string | null;
  track?: CheckoutTrack;
  features?: CheckoutFeatures;
}

const DEFAULT_FEATURES: CheckoutFeatures = { ...cartEstimateFeatures, businessTandC: false };

/** What the form reads of a stored order (spec §3 "Previous order data reused to prefill the form"). */
function previousOrderPrefill(order: WireOrderDetails): PreviousOrderPrefill {
  const shipping = order.shipping_details;
  const billing = order.billing_details;
  const gst = billing?.gst_details;
  const value = (text: string | null | undefined) => text ?? undefined;
  return {
    shippingDetails: shipping
      ? {
          mobileNumber: value(shipping.mobile_number),
          address1: value(shipping.address_1),
          address2: value(shipping.address_2),
          pinCode: value(shipping.pin_code),
          city: value(shipping.city),
        }
      : undefined,
    billingDetails: billing
      ? {
          iHaveGSTDetails: Boolean(gst?.gst_in),
          gstDetails: gst
            ? { companyName: value(gst.company_name), gstType: value(gst.gst_type), gstIn: value(gst.gst_in) }
            : undefined,
          billingPersonName: value(billing.name),
          billingAddress1: value(billing.address_1),
          billingAddress2: value(billing.address_2),
          billingPostalCode: value(billing.postal_code),
          billingCity: value(billing.city),
        }
      : undefined,
  };
}

function checkoutOrderDetails(order: WireOrderDetails): CheckoutOrderDetails {
  return {
    orderId: order.order_id,
    pinCode: order.shipping_details?.pin_code ?? null,
    countryCode: order.country_name_enum ?? null,
    shippingThrough: order.shipping_through ?? null,
  };
}

/** The referral field's code: a referral (associate) code, or the invite code of the licence and kit checkouts. */
function referralInputs(
  variant: CheckoutVariant,
  code: string | null,
): Pick<PriceEstimateInputs, 'associateCode' | 'inviteCode'> {
  return variant === 'default' ? { associateCode: code } : { associateCode: null, inviteCode: code };
}

/** The postal lookup, shared by the machine's auto-fill and the form's: one call per pincode. */
export function postOfficeQuery(pinCode: string) {
  return {
    queryKey: ['postal', 'pincode', pinCode] as const,
    // A lookup that found nothing is an answer (spec §5: silent), kept as null.
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (await lookupPostOffice(pinCode, { signal })) ?? null,
    staleTime: 24 * 60 * 60_000,
  };
}

export function fetchPostOffice(client: QueryClient, pinCode: string): Promise<PostOffice | null> {
  return client.fetchQuery(postOfficeQuery(pinCode));
}

/** The state option a post office's state names (by its name, or by its enum spelling). */
export function stateOptionFor(office: PostOffice, states: readonly StateOption[]): StateOption | undefined {
  const name = office.State.trim().toLowerCase();
  const asEnum = office.State.trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_');
  return states.find((s) => s.state_name.toLowerCase() === name || s.state_name_enum === asEnum);
}

/** Where the estimate stands; the states where the machine owns the estimate, else the preliminary one does. */
const ESTIMATE_STATES = [
  'priceEstimate',
  'fetchingPriceEstimate',
  'fetchingPriceEstimateFailed',
  'readyToPurchase',
  'orderInProgress',
  'proceedingToPay',
] as const;

function ownsEstimate(snapshot: CheckoutSnapshot): boolean {
  return ESTIMATE_STATES.some((state) => snapshot.matches(state));
}

/** In shipping or delivery edit with a valid form: the pincode may be applied. */
function isEditValid(snapshot: CheckoutSnapshot): boolean {
  return (
    snapshot.matches({ shippingEdit: { form: 'valid' } }) ||
    snapshot.matches({ deliveryEdit: { form: 'valid' } })
  );
}

export function isEditing(snapshot: CheckoutSnapshot): boolean {
  return snapshot.matches('shippingEdit') || snapshot.matches('deliveryEdit');
}

export interface CheckoutController {
  checkout: ActorRefFrom<typeof checkoutMachine>;
  coupon: ActorRefFrom<typeof couponMachine>;
  referral: ActorRefFrom<typeof referralMachine>;
  online: boolean;
  countryCode: string;
  currency: Currency;
  variant: CheckoutVariant;
  packageCodes: readonly string[];
  productCodes: readonly string[];
  /** The stored order's prefill, once its details loaded. */
  previousOrder: PreviousOrderPrefill | null;
  features: CheckoutFeatures;
  /** The summary's state, without the code forms the page places in it. */
  summaryState: Omit<CheckoutSummaryState, 'codeForms'>;
  /** The stored order is being reconciled: paying waits for it. */
  reconciling: boolean;
  /** The stored order turned out paid: the page goes to its result. */
  paidStoredOrderId: string | null;
  /** Back to the estimate after a payment attempt (spec §4 steps 7–8); `refreshEstimate` asks for it again. */
  resumeCheckout: (attempt: {
    createdOrderId: string | null;
    priorOrderCancelled: boolean;
    refreshEstimate?: boolean;
  }) => void;
  /** The inputs the estimate is asked with now: the order carries the same, so it is priced the same. */
  estimateInputs: () => PriceEstimateInputs;
  /** The form says whether it is valid and which pincode it holds; the machine is told. */
  syncForm: (form: {
    valid: boolean;
    pinCode: string;
    deliveryOption: 'SELF_PICKUP' | 'SHIPPING_SERVICE';
  }) => void;
}

export function useCheckout({
  userId,
  boot,
  presetCouponCode,
  presetReferralCode,
  track,
  features = DEFAULT_FEATURES,
}: UseCheckoutOptions): CheckoutController {
  const client = useQueryClient();
  const online = useIsOnline();
  const { items } = useSnapshot(cartStore);
  const { countryCode } = useSnapshot(countryStore);
  const currency = currencyForCountry(pricingCountry(countryCode));

  const packages = useMemo(() => cartSelectedPackages(items, currency), [items, currency]);
  const packageCodes = useMemo(
    () => [...new Set(items.filter((line) => line.quantity > 0).map((line) => line.packageCode))],
    [items],
  );
  const productCodes = useMemo(
    () => [...new Set(items.filter((line) => line.quantity > 0).map((line) => line.productCode))],
    [items],
  );
  const variant = checkoutVariantFor(packageCodes);
  const variantRef = useRef(variant);
  variantRef.current = variant;

  const packagesRef = useRef(packages);
  packagesRef.current = packages;
  const previousOrderRef = useRef<PreviousOrderPrefill | null>(null);
  const [previousOrder, setPreviousOrder] = useState<PreviousOrderPrefill | null>(null);
  // The actors read each other through refs: each is made once, before the others exist.
  const couponRef = useRef<ActorRefFrom<typeof couponMachine> | null>(null);
  const referralRef = useRef<ActorRefFrom<typeof referralMachine> | null>(null);
  const checkoutRef = useRef<ActorRefFrom<typeof checkoutMachine> | null>(null);
  const trackRef = useRef(track);
  trackRef.current = track;

  const estimateFeatures: EstimateFeatures = {
    selfPickup: features.selfPickup,
    internationalUsers: features.internationalUsers,
  };
  const featuresRef = useRef(estimateFeatures);
  featuresRef.current = estimateFeatures;

  /** The estimate's inputs as they stand: the machine's address, the cart's lines, the applied codes. */
  const currentInputs = (address?: Partial<PriceEstimateActorInput>): PriceEstimateInputs => {
    const context = checkoutRef.current?.getSnapshot().context;
    return {
      packages: packagesRef.current,
      couponCode: couponRef.current?.getSnapshot().context.appliedCode ?? null,
      ...referralInputs(variantRef.current, referralRef.current?.getSnapshot().context.appliedCode ?? null),
      countryName: address?.countryCode ?? context?.countryCode ?? countryStore.countryCode,
      stateName: address?.stateNameEnum ?? context?.stateNameEnum ?? null,
      shippingPinCode: address?.pinCode ?? context?.pinCode ?? null,
      deliveryOption: address?.deliveryOption ?? context?.deliveryOption ?? 'SHIPPING_SERVICE',
    };
  };
  const fetchEstimate = async (inputs: PriceEstimateInputs): Promise<PriceView> =>
    toPriceView(
      await client.fetchQuery(priceEstimateQuery(inputs, { ...featuresRef.current, enabled: true })),
    );
  const refreshEstimate = () => checkoutRef.current?.send({ type: 'REFRESH_ESTIMATE' });

  const [logic] = useState(() =>
    checkoutMachine.provide({
      actors: {
        fetchProfile: fromPromise(async () => {
          const query = profileQuery(userId);
          // Offline a fetch would wait for the network: the profile kept on the device serves, however old; without
          // one the failure screen shows, and the way back online retries.
          if (!isOnline()) {
            const known = client.getQueryData(query.queryKey);
            if (known) return known;
            throw new Error('offline, and no profile kept on the device');
          }
          return client.fetchQuery(query);
        }),
        fetchOrderDetails: fromPromise(async ({ input, signal }) => {
          const order = await fetchOrderDetails(input.orderId, { signal });
          previousOrderRef.current = previousOrderPrefill(order);
          setPreviousOrder(previousOrderRef.current);
          return checkoutOrderDetails(order);
        }),
        fetchDeliveryDetails: fromPromise(() => client.fetchQuery(pickupLocationsQuery())),
        lookupLocation: fromPromise(
          async ({ input }) => (await fetchPostOffice(client, input.pinCode)) ?? undefined,
        ),
        fetchPriceEstimate: fromPromise(async ({ input }) => {
          const inputs = currentInputs(input);
          const coupon = couponRef.current;
          try {
            const view = await fetchEstimate(inputs);
            // The saving of an applied coupon follows the order it prices.
            if (inputs.couponCode && coupon?.getSnapshot().context.saving !== view.couponDiscount)
              coupon?.send({ type: 'COUPON_VERIFIED', saving: view.couponDiscount });
            return view;
          } catch (error) {
            // A coupon the server now refuses (the cart changed, it ran out) goes; the order is priced without it.
            if (isApiError(error) && error.field === 'coupon_code' && inputs.couponCode && coupon) {
              coupon.send({ type: 'COUPON_VERIFY_FAILED', error });
              return fetchEstimate({ ...inputs, couponCode: null });
            }
            throw error;
          }
        }),
      },
    }),
  );

  const checkoutInput: CheckoutInput = {
    countryCode,
    isShippingRequired: cartNeedsShipping(items),
    storedOrderId: boot.storedOrderId,
    packages,
    selfPickupEnabled: features.selfPickup,
    deliveryOption: boot.draft?.values.deliveryOption === 'SELF_PICKUP' ? 'SELF_PICKUP' : 'SHIPPING_SERVICE',
    stateNameEnum: boot.draft?.state ?? '',
  };
  const firstCheckout = useActorRef(logic, { input: checkoutInput });
  const checkoutInputRef = useRef(checkoutInput);
  checkoutInputRef.current = checkoutInput;
  // After a payment attempt the checkout goes on from its estimate in a new actor (the old one has finished).
  const [resumedCheckout, setResumedCheckout] = useState<ActorRefFrom<typeof checkoutMachine> | null>(null);
  const checkout = resumedCheckout ?? firstCheckout;
  checkoutRef.current = checkout;
  const resumeCheckout = useCallback<CheckoutController['resumeCheckout']>(
    ({ refreshEstimate: refresh = false, ...attempt }) => {
      const finished = checkoutRef.current;
      if (!finished) return;
      const next = createActor(logic, {
        // Typed as required; a machine resumed from a snapshot does not read it.
        input: checkoutInputRef.current,
        snapshot: resumeAtEstimate(logic, finished.getSnapshot(), attempt),
      });
      next.start();
      if (refresh) next.send({ type: 'REFRESH_ESTIMATE' });
      if (finished !== firstCheckout) finished.stop();
      setResumedCheckout(next);
    },
    [logic, firstCheckout],
  );
  useEffect(() => () => resumedCheckout?.stop(), [resumedCheckout]);

  // An interrupted payment (a reload mid-payment) is settled before the buyer can pay again.
  const [reconciling, setReconciling] = useState(boot.storedOrderId !== null);
  const [paidStoredOrderId, setPaidStoredOrderId] = useState<string | null>(null);
  const reconciled = useRef(false);
  useEffect(() => {
    const orderId = boot.storedOrderId;
    if (!orderId || reconciled.current) return;
    reconciled.current = true;
    void import('./paymentMachine')
      .then(({ reconcileInterruptedOrder }) =>
        reconcileInterruptedOrder(orderId, {
          fetchAndUpdatePaymentStatus: (id) => fetchAndUpdatePaymentStatus(id, null),
          fetchOrderStatus: (id) => fetchOrderStatus(id),
        }),
      )
      .then((outcome) => {
        if (outcome === 'paid') setPaidStoredOrderId(orderId);
        if (outcome === 'settled') checkoutRef.current?.send({ type: 'ORDER_SETTLED' });
      })
      // Unknown: the order may still be open, so paying asks to cancel it first (the "in progress" modal).
      .catch(() => undefined)
      .finally(() => setReconciling(false));
  }, [boot.storedOrderId]);

  const draftCoupon = typeof boot.draft?.values.couponCode === 'string' ? boot.draft.values.couponCode : '';
  const draftReferral =
    typeof boot.draft?.values.referralCode === 'string' ? boot.draft.values.referralCode : '';

  // Each machine's logic is made once, like the checkout's: its calls read the current inputs through refs.
  const [couponLogic] = useState(() =>
    couponMachine.provide({
      actors: {
        applyCoupon: fromPromise(async ({ input }) => {
          const view = await fetchEstimate({ ...currentInputs(), couponCode: input.code });
          return { saving: view.couponDiscount };
        }),
        clearCoupon: fromPromise(async () => {
          refreshEstimate();
        }),
      },
    }),
  );
  const coupon = useActorRef(couponLogic, { input: { code: presetCouponCode?.trim() || draftCoupon } });
  couponRef.current = coupon;

  const [referralLogic] = useState(() =>
    referralMachine.provide({
      actors: {
        applyReferral: fromPromise(async ({ input }) => {
          const view = await fetchEstimate({
            ...currentInputs(),
            ...referralInputs(variantRef.current, input.code),
          });
          return { saving: view.associationDiscount };
        }),
        clearReferral: fromPromise(async () => {
          refreshEstimate();
        }),
      },
    }),
  );
  // A code applied before (the draft's) is applied again, as a code from the page address is.
  const referral = useActorRef(referralLogic, {
    input: { presetCode: presetReferralCode?.trim() || draftReferral || null },
  });
  referralRef.current = referral;

  // An applied code prices the order: the analytics hear of it and the estimate is asked again.
  useEffect(() => {
    const onApplied = (event: Parameters<typeof trackCodeApplied>[0]) => {
      if (trackRef.current) trackCodeApplied(event, trackRef.current);
      checkout.send({ type: 'REFRESH_ESTIMATE' });
    };
    const subs = [coupon.on('coupon_applied', onApplied), referral.on('referral_code_applied', onApplied)];
    return () => {
      for (const sub of subs) sub.unsubscribe();
    };
  }, [checkout, coupon, referral]);

  // The cart's lines changed (a quantity in the sheet): the estimate is asked again for them.
  const packagesKey = JSON.stringify(packages);
  const firstPackages = useRef(packagesKey);
  useEffect(() => {
    if (packagesKey === firstPackages.current) return;
    firstPackages.current = packagesKey;
    checkout.send({ type: 'REFRESH_ESTIMATE', packages: packagesRef.current });
  }, [checkout, packagesKey]);

  // The country (the currency switch or the form's country) goes to the machine: its states and estimate follow.
  const firstCountry = useRef(countryCode);
  useEffect(() => {
    if (countryCode === firstCountry.current) return;
    firstCountry.current = countryCode;
    checkout.send({ type: 'UPDATE_COUNTRY_CODE', countryCode });
  }, [checkout, countryCode]);

  // Back online: whatever failed or was last known is asked again, without the buyer doing anything.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) {
      const snapshot = checkout.getSnapshot();
      checkout.send(ownsEstimate(snapshot) ? { type: 'REFRESH_ESTIMATE' } : { type: 'RETRY' });
    }
    wasOnline.current = online;
  }, [checkout, online]);

  // The form's validity and pincode: VALID / INVALID, then APPLY_PIN_CODE whenever an edit state can take it.
  const [form, setForm] = useState<{
    valid: boolean;
    pinCode: string;
    deliveryOption: 'SELF_PICKUP' | 'SHIPPING_SERVICE';
  } | null>(null);
  // A transition: the form reports from its own effects (the page's mount among them), and what the machine does
  // with the report renders in a task of its own rather than lengthening theirs.
  const syncForm = useCallback<CheckoutController['syncForm']>(
    (next) =>
      startTransition(() =>
        setForm((prev) =>
          prev &&
          prev.valid === next.valid &&
          prev.pinCode === next.pinCode &&
          prev.deliveryOption === next.deliveryOption
            ? prev
            : next,
        ),
      ),
    [],
  );
  const editValid = useSelector(checkout, isEditValid);
  // biome-ignore lint/correctness/useExhaustiveDependencies: entering an edit state's valid form is what re-applies the pincode
  useEffect(() => {
    if (!form) return;
    const snapshot = checkout.getSnapshot();
    checkout.send({ type: form.valid ? 'VALID' : 'INVALID' });
    if (snapshot.context.deliveryOption !== form.deliveryOption)
      checkout.send({ type: 'UPDATE_DELIVERY_OPTION', deliveryOption: form.deliveryOption });
    const now = checkout.getSnapshot();
    const changedPin = now.context.pinCode !== form.pinCode.trim();
    // Priced for another pincode, or the form went invalid: back to editing (spec §4 step 6 CLEAR).
    if (ownsEstimate(now) && !now.matches('proceedingToPay') && (!form.valid || changedPin)) {
      checkout.send({ type: 'CLEAR' });
    }
    if (form.valid && isEditValid(checkout.getSnapshot()))
      checkout.send({ type: 'APPLY_PIN_CODE', pinCode: form.pinCode });
  }, [checkout, form, editValid]);

  // The preliminary estimate: while the address is being edited the summary still shows the order's price.
  const owning = useSelector(checkout, ownsEstimate);
  const pastProfile = useSelector(
    checkout,
    (s) => !s.matches('fetchingProfile') && !s.matches('fetchingProfileFailed'),
  );
  const stateNameEnum = useSelector(checkout, (s) => s.context.stateNameEnum);
  const deliveryOption = useSelector(checkout, (s) => s.context.deliveryOption);
  const appliedCoupon = useSelector(coupon, (s) => s.context.appliedCode);
  const appliedReferral = useSelector(referral, (s) => s.context.appliedCode);
  const preliminary = useQuery({
    ...priceEstimateQuery(
      {
        packages,
        countryName: countryCode,
        stateName: stateNameEnum,
        deliveryOption,
        couponCode: appliedCoupon,
        ...referralInputs(variant, appliedReferral),
      },
      { ...estimateFeatures, enabled: !owning && pastProfile },
    ),
    placeholderData: (previous) => previous,
  });

  const machineEstimate = useSelector(checkout, (s) => s.context.estimate);
  const machineStatus = useSelector(checkout, (s): EstimateStatus => {
    if (s.matches('fetchingPriceEstimateFailed')) return 'failed';
    if (s.matches('fetchingPriceEstimate') || s.matches('priceEstimate')) return 'loading';
    return 'ready';
  });
  // When the machine's estimate last changed: the starting (empty) one was never received.
  const initialEstimate = useRef(machineEstimate);
  const [machineReceivedAt, setMachineReceivedAt] = useState<number | null>(null);
  useEffect(() => {
    if (machineEstimate !== initialEstimate.current) setMachineReceivedAt(Date.now());
  }, [machineEstimate]);

  const preliminaryView = useMemo(
    () => (preliminary.data ? toPriceView(preliminary.data) : null),
    [preliminary.data],
  );
  let estimate: PriceView;
  let status: EstimateStatus;
  let receivedAt: number | null;
  if (owning) {
    estimate = machineEstimate;
    status = machineStatus;
    receivedAt = machineReceivedAt;
  } else {
    estimate = preliminaryView ?? machineEstimate;
    status = preliminary.isError
      ? 'failed'
      : preliminary.data && !preliminary.isFetching
        ? 'ready'
        : 'loading';
    receivedAt = preliminary.dataUpdatedAt || machineReceivedAt;
    if (packages.length === 0) status = 'ready';
  }
  // The order this estimate prices: a last known one is shown again only for the same lines and country.
  const estimateKey = JSON.stringify({ packages, countryCode });
  const latest = useRef(estimate);
  latest.current = estimate;
  const received = status === 'ready' && online ? receivedAt : null;
  // Written once per estimate received (its time), not on every render that shows it.
  useEffect(() => {
    if (received !== null)
      void writeCheckoutEstimate({ key: estimateKey, receivedAt: received, view: latest.current }).catch(
        () => undefined,
      );
  }, [received, estimateKey]);
  if (!online) {
    status = 'lastKnown';
    const stored = boot.lastEstimate;
    if (receivedAt === null && stored && stored.key === estimateKey) {
      estimate = stored.view;
      receivedAt = stored.receivedAt;
    }
  }

  return {
    checkout,
    coupon,
    referral,
    online,
    countryCode,
    currency,
    variant,
    packageCodes,
    productCodes,
    previousOrder,
    features,
    summaryState: {
      estimate,
      status,
      receivedAt,
      onRetry: () => {
        if (owning) checkout.send({ type: 'RETRY' });
        else void preliminary.refetch();
      },
      variant,
      packageCodes,
      productCodes,
    },
    reconciling,
    paidStoredOrderId,
    resumeCheckout,
    estimateInputs: () => currentInputs(),
    syncForm,
  };
}
