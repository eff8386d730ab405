import { pricingCountry } from '@contract/constants';
import { currencyForCountry } from '@contract/money';
import { assign, enqueueActions, raise, type SnapshotFrom } from 'xstate';
import { emptyPriceView } from '@/api/priceEstimate';
import { editStates } from './checkoutEditStates';
import { payStates } from './checkoutPayStates';
import {
  checkoutSetup,
  estimateInputs,
  estimateRequestOf,
  repriceWhenChanged,
  settleDraft,
} from './checkoutSetup';

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

export const checkoutMachine = checkoutSetup.createMachine({
  id: 'checkout',
  context: ({ input, spawn }) => ({
    countryCode: input.countryCode,
    isShippingRequired: input.isShippingRequired,
    orderId: input.storedOrderId,
    packages: input.packages,
    variant: input.variant ?? 'default',
    adBooking: input.adBooking ?? null,
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
  invoke: {
    src: 'watchInputs',
    input: ({ context }) => ({
      countryCode: context.countryCode,
      packages: context.packages,
      adBooking: context.adBooking,
    }),
  },
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
        assign(({ context, event }) => ({
          packages: event.packages,
          variant: event.variant,
          adBooking: event.adBooking === undefined ? context.adBooking : event.adBooking,
        })),
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
    // Spec §2: a coupon and a referral code are never both applied; applying one empties the other first, so
    // the estimate the applied code asks for is priced with it alone.
    CODE_CHECKED: {
      actions: enqueueActions(({ context, event, enqueue }) => {
        if (event.kind === 'coupon') {
          if (context.variant === 'default') {
            enqueue.stopChild('check-referral');
            enqueue.sendTo(context.referral, { type: 'UPDATE', code: '' });
          }
          enqueue.sendTo(context.coupon, { type: 'COUPON_VERIFIED', saving: event.view.couponDiscount });
        } else {
          enqueue.stopChild('check-coupon');
          enqueue.sendTo(context.coupon, { type: 'UPDATE_COUPON_CODE', code: '' });
          enqueue.sendTo(context.referral, {
            type: 'REFERRAL_VERIFIED',
            saving: event.view.associationDiscount,
          });
        }
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
    // A country chosen before the address states is kept for them: routing reads it.
    fetchingProfile: {
      on: { UPDATE_COUNTRY_CODE: { actions: 'storeCountry' } },
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
      on: { RETRY: 'fetchingProfile', UPDATE_COUNTRY_CODE: { actions: 'storeCountry' } },
    },
    fetchingOrderDetails: {
      on: { UPDATE_COUNTRY_CODE: { actions: 'storeCountry' } },
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
    ...editStates,
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
        ...repriceWhenChanged,
        CLEAR: 'routing',
        ...settleDraft,
      },
    },
    ...payStates,
  },
});

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/** Whether the shipping cost is being fetched (the submit area's "Fetching shipping cost"). */
export function isFetchingShippingCost(snapshot: CheckoutSnapshot): boolean {
  return snapshot.matches('fetchingShippingCost');
}
