import { pricingCountry } from '@contract/constants';
import { currencyForCountry, toMinor } from '@contract/money';
import type { PickupLocation } from '@contract/places';
import type { DeliveryOption } from '@contract/pricing';
import { and, assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { ClientProfile } from '@/api/account';
import { fetchShippingCharges } from '@/api/places';
import { lookupPostOffice, type PostOffice } from '@/api/postal';
import { emptyPriceView, isEstimateSkipped, type PriceView } from '@/api/priceEstimate';
import { isValidPostalCode } from './checkoutForm';
import { sameEmail } from './emailVerificationMachine';

/*
 * The checkout machine of spec §4 "Checkout flow", steps 1–6 and 11–15 (7–10, the payment, hand over at
 * proceedingToPay), states and events named as the spec names them:
 * 1. fetchingProfile → fetchingProfileFailed, RETRY.
 * 2. after the profile: a stored order id → fetchingOrderDetails; else `routing`: shipping required (and not
 *    collected) → shippingEdit; India → deliveryEdit; else priceEstimate.
 * 3. order details: a valid pincode → readyToPurchase (through priceEstimate, so a total is shown); self pickup → deliveryEdit (India); shipping required →
 *    shippingEdit; India → deliveryEdit; else priceEstimate. An error (fetchingOrderDetailsFailed) routes as the
 *    profile does.
 * 4. shippingEdit and deliveryEdit are parallel: `form` (invalid / valid, by VALID / INVALID) and
 *    `deliveryDetails` (pickup locations: idle, fetching, failed with RETRY). APPLY_PIN_CODE from form.valid
 *    fetches the shipping cost (shippingEdit) or auto-fills city and state from the postal lookup (deliveryEdit,
 *    fetchingLocation). UPDATE_COUNTRY_CODE is taken in any sub-state.
 * 5. fetchingShippingCost: success → priceEstimate, failure → fetchingShippingCostFailed, CLEAR → shippingEdit.
 * 6. readyToPurchase: PROCEED_TO_PAY → proceedingToPay (final: the payment takes over from the machine's output)
 *    or, with an order id stored, orderInProgress (the "in progress" modal: GO_BACK, or PROCEED_TO_PAY again to
 *    go on by cancelling the prior order). CLEAR → shippingEdit if shipping is required, deliveryEdit for India.
 * 11. priceEstimate skips the call when every product quantity is zero: the previous or empty estimate stands.
 * 12. UPDATE_COUNTRY_CODE and UPDATE_STATE refresh the estimate once past editing.
 * 13. persistence is the draft store's (src/storage/checkoutDraft.ts), not the machine's.
 * 14. each fetch has its failure state: fetchingProfileFailed, fetchingOrderDetailsFailed,
 *     deliveryDetails.failed, fetchingLocationFailed, fetchingShippingCostFailed, fetchingPriceEstimateFailed.
 * 15. PROCEED_TO_PAY proceeds only if the e-mail is verified, or was already verified and is unchanged.
 * Beyond the spec's list: UPDATE_DELIVERY_OPTION (the Self Pickup / Delivery dropdown) and REFRESH_ESTIMATE (a
 * code applied, the cart changed, the connection back). Every call is an injected actor.
 */

/** What the checkout reads of the stored order's details (spec §3 Order). */
export interface CheckoutOrderDetails {
  orderId: string;
  /** shipping_details.pin_code, null without shipping details. */
  pinCode: string | null;
  /** country_name_enum. */
  countryCode: string | null;
  shippingThrough: DeliveryOption | null;
}

export interface SelectedPackage {
  products: readonly { quantity: number }[];
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
  selfPickupEnabled: boolean;
  deliveryOption?: DeliveryOption;
  stateNameEnum?: string;
  pinCode?: string;
  /** The last estimate known (a draft's), used while a new one is skipped. */
  previousEstimate?: PriceView | null;
}

export interface CheckoutContext {
  countryCode: string;
  isShippingRequired: boolean;
  orderId: string | null;
  packages: readonly SelectedPackage[];
  selfPickupEnabled: boolean;
  deliveryOption: DeliveryOption;
  stateNameEnum: string;
  pinCode: string;
  /** The last VALID / INVALID heard: an edit state re-entered starts in the matching sub-state. */
  formValid: boolean;
  profile: ClientProfile | null;
  orderDetails: CheckoutOrderDetails | null;
  pickupLocations: PickupLocation[] | null;
  postOffice: PostOffice | null;
  /** Minor units; null until fetched for the current pincode. */
  shippingCharges: number | null;
  estimate: PriceView;
  /** Set when the buyer chose to go on by cancelling the stored order. */
  cancelPriorOrder: boolean;
  /** The stored order turned out paid, failed, cancelled or expired: nothing is in progress to cancel. */
  storedOrderSettled: boolean;
  error: unknown;
}

export type CheckoutEvent =
  | { type: 'RETRY' }
  | { type: 'VALID' }
  | { type: 'INVALID' }
  | { type: 'APPLY_PIN_CODE'; pinCode: string }
  | { type: 'UPDATE_COUNTRY_CODE'; countryCode: string }
  | { type: 'UPDATE_STATE'; stateNameEnum: string }
  | { type: 'UPDATE_DELIVERY_OPTION'; deliveryOption: DeliveryOption }
  | { type: 'REFRESH_ESTIMATE'; packages?: readonly SelectedPackage[] }
  | { type: 'CLEAR' }
  | { type: 'PROCEED_TO_PAY'; email: string; emailVerified: boolean }
  | { type: 'GO_BACK' }
  /** The stored order was reconciled and holds nothing in progress (its details still prefill the form). */
  | { type: 'ORDER_SETTLED' };

/** Emitted when the postal lookup chose an office: the form fills city and state from it. */
export interface LocationFoundEmitted {
  type: 'locationFound';
  postOffice: PostOffice;
}

export interface PriceEstimateActorInput {
  countryCode: string;
  stateNameEnum: string;
  pinCode: string;
  deliveryOption: DeliveryOption;
  shippingCharges: number | null;
}

/** What the payment step receives. */
export interface CheckoutOutput {
  /** The stored order to cancel before a new one is created, when the buyer chose so. */
  priorOrderIdToCancel: string | null;
  estimate: PriceView;
  deliveryOption: DeliveryOption;
  pickupLocationId: number | null;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

const isIndiaCode = (code: string) => code.trim().toUpperCase() === 'IN';

const checkoutSetup = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
    emitted: {} as LocationFoundEmitted,
    output: {} as CheckoutOutput,
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
    fetchPriceEstimate: fromPromise<PriceView, PriceEstimateActorInput>(notProvided('fetchPriceEstimate')),
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
    isIndiaEvent: ({ event }) => event.type === 'UPDATE_COUNTRY_CODE' && isIndiaCode(event.countryCode),
    isSelfPickupEvent: ({ event }) =>
      event.type === 'UPDATE_DELIVERY_OPTION' && event.deliveryOption === 'SELF_PICKUP',
    isShippingEvent: ({ context, event }) =>
      event.type === 'UPDATE_DELIVERY_OPTION' &&
      event.deliveryOption === 'SHIPPING_SERVICE' &&
      context.isShippingRequired,
    isEmailVerifiedOrUnchanged: ({ context, event }) => {
      if (event.type !== 'PROCEED_TO_PAY') return false;
      if (event.emailVerified) return true;
      const profile = context.profile;
      return profile?.isEmailVerified === true && sameEmail(event.email, profile.email);
    },
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
    storePackages: assign(({ context, event }) =>
      event.type === 'REFRESH_ESTIMATE' && event.packages ? { packages: event.packages } : context,
    ),
    storeError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    storeOrderDetails: assign((_, params: { order: CheckoutOrderDetails }) => ({
      orderDetails: params.order,
      orderId: params.order.orderId,
      pinCode: params.order.pinCode ?? '',
      error: null,
    })),
    useSelfPickup: assign({ deliveryOption: 'SELF_PICKUP' as const }),
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

/**
 * The edit form's validity (spec §4 step 4: invalid and valid, toggled by VALID and INVALID); APPLY_PIN_CODE from
 * valid goes on to `onPinCode`: the shipping-cost fetch from shipping edit, the pincode auto-fill from delivery edit.
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
        on: { APPLY_PIN_CODE: { guard: 'isPinCodeValid', target: onPinCode, actions: 'storePinCode' } },
      },
    },
  });
}

export const checkoutMachine = checkoutSetup.createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    countryCode: input.countryCode,
    isShippingRequired: input.isShippingRequired,
    orderId: input.storedOrderId,
    packages: input.packages,
    selfPickupEnabled: input.selfPickupEnabled,
    deliveryOption: input.selfPickupEnabled
      ? (input.deliveryOption ?? 'SHIPPING_SERVICE')
      : 'SHIPPING_SERVICE',
    stateNameEnum: input.stateNameEnum ?? '',
    pinCode: input.pinCode ?? '',
    formValid: false,
    profile: null,
    orderDetails: null,
    pickupLocations: null,
    postOffice: null,
    shippingCharges: null,
    estimate: input.previousEstimate ?? emptyPriceView(currencyForCountry(pricingCountry(input.countryCode))),
    cancelPriorOrder: false,
    storedOrderSettled: false,
    error: null,
  }),
  initial: 'fetchingProfile',
  // Validity is remembered in every state, so an edit state entered later starts in the right sub-state.
  on: {
    VALID: { actions: 'markValid' },
    INVALID: { actions: 'markInvalid' },
    ORDER_SETTLED: { actions: assign({ storedOrderSettled: true }) },
  },
  output: ({ context }) => ({
    priorOrderIdToCancel: context.cancelPriorOrder ? context.orderId : null,
    estimate: context.estimate,
    deliveryOption: context.deliveryOption,
    pickupLocationId:
      context.deliveryOption === 'SELF_PICKUP'
        ? (context.pickupLocations?.[0]?.pickup_location_id ?? null)
        : null,
  }),
  states: {
    fetchingProfile: {
      invoke: {
        src: 'fetchProfile',
        onDone: [
          {
            guard: 'hasStoredOrderId',
            target: 'fetchingOrderDetails',
            actions: assign({ profile: ({ event }) => event.output, error: null }),
          },
          { target: 'routing', actions: assign({ profile: ({ event }) => event.output, error: null }) },
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
        UPDATE_COUNTRY_CODE: { actions: 'storeCountry' },
        UPDATE_STATE: { actions: 'storeState' },
        UPDATE_DELIVERY_OPTION: [
          { guard: 'isSelfPickupEvent', target: 'deliveryEdit', actions: 'storeDeliveryOption' },
          { actions: 'storeDeliveryOption' },
        ],
      },
      states: {
        form: formRegion('#checkout.fetchingShippingCost'),
        deliveryDetails: deliveryDetailsRegion,
      },
    },
    deliveryEdit: {
      type: 'parallel',
      on: {
        UPDATE_COUNTRY_CODE: [
          { guard: 'isIndiaEvent', actions: 'storeCountry' },
          { target: 'routing', actions: 'storeCountry' },
        ],
        UPDATE_STATE: { actions: 'storeState' },
        UPDATE_DELIVERY_OPTION: [
          { guard: 'isShippingEvent', target: 'shippingEdit', actions: 'storeDeliveryOption' },
          { actions: 'storeDeliveryOption' },
        ],
      },
      states: {
        form: formRegion('#checkout.fetchingLocation'),
        deliveryDetails: deliveryDetailsRegion,
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
      },
    },
    fetchingShippingCostFailed: {
      on: {
        RETRY: 'fetchingShippingCost',
        CLEAR: 'shippingEdit',
        UPDATE_COUNTRY_CODE: { target: 'routing', actions: 'storeCountry' },
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
      },
    },
    priceEstimate: {
      always: [
        { guard: 'isEstimateSkipped', target: 'readyToPurchase' },
        { target: 'fetchingPriceEstimate' },
      ],
    },
    fetchingPriceEstimate: {
      invoke: {
        src: 'fetchPriceEstimate',
        input: ({ context }) => ({
          countryCode: context.countryCode,
          stateNameEnum: context.stateNameEnum,
          pinCode: context.pinCode,
          deliveryOption: context.deliveryOption,
          shippingCharges: context.shippingCharges,
        }),
        onDone: {
          target: 'readyToPurchase',
          actions: assign(({ event }) => ({
            estimate: event.output,
            isShippingRequired: event.output.isShippingRequired,
            error: null,
          })),
        },
        onError: {
          target: 'fetchingPriceEstimateFailed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        // Re-entering the estimate drops the answer in flight: only the newest inputs' answer counts.
        REFRESH_ESTIMATE: { target: 'priceEstimate', reenter: true, actions: 'storePackages' },
        UPDATE_STATE: { target: 'priceEstimate', reenter: true, actions: 'storeState' },
        UPDATE_COUNTRY_CODE: { target: 'routing', actions: 'storeCountry' },
        UPDATE_DELIVERY_OPTION: [
          { guard: 'isShippingEvent', target: 'shippingEdit', actions: 'storeDeliveryOption' },
          { target: 'priceEstimate', actions: 'storeDeliveryOption' },
        ],
        CLEAR: 'routing',
      },
    },
    fetchingPriceEstimateFailed: {
      on: {
        RETRY: 'priceEstimate',
        REFRESH_ESTIMATE: { target: 'priceEstimate', actions: 'storePackages' },
        UPDATE_STATE: { target: 'priceEstimate', actions: 'storeState' },
        UPDATE_COUNTRY_CODE: { target: 'routing', actions: 'storeCountry' },
        UPDATE_DELIVERY_OPTION: [
          { guard: 'isShippingEvent', target: 'shippingEdit', actions: 'storeDeliveryOption' },
          { target: 'priceEstimate', actions: 'storeDeliveryOption' },
        ],
        CLEAR: 'routing',
      },
    },
    readyToPurchase: {
      on: {
        PROCEED_TO_PAY: [
          { guard: and(['isEmailVerifiedOrUnchanged', 'hasOrderId']), target: 'orderInProgress' },
          { guard: 'isEmailVerifiedOrUnchanged', target: 'proceedingToPay' },
        ],
        CLEAR: [
          { guard: 'needsShippingEdit', target: 'shippingEdit' },
          { guard: 'isIndia', target: 'deliveryEdit' },
        ],
        REFRESH_ESTIMATE: { target: 'priceEstimate', actions: 'storePackages' },
        UPDATE_STATE: { target: 'priceEstimate', actions: 'storeState' },
        UPDATE_COUNTRY_CODE: { target: 'routing', actions: 'storeCountry' },
        UPDATE_DELIVERY_OPTION: [
          { guard: 'isShippingEvent', target: 'shippingEdit', actions: 'storeDeliveryOption' },
          { target: 'priceEstimate', actions: 'storeDeliveryOption' },
        ],
      },
    },
    // Spec §4 step 6: an order is already in progress; go back, or go on by cancelling it.
    orderInProgress: {
      on: {
        GO_BACK: 'readyToPurchase',
        PROCEED_TO_PAY: { target: 'proceedingToPay', actions: assign({ cancelPriorOrder: true }) },
      },
    },
    proceedingToPay: { type: 'final' },
  },
});

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/**
 * The checkout as it stood before paying, ready to purchase again (spec §4 steps 7–8: a failed creation, a
 * cancelled payment or a failure "returns to price estimate"): the finished machine's context, with the order this
 * attempt created (if any) now the stored one, so a new payment offers to cancel it first (step 6).
 */
export function resumeAtEstimate<T extends typeof checkoutMachine>(
  logic: T,
  finished: CheckoutSnapshot,
  { createdOrderId, priorOrderCancelled }: { createdOrderId: string | null; priorOrderCancelled: boolean },
) {
  const context = finished.context;
  return logic.resolveState({
    value: 'readyToPurchase',
    context: {
      ...context,
      orderId: createdOrderId ?? context.orderId,
      storedOrderSettled: createdOrderId === null ? context.storedOrderSettled || priorOrderCancelled : false,
      cancelPriorOrder: false,
    },
  });
}

/** Whether the shipping cost is being fetched (the submit area's "Fetching shipping cost"). */
export function isFetchingShippingCost(snapshot: CheckoutSnapshot): boolean {
  return snapshot.matches('fetchingShippingCost');
}

/** Whether the pay action may be offered (spec §4 step 6). */
export function isReadyToPurchase(snapshot: CheckoutSnapshot): boolean {
  return snapshot.matches('readyToPurchase');
}
