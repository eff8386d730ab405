import { and, assign } from 'xstate';
import { changedTotalOf } from '@/api/orders';
import {
  backToEstimate,
  checkoutSetup,
  paymentInputOf,
  repriceWhenChanged,
  settleDraft,
} from './checkoutSetup';
import type { PaymentEnd } from './checkoutTypes';
import { CREATE_FAILED_MESSAGE } from './paymentErrors';

/* The checkout's payment states (spec §4 steps 6–10): ready to pay, the order in progress, the payment and its ends. */

export const payStates = checkoutSetup.createStateConfig({
  states: {
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
        ...repriceWhenChanged,
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
}).states;
