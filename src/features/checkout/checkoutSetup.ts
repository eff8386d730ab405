import { pricingCountry } from '@contract/constants';
import { currencyForCountry, toMajor, toMinor } from '@contract/money';
import type { PickupLocation } from '@contract/places';
import { assign, fromCallback, fromPromise, raise, sendParent, sendTo, setup } from 'xstate';
import type { ClientProfile } from '@/api/account';
import { fetchShippingCharges } from '@/api/places';
import { lookupPostOffice, type PostOffice } from '@/api/postal';
import { isEstimateSkipped, type PriceEstimateInputs } from '@/api/priceEstimate';
import { isValidPostalCode } from './checkoutForm';
import type {
  CheckoutContext,
  CheckoutEvent,
  CheckoutInput,
  CheckoutOrderDetails,
  CodeKind,
  EstimateAnswer,
  EstimateRequest,
  LocationFoundEmitted,
  PaymentEnd,
  StateNameOf,
  WatchedInputs,
} from './checkoutTypes';
import { couponMachine } from './couponMachine';
import { emailVerificationMachine } from './emailVerificationMachine';
import type { OrderRequestInput } from './payment/orderRequest';
import { buildOrderCreateRequest } from './payment/orderRequest';
import { paymentErrorMessage } from './paymentErrors';
import { type PaymentOutput, paymentMachine, type Reconciliation } from './paymentMachine';
import { referralMachine } from './referralMachine';

/* The checkout machine's calls, guards and actions, and what its states share (./checkoutMachine.ts). */

/** The payment as the checkout runs it: its failure card ends the checkout. */
export const checkoutPayment = paymentMachine.provide({
  actions: {
    announceFailure: sendParent(({ context }) => ({
      type: 'PAYMENT_FAILED',
      orderId: context.order?.order_id ?? '',
    })),
  },
});

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

/** An interrupted payment settled (spec §4 step 6): ORDER_RECONCILED, 'unknown' when it could not be told. */
export function orderReconciliation(reconcile: (orderId: string) => Promise<Reconciliation>) {
  return fromCallback<CheckoutEvent, { orderId: string }>(({ input, sendBack }) => {
    let live = true;
    reconcile(input.orderId).then(
      (outcome) => live && sendBack({ type: 'ORDER_RECONCILED', outcome }),
      () => live && sendBack({ type: 'ORDER_RECONCILED', outcome: 'unknown' }),
    );
    return () => {
      live = false;
    };
  });
}

/** A code priced with the order (a coupon, a referral or invite code): CODE_CHECKED with the price, or CODE_REFUSED. */
export function codeCheck(price: (request: EstimateRequest) => Promise<EstimateAnswer>) {
  return fromCallback<CheckoutEvent, { kind: CodeKind; request: EstimateRequest }>(({ input, sendBack }) => {
    let live = true;
    price(input.request).then(
      (answer) => live && sendBack({ type: 'CODE_CHECKED', kind: input.kind, view: answer.view }),
      (error: unknown) => live && sendBack({ type: 'CODE_REFUSED', kind: input.kind, error }),
    );
    return () => {
      live = false;
    };
  });
}

const isIndiaCode = (code: string) => code.trim().toUpperCase() === 'IN';

/** What the estimate is asked with now: the machine's address and lines, the codes its children applied. */
export function estimateInputs(
  context: CheckoutContext,
  { withPinCode = true, code }: { withPinCode?: boolean; code?: { kind: CodeKind; value: string } } = {},
): PriceEstimateInputs {
  // A code being checked is priced alone: a coupon and a referral code are never applied together (spec §2).
  const applied = (kind: CodeKind, own: string | null) =>
    code ? (code.kind === kind ? code.value : null) : own;
  const coupon = applied('coupon', context.coupon.getSnapshot().context.appliedCode);
  const referral = applied('referral', context.referral.getSnapshot().context.appliedCode);
  return {
    packages: context.packages,
    couponCode: coupon,
    // The licence and business-kit checkouts' referral field holds their invite code.
    ...(context.variant === 'default'
      ? { associateCode: referral }
      : { associateCode: null, inviteCode: referral }),
    countryName: context.countryCode,
    stateName: context.stateNameEnum,
    shippingPinCode: withPinCode ? context.pinCode : null,
    deliveryOption: context.deliveryOption,
  };
}

/** The estimate's request: with the applied pincode once priced, without it while the address is edited. */
export function estimateRequestOf(context: CheckoutContext, withPinCode: boolean): EstimateRequest {
  return { inputs: estimateInputs(context, { withPinCode }), retryWithoutCoupon: true };
}

/** The order request (spec §3): the draft, the estimate's own inputs and the total the buyer was shown. */
export function orderRequestOf(context: CheckoutContext, stateName: OrderRequestInput['stateName']) {
  const draft = context.draft;
  if (!draft) throw new Error('The checkout has no draft to order');
  const shown = context.estimate;
  return buildOrderCreateRequest({
    values: draft,
    pricing: estimateInputs(context),
    expectedTotal: toMajor(shown.subtotal, shown.currency),
    paymentService: context.paymentService,
    isShippingRequired: context.isShippingRequired,
    selfPickupEnabled: context.selfPickupEnabled,
    pickupLocationId:
      context.deliveryOption === 'SELF_PICKUP'
        ? (context.pickupLocations?.[0]?.pickup_location_id ?? null)
        : null,
    stateName,
    adEventOrderDetails: context.adBooking?.details ?? null,
  });
}

/** The payment's input: the order request, the prior order to cancel, the attempt to retry, who pays. */
export function paymentInputOf(context: CheckoutContext) {
  return {
    request: orderRequestOf(context, context.stateName ?? ((_: string, state: string) => state)),
    priorOrderIdToCancel: context.cancelPriorOrder ? context.orderId : null,
    previousAttempt: context.previousAttempt,
    adAssets: context.adBooking?.assets ?? null,
    prefill: {
      name: context.draft?.fullName ?? '',
      email: context.draft?.email ?? '',
      contact: context.profile?.phoneNumberWithCountryCode ?? '',
    },
  };
}

/** The key a remembered estimate is kept under: shown again offline only for the same lines and country. */
export function estimateKeyOf(context: Pick<CheckoutContext, 'packages' | 'countryCode'>): string {
  return JSON.stringify({ packages: context.packages, countryCode: context.countryCode });
}

/** Whether the draft asks for another pincode than the one priced, or is no longer valid. */
function draftDiffers(context: CheckoutContext): boolean {
  const draft = context.draft;
  return draft !== null && (!context.formValid || draft.postalCode.trim() !== context.pinCode);
}

export const checkoutSetup = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
    emitted: {} as LocationFoundEmitted,
    output: {} as PaymentEnd | null,
  },
  actors: {
    fetchProfile: fromPromise<ClientProfile, void>(notProvided('fetchProfile')),
    fetchOrderDetails: fromPromise<CheckoutOrderDetails, { orderId: string }>(
      notProvided('fetchOrderDetails'),
    ),
    fetchDeliveryDetails: fromPromise<PickupLocation[], void>(notProvided('fetchDeliveryDetails')),
    fetchShippingCost: fromPromise<number, { pinCode: string; countryCode: string }>(
      async ({ input, signal }) => {
        const country = pricingCountry(input.countryCode);
        const major = await fetchShippingCharges(input.pinCode, country, { signal });
        return toMinor(major, currencyForCountry(country));
      },
    ),
    lookupLocation: fromPromise<PostOffice | undefined, { pinCode: string }>(({ input, signal }) =>
      lookupPostOffice(input.pinCode, { signal }),
    ),
    fetchPriceEstimate: fromPromise<EstimateAnswer, EstimateRequest>(notProvided('fetchPriceEstimate')),
    fetchStateNames: fromPromise<StateNameOf, { countries: string[] }>(notProvided('fetchStateNames')),
    payment: checkoutPayment,
    reconcileOrder: orderReconciliation(notProvided('reconcileOrder')),
    /** Answers CODE_CHECKED, or CODE_REFUSED. */
    checkCode: codeCheck(notProvided('checkCode')),
    /** The cart, the country and the connection, told to the machine as they change. */
    watchInputs: fromCallback<CheckoutEvent, WatchedInputs>(() => undefined),
    coupon: couponMachine.provide({
      actions: {
        checkCode: sendParent(({ context }) => ({
          type: 'CHECK_CODE',
          kind: 'coupon',
          code: context.code.trim(),
        })),
        codesChanged: sendParent({ type: 'REFRESH_ESTIMATE' }),
      },
    }),
    referral: referralMachine.provide({
      actions: {
        checkCode: sendParent(({ context }) => ({
          type: 'CHECK_CODE',
          kind: 'referral',
          code: context.code.trim(),
        })),
        codesChanged: sendParent({ type: 'REFRESH_ESTIMATE' }),
      },
    }),
    emailVerification: emailVerificationMachine.provide({
      actions: {
        profileChanged: sendParent((_, params: { profile: ClientProfile }) => ({
          type: 'PROFILE_CHANGED',
          profile: params.profile,
        })),
      },
    }),
  },
  guards: {
    hasStoredOrderId: ({ context }) => context.orderId !== null,
    needsShippingEdit: ({ context }) =>
      context.isShippingRequired && context.deliveryOption === 'SHIPPING_SERVICE',
    isIndia: ({ context }) => isIndiaCode(context.countryCode),
    isFormValid: ({ context }) => context.formValid,
    hasState: ({ context }) => context.stateNameEnum.trim() !== '',
    needsDeliveryDetails: ({ context }) => context.selfPickupEnabled && context.pickupLocations === null,
    isEstimateSkipped: ({ context }) => isEstimateSkipped(context.packages),
    isOrderPinCodeValid: (_, params: { order: CheckoutOrderDetails }) =>
      isValidPostalCode(params.order.pinCode, params.order.countryCode ?? 'IN'),
    isOrderSelfPickup: (_, params: { order: CheckoutOrderDetails }) =>
      params.order.shippingThrough === 'SELF_PICKUP',
    isPinCodeValid: ({ context, event }) =>
      event.type === 'APPLY_PIN_CODE' && isValidPostalCode(event.pinCode, context.countryCode),
    /** The draft is valid and holds a valid pincode: it is applied as APPLY_PIN_CODE would. */
    isDraftPinCodeReady: ({ context }) =>
      context.formValid &&
      context.draft !== null &&
      isValidPostalCode(context.draft.postalCode, context.countryCode),
    isDraftDifferent: ({ context }) => draftDiffers(context),
    isIndiaEvent: ({ event }) => event.type === 'UPDATE_COUNTRY_CODE' && isIndiaCode(event.countryCode),
    isSelfPickupEvent: ({ event }) =>
      event.type === 'UPDATE_DELIVERY_OPTION' && event.deliveryOption === 'SELF_PICKUP',
    isShippingEvent: ({ context, event }) =>
      event.type === 'UPDATE_DELIVERY_OPTION' &&
      event.deliveryOption === 'SHIPPING_SERVICE' &&
      context.isShippingRequired,
    /** Spec §4 step 15: the e-mail is verified, or was already verified and is unchanged. */
    isEmailVerified: ({ context }) => context.email?.getSnapshot().matches('emailVerified') === true,
    hasDraft: ({ context }) => context.draft !== null && context.draft.tAndC === true,
    hasOrderId: ({ context }) => context.orderId !== null && !context.storedOrderSettled,
  },
  actions: {
    markValid: assign({ formValid: true }),
    markInvalid: assign({ formValid: false }),
    storeCountry: assign(({ context, event }) => {
      if (event.type !== 'UPDATE_COUNTRY_CODE') return context;
      const india = isIndiaCode(event.countryCode);
      return {
        countryCode: event.countryCode,
        // Pickup points are in India; the state list and the shipping charge belong to the old country.
        deliveryOption: india ? context.deliveryOption : ('SHIPPING_SERVICE' as const),
        stateNameEnum: '',
        shippingCharges: null,
      };
    }),
    storeState: assign(({ context, event }) =>
      event.type === 'UPDATE_STATE' ? { stateNameEnum: event.stateNameEnum } : context,
    ),
    storeDeliveryOption: assign(({ context, event }) =>
      event.type === 'UPDATE_DELIVERY_OPTION' ? { deliveryOption: event.deliveryOption } : context,
    ),
    storePinCode: assign(({ context, event }) =>
      event.type === 'APPLY_PIN_CODE' ? { pinCode: event.pinCode.trim(), shippingCharges: null } : context,
    ),
    storeDraftPinCode: assign(({ context }) => ({
      pinCode: context.draft?.postalCode.trim() ?? context.pinCode,
      shippingCharges: null,
    })),
    storeError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    storeOrderDetails: assign((_, params: { order: CheckoutOrderDetails }) => ({
      orderDetails: params.order,
      orderId: params.order.orderId,
      pinCode: params.order.pinCode ?? '',
      error: null,
    })),
    useSelfPickup: assign({ deliveryOption: 'SELF_PICKUP' as const }),
    /** An input of the price changed while the address is edited: the edit state's estimate asks again. */
    reprice: raise({ type: 'REFRESH_ESTIMATE' as const }),
    clearForDraft: raise({ type: 'CLEAR' as const }),
    storeProfileAnswer: assign((_, params: { profile: ClientProfile }) => ({
      profile: params.profile,
      error: null,
    })),
    /** The e-mail's verification starts with the profile it verifies (once: a retried profile keeps it). */
    startEmailVerification: assign(({ context, spawn }) => ({
      email:
        context.email ??
        spawn('emailVerification', {
          id: 'email',
          input: {
            profileEmail: context.profile?.email ?? '',
            isEmailVerified: context.profile?.isEmailVerified ?? false,
            email: context.draftEmail?.trim() ? context.draftEmail : undefined,
          },
        }),
    })),
    storeService: assign(({ context, event }) =>
      event.type === 'PROCEED_TO_PAY' && event.paymentService
        ? { paymentService: event.paymentService }
        : context,
    ),
    /** Back from a payment attempt: what it created or cancelled is the stored order now, its error said. */
    resumeAfterPayment: assign(
      ({ context }, params: { end: Extract<PaymentOutput, { kind: 'backToEstimate' }> }) => {
        const { orderId: createdOrderId, priorOrderCancelled, createError, unsettledAttempt } = params.end;
        return {
          orderId: createdOrderId ?? context.orderId,
          storedOrderSettled:
            createdOrderId === null ? context.storedOrderSettled || priorOrderCancelled : false,
          cancelPriorOrder: false,
          previousAttempt: unsettledAttempt,
          paymentError: createError === null ? null : paymentErrorMessage(createError),
        };
      },
    ),
    startEstimate: assign({ estimateState: 'loading' as const }),
    storeEstimate: assign((_, params: { answer: EstimateAnswer }) => ({
      estimate: params.answer.view,
      isShippingRequired: params.answer.view.isShippingRequired,
      estimateState: 'ready' as const,
      estimateReceivedAt: Date.now(),
      error: null,
    })),
    /** The coupon hears how the order was priced: an applied coupon's saving follows it, or it was refused. */
    tellCoupon: sendTo(
      ({ context }) => context.coupon,
      (_, params: { answer: EstimateAnswer }) => ({
        type: 'ORDER_PRICED' as const,
        saving: params.answer.view.couponDiscount,
        error: params.answer.couponError,
      }),
    ),
    failEstimate: assign((_, params: { error: unknown }) => ({
      estimateState: 'failed' as const,
      error: params.error,
    })),
    /** Told to the page's device store (./checkoutRuntime.ts): the last estimate, shown offline. */
    rememberEstimate: () => undefined,
    /** Told to the page's profile query (./checkoutRuntime.ts). */
    storeProfile: (_, _params: { profile: ClientProfile }) => undefined,
    /** The analytics hear of what the children emit (./checkoutRuntime.ts). */
    observeChildren: () => undefined,
  },
});

/** Once priced, a draft for another pincode (or no longer valid) goes back to editing (spec §4 step 6 CLEAR). */
export const settleDraft = { FORM_SETTLED: { guard: 'isDraftDifferent', actions: 'clearForDraft' } } as const;

export const backToEstimate = (output: unknown) =>
  output as Extract<PaymentOutput, { kind: 'backToEstimate' }>;

/** Once priced, what changes the price asks for it again, or goes back to the address (spec §4 step 12). */
export const repriceWhenChanged = {
  REFRESH_ESTIMATE: 'priceEstimate',
  UPDATE_STATE: { target: 'priceEstimate', actions: 'storeState' },
  UPDATE_COUNTRY_CODE: { target: 'routing', actions: 'storeCountry' },
  UPDATE_DELIVERY_OPTION: [
    { guard: 'isShippingEvent', target: 'shippingEdit', actions: 'storeDeliveryOption' },
    { target: 'priceEstimate', actions: 'storeDeliveryOption' },
  ],
} as const;
