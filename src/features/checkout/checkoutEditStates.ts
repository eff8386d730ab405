import { assign, emit } from 'xstate';
import type { PostOffice } from '@/api/postal';
import { checkoutSetup, estimateRequestOf } from './checkoutSetup';

/*
 * The checkout's address states (spec §4 steps 4–5): shipping and delivery edit, each with its form, its pickup
 * locations and its price without the pincode; then the shipping cost or the postal lookup for the pincode applied.
 */

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

export const editStates = checkoutSetup.createStateConfig({
  states: {
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
        // Try again asks for the postal code in the form now, not the one that failed.
        RETRY: [{ guard: 'isDraftDifferent', target: 'shippingEdit' }, { target: 'fetchingShippingCost' }],
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
  },
}).states;
