import type { PaymentService } from '@contract/catalogue';
import { pricingCountry } from '@contract/constants';
import { currencyForCountry, toMajor, toMinor } from '@contract/money';
import type { PickupLocation } from '@contract/places';
import type { DeliveryOption } from '@contract/pricing';
import {
  type ActorRefFrom,
  and,
  assign,
  emit,
  enqueueActions,
  fromCallback,
  fromPromise,
  raise,
  type SnapshotFrom,
  sendParent,
  sendTo,
  setup,
} from 'xstate';
import type { ClientProfile } from '@/api/account';
import { changedTotalOf } from '@/api/orders';
import { fetchShippingCharges } from '@/api/places';
import { lookupPostOffice, type PostOffice } from '@/api/postal';
import {
  emptyPriceView,
  isEstimateSkipped,
  type PriceEstimateInputs,
  type PriceView,
  type SelectedPackage,
} from '@/api/priceEstimate';
import { type CheckoutFormValues, isValidPostalCode } from './checkoutForm';
import { couponMachine } from './couponMachine';
import { emailVerificationMachine } from './emailVerificationMachine';
import { buildOrderCreateRequest, type OrderRequestInput } from './payment/orderRequest';
import { CREATE_FAILED_MESSAGE, paymentErrorMessage } from './paymentErrors';
import {
  type PaymentOutput,
  paymentMachine,
  type Reconciliation,
  type UnsettledAttempt,
} from './paymentMachine';
import type { PreviousOrderPrefill } from './prefill';
import { referralMachine } from './referralMachine';
import type { CheckoutVariant } from './variants';

/*
 * The checkout machine of spec §4 "Checkout flow", states and events named as the spec names them. It runs the
 * whole checkout: it is the parent of the coupon, referral, e-mail verification and payment machines, keeps the
 * order draft (the form's values as the buyer types), asks for every price estimate and builds the order request.
 * 1. fetchingProfile → fetchingProfileFailed, RETRY; the e-mail verification starts with the profile.
 * 2. after the profile: a stored order id → fetchingOrderDetails; else `routing`: shipping required (and not
 *    collected) → shippingEdit; India → deliveryEdit; else priceEstimate.
 * 3. order details: a valid pincode → priceEstimate; self pickup → deliveryEdit (India); else `routing`. An error
 *    (fetchingOrderDetailsFailed) routes as the profile does.
 * 4. shippingEdit and deliveryEdit are parallel: `form` (invalid / valid, by VALID / INVALID), `deliveryDetails`
 *    (pickup locations: idle, fetching, failed with RETRY) and `estimate` (the order priced without its pincode while
 *    the address is edited). APPLY_PIN_CODE from form.valid, or the draft's valid pincode, fetches the shipping cost
 *    (shippingEdit) or auto-fills city and state from the postal lookup (deliveryEdit, fetchingLocation).
 * 5. fetchingShippingCost: success → priceEstimate, failure → fetchingShippingCostFailed, CLEAR → shippingEdit.
 * 6. readyToPurchase: PROCEED_TO_PAY (the e-mail verified) → proceedingToPay, or with an order id stored,
 *    orderInProgress (GO_BACK, or PROCEED_TO_PAY again to go on by cancelling the prior order). CLEAR → shippingEdit
 *    if shipping is required, deliveryEdit for India.
 * 7–10. proceedingToPay loads the payment and builds the order; `paying` runs the payment machine, whose end is the
 *    checkout's: paid, failed or unsettled (final), or back to readyToPurchase with what the attempt left.
 * 11. priceEstimate skips the call when every product quantity is zero: the previous or empty estimate stands.
 * 12. UPDATE_COUNTRY_CODE and UPDATE_STATE refresh the estimate once past editing.
 * 14. each fetch has its failure state.
 * Beyond the spec's list: FORM_CHANGED (the draft), UPDATE_DELIVERY_OPTION, REFRESH_ESTIMATE (a code applied, the
 * cart changed), CHECK_CODE (a code machine asks for its code to be priced), ONLINE / OFFLINE. Every call is an
 * injected actor; ./checkoutRuntime.ts provides the real ones.
 */

/** What the checkout reads of the stored order's details (spec §3 Order). */
export interface CheckoutOrderDetails {
  orderId: string;
  /** shipping_details.pin_code, null without shipping details. */
  pinCode: string | null;
  /** country_name_enum. */
  countryCode: string | null;
  shippingThrough: DeliveryOption | null;
  /** What the form reuses of it (spec §3 "Previous order data reused to prefill the form"). */
  prefill: PreviousOrderPrefill;
}

export interface CheckoutInput {
  /** The country selected on the form, else the buyer's (ISO code). */
  countryCode: string;
  /** Whether the selected packages hold something to ship (the cart's; the estimate's answer replaces it). */
  isShippingRequired: boolean;
  /** The last order id in cookies or local storage. */
  storedOrderId: string | null;
  /** The selected packages with every product's quantity (spec §4 step 11). */
  packages: readonly SelectedPackage[];
  variant?: CheckoutVariant;
  selfPickupEnabled: boolean;
  deliveryOption?: DeliveryOption;
  stateNameEnum?: string;
  pinCode?: string;
  /** The last estimate known (a draft's), used while a new one is skipped. */
  previousEstimate?: PriceView | null;
  /** A coupon code from the page address or the draft: shown in its field, not applied. */
  couponCode?: string;
  /** A referral (or invite) code from the page address or the draft: applied on load. */
  referralCode?: string | null;
  /** The draft's e-mail, when it differs from the profile's. */
  draftEmail?: string;
  online?: boolean;
}

type CouponRef = ActorRefFrom<typeof couponMachine>;
type ReferralRef = ActorRefFrom<typeof referralMachine>;
type EmailRef = ActorRefFrom<typeof emailVerificationMachine>;

/** Where the price shown stands. */
export type EstimateState = 'loading' | 'ready' | 'failed';

export interface CheckoutContext {
  countryCode: string;
  isShippingRequired: boolean;
  orderId: string | null;
  packages: readonly SelectedPackage[];
  variant: CheckoutVariant;
  selfPickupEnabled: boolean;
  deliveryOption: DeliveryOption;
  stateNameEnum: string;
  pinCode: string;
  /** The last VALID / INVALID heard: an edit state re-entered starts in the matching sub-state. */
  formValid: boolean;
  /** The order draft: the form's values as last reported. */
  draft: CheckoutFormValues | null;
  profile: ClientProfile | null;
  draftEmail: string | undefined;
  orderDetails: CheckoutOrderDetails | null;
  pickupLocations: PickupLocation[] | null;
  postOffice: PostOffice | null;
  /** Minor units; null until fetched for the current pincode. */
  shippingCharges: number | null;
  estimate: PriceView;
  estimateState: EstimateState;
  /** When the estimate shown was received (epoch ms); null before any answer. */
  estimateReceivedAt: number | null;
  online: boolean;
  coupon: CouponRef;
  referral: ReferralRef;
  email: EmailRef | null;
  paymentService: PaymentService;
  /** The states' names by their enums, loaded as the buyer pays (the order names them). */
  stateName: StateNameOf | null;
  /** The message above the pay action after an attempt that went back to the estimate. */
  paymentError: string | null;
  /** A create that got no answer: the same request retried reuses its key. */
  previousAttempt: UnsettledAttempt | null;
  /** Set when the buyer chose to go on by cancelling the stored order. */
  cancelPriorOrder: boolean;
  /** The stored order turned out paid, failed, cancelled or expired: nothing is in progress to cancel. */
  storedOrderSettled: boolean;
  /** The stored order is being reconciled: paying waits for it. */
  reconciling: boolean;
  /** Where the checkout ended (the page goes to its result). */
  end: PaymentEnd | null;
  error: unknown;
}

/** Where the checkout ended: the page goes to the order's result. */
export type PaymentEnd = Exclude<PaymentOutput, { kind: 'backToEstimate' }>;

export type CodeKind = 'coupon' | 'referral';

export type CheckoutEvent =
  | { type: 'RETRY' }
  | { type: 'VALID' }
  | { type: 'INVALID' }
  | { type: 'APPLY_PIN_CODE'; pinCode: string }
  | { type: 'UPDATE_COUNTRY_CODE'; countryCode: string }
  | { type: 'UPDATE_STATE'; stateNameEnum: string }
  | { type: 'UPDATE_DELIVERY_OPTION'; deliveryOption: DeliveryOption }
  | { type: 'REFRESH_ESTIMATE' }
  | { type: 'CART_CHANGED'; packages: readonly SelectedPackage[]; variant: CheckoutVariant }
  | { type: 'FORM_CHANGED'; values: CheckoutFormValues; valid: boolean }
  | { type: 'CLEAR' }
  | { type: 'PROCEED_TO_PAY'; paymentService?: PaymentService }
  | { type: 'GO_BACK' }
  | { type: 'CHECK_CODE'; kind: CodeKind; code: string }
  | { type: 'CODE_CHECKED'; kind: CodeKind; view: PriceView }
  | { type: 'CODE_REFUSED'; kind: CodeKind; error: unknown }
  | { type: 'ORDER_RECONCILED'; outcome: Reconciliation | 'unknown' }
  | { type: 'PROFILE_CHANGED'; profile: ClientProfile }
  /** The payment's failure card (spec §4 step 8), for the order it created. */
  | { type: 'PAYMENT_FAILED'; orderId: string }
  | { type: 'ONLINE' }
  | { type: 'OFFLINE' }
  /** The stored order was reconciled and holds nothing in progress (its details still prefill the form). */
  | { type: 'ORDER_SETTLED' }
  /** The form's draft was compared with what is priced (raised by FORM_CHANGED). */
  | { type: 'FORM_SETTLED' };

/** Emitted when the postal lookup chose an office: the form fills city and state from it. */
export interface LocationFoundEmitted {
  type: 'locationFound';
  postOffice: PostOffice;
}

export interface EstimateRequest {
  inputs: PriceEstimateInputs;
  /** A coupon the server refuses is dropped and the order priced without it (a code check keeps the refusal). */
  retryWithoutCoupon: boolean;
}

export interface EstimateAnswer {
  view: PriceView;
  /** The server's refusal of the coupon the order was asked with, when it was priced without it. */
  couponError: unknown;
}

/** The state's name for its enum (the states list's label). */
export type StateNameOf = OrderRequestInput['stateName'];

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
  const coupon = code?.kind === 'coupon' ? code.value : context.coupon.getSnapshot().context.appliedCode;
  const referral =
    code?.kind === 'referral' ? code.value : context.referral.getSnapshot().context.appliedCode;
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

/** The estimate as the summary shows it, in whatever state the flow is. */
function estimateRequestOf(context: CheckoutContext, withPinCode: boolean): EstimateRequest {
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
  });
}

/** The payment's input: the order request, the prior order to cancel, the attempt to retry, who pays. */
function paymentInputOf(context: CheckoutContext) {
  return {
    request: orderRequestOf(context, context.stateName ?? ((_: string, state: string) => state)),
    priorOrderIdToCancel: context.cancelPriorOrder ? context.orderId : null,
    previousAttempt: context.previousAttempt,
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

const checkoutSetup = setup({
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
    watchInputs: fromCallback<CheckoutEvent>(() => undefined),
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

/** Pickup locations fetched beside the editing (spec §4 step 4): idle, fetching, failed with RETRY. */
const deliveryDetailsRegion = checkoutSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: { always: { guard: 'needsDeliveryDetails', target: 'fetching' } },
    fetching: {
      invoke: {
        src: 'fetchDeliveryDetails',
        onDone: {
          target: 'idle',
          actions: assign({ pickupLocations: ({ event }) => event.output, error: null }),
        },
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { on: { RETRY: 'fetching' } },
  },
});

/** While the address is edited the order is priced without its pincode: the summary shows its price meanwhile. */
const editEstimateRegion = checkoutSetup.createStateConfig({
  initial: 'pricing',
  // Only REFRESH_ESTIMATE: a region handling an event its edit state leaves by would keep the flow from leaving.
  on: { REFRESH_ESTIMATE: { target: '.pricing', reenter: true } },
  states: {
    pricing: {
      always: [{ guard: 'isEstimateSkipped', target: 'done' }, { target: 'fetching' }],
    },
    fetching: {
      entry: 'startEstimate',
      invoke: {
        src: 'fetchPriceEstimate',
        input: ({ context }) => estimateRequestOf(context, false),
        onDone: {
          target: 'done',
          actions: [
            { type: 'storeEstimate', params: ({ event }) => ({ answer: event.output }) },
            { type: 'tellCoupon', params: ({ event }) => ({ answer: event.output }) },
            'rememberEstimate',
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'failEstimate', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    done: { entry: assign({ estimateState: 'ready' as const }) },
    failed: { on: { RETRY: 'pricing' } },
  },
});

/**
 * The edit form's validity (spec §4 step 4: invalid and valid, toggled by VALID and INVALID); APPLY_PIN_CODE from
 * valid, or a valid draft's pincode, goes on to `onPinCode`: the shipping-cost fetch from shipping edit, the pincode
 * auto-fill from delivery edit.
 */
function formRegion(onPinCode: '#checkout.fetchingShippingCost' | '#checkout.fetchingLocation') {
  return checkoutSetup.createStateConfig({
    initial: 'invalid',
    on: {
      VALID: { target: '.valid', actions: 'markValid' },
      INVALID: { target: '.invalid', actions: 'markInvalid' },
    },
    states: {
      invalid: { always: { guard: 'isFormValid', target: 'valid' } },
      valid: {
        always: { guard: 'isDraftPinCodeReady', target: onPinCode, actions: 'storeDraftPinCode' },
        on: { APPLY_PIN_CODE: { guard: 'isPinCodeValid', target: onPinCode, actions: 'storePinCode' } },
      },
    },
  });
}

/** Once priced, a draft for another pincode (or no longer valid) goes back to editing (spec §4 step 6 CLEAR). */
const settleDraft = { FORM_SETTLED: { guard: 'isDraftDifferent', actions: 'clearForDraft' } } as const;

const backToEstimate = (output: unknown) => output as Extract<PaymentOutput, { kind: 'backToEstimate' }>;

export const checkoutMachine = checkoutSetup.createMachine({
  id: 'checkout',
  context: ({ input, spawn }) => ({
    countryCode: input.countryCode,
    isShippingRequired: input.isShippingRequired,
    orderId: input.storedOrderId,
    packages: input.packages,
    variant: input.variant ?? 'default',
    selfPickupEnabled: input.selfPickupEnabled,
    deliveryOption: input.selfPickupEnabled
      ? (input.deliveryOption ?? 'SHIPPING_SERVICE')
      : 'SHIPPING_SERVICE',
    stateNameEnum: input.stateNameEnum ?? '',
    pinCode: input.pinCode ?? '',
    formValid: false,
    draft: null,
    profile: null,
    draftEmail: input.draftEmail,
    orderDetails: null,
    pickupLocations: null,
    postOffice: null,
    shippingCharges: null,
    estimate: input.previousEstimate ?? emptyPriceView(currencyForCountry(pricingCountry(input.countryCode))),
    estimateState: 'loading',
    estimateReceivedAt: null,
    online: input.online ?? true,
    coupon: spawn('coupon', { id: 'coupon', input: { code: input.couponCode ?? '' } }),
    referral: spawn('referral', { id: 'referral', input: { presetCode: input.referralCode ?? null } }),
    email: null,
    paymentService: 'CARD_MODAL',
    stateName: null,
    paymentError: null,
    previousAttempt: null,
    cancelPriorOrder: false,
    storedOrderSettled: false,
    reconciling: input.storedOrderId !== null,
    end: null,
    error: null,
  }),
  initial: 'fetchingProfile',
  entry: [
    'observeChildren',
    // An interrupted payment (a reload mid-payment) is settled before the buyer can pay again.
    enqueueActions(({ context, enqueue }) => {
      if (context.orderId)
        enqueue.spawnChild('reconcileOrder', { id: 'reconcile', input: { orderId: context.orderId } });
    }),
  ],
  invoke: { src: 'watchInputs' },
  output: ({ context }) => context.end,
  on: {
    // Validity is remembered in every state, so an edit state entered later starts in the right sub-state.
    VALID: { actions: 'markValid' },
    INVALID: { actions: 'markInvalid' },
    ORDER_SETTLED: { actions: assign({ storedOrderSettled: true }) },
    // The draft: what changed of the address goes to the flow as the spec's events, in the form's order.
    FORM_CHANGED: {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const { values, valid } = event;
        enqueue.assign({ draft: values });
        if (values.state !== context.stateNameEnum)
          enqueue.raise({ type: 'UPDATE_STATE', stateNameEnum: values.state });
        enqueue.raise({ type: valid ? 'VALID' : 'INVALID' });
        if (values.deliveryOption !== context.deliveryOption)
          enqueue.raise({ type: 'UPDATE_DELIVERY_OPTION', deliveryOption: values.deliveryOption });
        enqueue.raise({ type: 'FORM_SETTLED' });
      }),
    },
    CART_CHANGED: {
      actions: [
        assign(({ event }) => ({ packages: event.packages, variant: event.variant })),
        raise({ type: 'REFRESH_ESTIMATE' }),
      ],
    },
    CHECK_CODE: {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const id = `check-${event.kind}`;
        enqueue.stopChild(id);
        enqueue.spawnChild('checkCode', {
          id,
          input: {
            kind: event.kind,
            request: {
              inputs: estimateInputs(context, { code: { kind: event.kind, value: event.code } }),
              retryWithoutCoupon: false,
            },
          },
        });
      }),
    },
    CODE_CHECKED: {
      actions: enqueueActions(({ context, event, enqueue }) => {
        if (event.kind === 'coupon')
          enqueue.sendTo(context.coupon, { type: 'COUPON_VERIFIED', saving: event.view.couponDiscount });
        else
          enqueue.sendTo(context.referral, {
            type: 'REFERRAL_VERIFIED',
            saving: event.view.associationDiscount,
          });
      }),
    },
    CODE_REFUSED: {
      actions: enqueueActions(({ context, event, enqueue }) => {
        if (event.kind === 'coupon')
          enqueue.sendTo(context.coupon, { type: 'COUPON_VERIFY_FAILED', error: event.error });
        else enqueue.sendTo(context.referral, { type: 'REFERRAL_VERIFY_FAILED', error: event.error });
      }),
    },
    PROFILE_CHANGED: {
      actions: [
        assign({ profile: ({ event }) => event.profile }),
        { type: 'storeProfile', params: ({ event }) => ({ profile: event.profile }) },
      ],
    },
    // Back online: whatever failed is asked again, and the price shown is asked for again.
    ONLINE: {
      actions: [assign({ online: true }), raise({ type: 'RETRY' }), raise({ type: 'REFRESH_ESTIMATE' })],
    },
    OFFLINE: { actions: assign({ online: false }) },
    ORDER_RECONCILED: [
      {
        guard: ({ event }) => event.outcome === 'paid',
        target: '.storedOrderPaid',
        actions: assign(({ context }) => ({
          reconciling: false,
          end: { kind: 'success' as const, orderId: context.orderId ?? '' },
        })),
      },
      {
        guard: ({ event }) => event.outcome === 'settled',
        actions: assign({ reconciling: false, storedOrderSettled: true }),
      },
      // In progress, or unknown: the order may still be open, so paying asks to cancel it first.
      { actions: assign({ reconciling: false }) },
    ],
  },
  states: {
    fetchingProfile: {
      invoke: {
        src: 'fetchProfile',
        onDone: [
          {
            guard: 'hasStoredOrderId',
            target: 'fetchingOrderDetails',
            actions: [
              { type: 'storeProfileAnswer', params: ({ event }) => ({ profile: event.output }) },
              'startEmailVerification',
            ],
          },
          {
            target: 'routing',
            actions: [
              { type: 'storeProfileAnswer', params: ({ event }) => ({ profile: event.output }) },
              'startEmailVerification',
            ],
          },
        ],
        onError: {
          target: 'fetchingProfileFailed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    fetchingProfileFailed: {
      on: { RETRY: 'fetchingProfile' },
    },
    fetchingOrderDetails: {
      invoke: {
        src: 'fetchOrderDetails',
        input: ({ context }) => ({ orderId: context.orderId ?? '' }),
        onDone: [
          // Ready to pay once priced: the order is checked against the total shown, so one must be shown first.
          {
            guard: { type: 'isOrderPinCodeValid', params: ({ event }) => ({ order: event.output }) },
            target: 'priceEstimate',
            actions: { type: 'storeOrderDetails', params: ({ event }) => ({ order: event.output }) },
          },
          {
            guard: { type: 'isOrderSelfPickup', params: ({ event }) => ({ order: event.output }) },
            target: 'deliveryEdit',
            actions: [
              { type: 'storeOrderDetails', params: ({ event }) => ({ order: event.output }) },
              'useSelfPickup',
            ],
          },
          {
            target: 'routing',
            actions: { type: 'storeOrderDetails', params: ({ event }) => ({ order: event.output }) },
          },
        ],
        onError: {
          target: 'fetchingOrderDetailsFailed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // Spec §4 step 3: on an error the same choices are made as from the profile.
    fetchingOrderDetailsFailed: {
      always: 'routing',
    },
    routing: {
      always: [
        { guard: 'needsShippingEdit', target: 'shippingEdit' },
        { guard: 'isIndia', target: 'deliveryEdit' },
        { target: 'priceEstimate' },
      ],
    },
    shippingEdit: {
      type: 'parallel',
      on: {
        UPDATE_COUNTRY_CODE: { actions: ['storeCountry', 'reprice'] },
        UPDATE_STATE: { actions: ['storeState', 'reprice'] },
        UPDATE_DELIVERY_OPTION: [
          { guard: 'isSelfPickupEvent', target: 'deliveryEdit', actions: 'storeDeliveryOption' },
          { actions: ['storeDeliveryOption', 'reprice'] },
        ],
      },
      states: {
        form: formRegion('#checkout.fetchingShippingCost'),
        deliveryDetails: deliveryDetailsRegion,
        estimate: editEstimateRegion,
      },
    },
    deliveryEdit: {
      type: 'parallel',
      on: {
        UPDATE_COUNTRY_CODE: [
          { guard: 'isIndiaEvent', actions: ['storeCountry', 'reprice'] },
          { target: 'routing', actions: 'storeCountry' },
        ],
        UPDATE_STATE: { actions: ['storeState', 'reprice'] },
        UPDATE_DELIVERY_OPTION: [
          { guard: 'isShippingEvent', target: 'shippingEdit', actions: 'storeDeliveryOption' },
          { actions: ['storeDeliveryOption', 'reprice'] },
        ],
      },
      states: {
        form: formRegion('#checkout.fetchingLocation'),
        deliveryDetails: deliveryDetailsRegion,
        estimate: editEstimateRegion,
      },
    },
    fetchingShippingCost: {
      invoke: {
        src: 'fetchShippingCost',
        input: ({ context }) => ({ pinCode: context.pinCode, countryCode: context.countryCode }),
        onDone: {
          target: 'priceEstimate',
          actions: assign({ shippingCharges: ({ event }) => event.output, error: null }),
        },
        onError: {
          target: 'fetchingShippingCostFailed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        CLEAR: 'shippingEdit',
        UPDATE_COUNTRY_CODE: { target: 'routing', actions: 'storeCountry' },
        FORM_SETTLED: { guard: 'isDraftDifferent', target: 'shippingEdit' },
      },
    },
    fetchingShippingCostFailed: {
      on: {
        RETRY: 'fetchingShippingCost',
        CLEAR: 'shippingEdit',
        UPDATE_COUNTRY_CODE: { target: 'routing', actions: 'storeCountry' },
        FORM_SETTLED: { guard: 'isDraftDifferent', target: 'shippingEdit' },
      },
    },
    fetchingLocation: {
      invoke: {
        src: 'lookupLocation',
        input: ({ context }) => ({ pinCode: context.pinCode }),
        onDone: [
          {
            guard: ({ event }) => event.output !== undefined,
            target: 'priceEstimate',
            actions: [
              assign({ postOffice: ({ event }) => event.output ?? null, error: null }),
              emit(({ event }) => ({
                type: 'locationFound' as const,
                postOffice: event.output as PostOffice,
              })),
            ],
          },
          { target: 'fetchingLocationFailed', actions: assign({ postOffice: null }) },
        ],
        onError: {
          target: 'fetchingLocationFailed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        CLEAR: 'deliveryEdit',
        UPDATE_COUNTRY_CODE: { target: 'routing', actions: 'storeCountry' },
        FORM_SETTLED: { guard: 'isDraftDifferent', target: 'deliveryEdit' },
      },
    },
    // Spec §5: a failed lookup is silent; with a state already chosen the flow goes on, else it waits for one.
    fetchingLocationFailed: {
      always: { guard: 'hasState', target: 'priceEstimate' },
      on: {
        RETRY: 'fetchingLocation',
        CLEAR: 'deliveryEdit',
        UPDATE_STATE: { target: 'priceEstimate', actions: 'storeState' },
        UPDATE_COUNTRY_CODE: { target: 'routing', actions: 'storeCountry' },
        FORM_SETTLED: { guard: 'isDraftDifferent', target: 'deliveryEdit' },
      },
    },
    priceEstimate: {
      always: [
        { guard: 'isEstimateSkipped', target: 'readyToPurchase' },
        { target: 'fetchingPriceEstimate' },
      ],
    },
    fetchingPriceEstimate: {
      entry: 'startEstimate',
      invoke: {
        src: 'fetchPriceEstimate',
        input: ({ context }) => estimateRequestOf(context, true),
        onDone: {
          target: 'readyToPurchase',
          actions: [
            { type: 'storeEstimate', params: ({ event }) => ({ answer: event.output }) },
            { type: 'tellCoupon', params: ({ event }) => ({ answer: event.output }) },
            'rememberEstimate',
          ],
        },
        onError: {
          target: 'fetchingPriceEstimateFailed',
          actions: { type: 'failEstimate', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        // Re-entering the estimate drops the answer in flight: only the newest inputs' answer counts.
        REFRESH_ESTIMATE: { target: 'priceEstimate', reenter: true },
        UPDATE_STATE: { target: 'priceEstimate', reenter: true, actions: 'storeState' },
        UPDATE_COUNTRY_CODE: { target: 'routing', actions: 'storeCountry' },
        UPDATE_DELIVERY_OPTION: [
          { guard: 'isShippingEvent', target: 'shippingEdit', actions: 'storeDeliveryOption' },
          { target: 'priceEstimate', actions: 'storeDeliveryOption' },
        ],
        CLEAR: 'routing',
        ...settleDraft,
      },
    },
    fetchingPriceEstimateFailed: {
      on: {
        RETRY: 'priceEstimate',
        REFRESH_ESTIMATE: 'priceEstimate',
        UPDATE_STATE: { target: 'priceEstimate', actions: 'storeState' },
        UPDATE_COUNTRY_CODE: { target: 'routing', actions: 'storeCountry' },
        UPDATE_DELIVERY_OPTION: [
          { guard: 'isShippingEvent', target: 'shippingEdit', actions: 'storeDeliveryOption' },
          { target: 'priceEstimate', actions: 'storeDeliveryOption' },
        ],
        CLEAR: 'routing',
        ...settleDraft,
      },
    },
    readyToPurchase: {
      entry: assign({ estimateState: 'ready' as const }),
      on: {
        PROCEED_TO_PAY: [
          {
            guard: and(['isEmailVerified', 'hasDraft', 'hasOrderId']),
            target: 'orderInProgress',
            actions: 'storeService',
          },
          { guard: and(['isEmailVerified', 'hasDraft']), target: 'proceedingToPay', actions: 'storeService' },
        ],
        CLEAR: [
          { guard: 'needsShippingEdit', target: 'shippingEdit' },
          { guard: 'isIndia', target: 'deliveryEdit' },
        ],
        REFRESH_ESTIMATE: 'priceEstimate',
        UPDATE_STATE: { target: 'priceEstimate', actions: 'storeState' },
        UPDATE_COUNTRY_CODE: { target: 'routing', actions: 'storeCountry' },
        UPDATE_DELIVERY_OPTION: [
          { guard: 'isShippingEvent', target: 'shippingEdit', actions: 'storeDeliveryOption' },
          { target: 'priceEstimate', actions: 'storeDeliveryOption' },
        ],
        ...settleDraft,
      },
    },
    // Spec §4 step 6: an order is already in progress; go back, or go on by cancelling it.
    orderInProgress: {
      on: {
        GO_BACK: 'readyToPurchase',
        PROCEED_TO_PAY: { target: 'proceedingToPay', actions: assign({ cancelPriorOrder: true }) },
      },
    },
    // The states' names are loaded (the order names them), then the order request is built from the draft.
    proceedingToPay: {
      entry: assign({ paymentError: null }),
      invoke: {
        src: 'fetchStateNames',
        input: ({ context }) => ({
          countries: [context.draft?.country ?? context.countryCode, context.draft?.billingCountry ?? ''],
        }),
        onDone: { target: 'paying', actions: assign(({ event }) => ({ stateName: event.output })) },
        onError: {
          target: 'readyToPurchase',
          actions: assign({ paymentError: CREATE_FAILED_MESSAGE, cancelPriorOrder: false }),
        },
      },
    },
    paying: {
      entry: 'observeChildren',
      invoke: {
        id: 'payment',
        src: 'payment',
        input: ({ context }) => paymentInputOf(context),
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'success',
            target: 'paid',
            actions: assign({ end: ({ event }) => event.output as PaymentEnd, previousAttempt: null }),
          },
          {
            guard: ({ event }) => event.output.kind === 'unsettled',
            target: 'unsettled',
            actions: assign({ end: ({ event }) => event.output as PaymentEnd, previousAttempt: null }),
          },
          // Spec §4 steps 7–8: a failed creation, a cancelled payment or a failure returns to the price estimate;
          // a changed total is priced again first, so the summary shows what the next attempt will charge.
          {
            guard: ({ event }) => changedTotalOf(backToEstimate(event.output).createError) !== null,
            target: 'priceEstimate',
            actions: {
              type: 'resumeAfterPayment',
              params: ({ event }) => ({ end: backToEstimate(event.output) }),
            },
          },
          {
            target: 'readyToPurchase',
            actions: {
              type: 'resumeAfterPayment',
              params: ({ event }) => ({ end: backToEstimate(event.output) }),
            },
          },
        ],
        onError: {
          target: 'readyToPurchase',
          actions: assign({ paymentError: CREATE_FAILED_MESSAGE, cancelPriorOrder: false }),
        },
      },
      on: {
        PAYMENT_FAILED: {
          target: 'failed',
          actions: assign(({ event }) => ({ end: { kind: 'failure' as const, orderId: event.orderId } })),
        },
      },
    },
    paid: { type: 'final' },
    failed: { type: 'final' },
    // Not settled within the polls: the order's page keeps asking.
    unsettled: { type: 'final' },
    storedOrderPaid: { type: 'final' },
  },
});

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/** Whether the shipping cost is being fetched (the submit area's "Fetching shipping cost"). */
export function isFetchingShippingCost(snapshot: CheckoutSnapshot): boolean {
  return snapshot.matches('fetchingShippingCost');
}

/** Whether the pay action may be offered (spec §4 step 6). */
export function isReadyToPurchase(snapshot: CheckoutSnapshot): boolean {
  return snapshot.matches('readyToPurchase');
}
