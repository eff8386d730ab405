import type { AdAsset } from '@contract/ads';
import type {
  OrderCancelResponse,
  OrderCreateRequest,
  OrderCreateResponse,
  OrderStatus,
  PaymentResult,
} from '@contract/orders';
import { assign, emit, enqueueActions, fromCallback, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { isApiError } from '@/api/errors';
import { ORDER_STATUS_POLL_RETRIES, pollDelay } from './payment/pollDelay';
import type { ModalPaymentDetails, ProviderOutcome } from './payment/providerScript';

/*
 * The payment of spec §4 "Checkout flow" steps 7–10 and "Order status polling", taking over from the checkout
 * machine's proceedingToPay:
 * 7. proceedingToPay: a prior order to cancel → cancellingPriorOrder (pending → success → creatingOrder; failure →
 *    RETRY or GO_BACK), else creatingOrder. A failed creation goes back to the price estimate with its error.
 * 8. paymentOrderCreated (an ad booking's creative recorded against the order first) → paymentModalOpen: PAYMENT_SUCCESS → confirmingPayment (the server verifies the
 *    signed result) → success; PAYMENT_PENDING → checkingOrderStatus (SUCCESS or FAILED accepted, 6 retries with
 *    pollDelay) → success or failure; PAYMENT_CANCELLED → back to the price estimate; PAYMENT_FAILED → failure,
 *    where PROCEED_TO_PAY goes back to the price estimate.
 * 9. a hosted-link order → redirecting (to the payment link, the order id kept first); no payment details with
 *    SUCCESS → success.
 * 10. the card provider's modal: loadingScript first; a load failure is recorded and the payment-gateway-issue
 *    modal (gatewayIssue) submits the issue form with the orderId. A dismissal emits paymentDismissed.
 * One Idempotency-Key per attempt: the same request retried after a create that never answered reuses it, any
 * other attempt gets a fresh one. Only one completion is in flight: a second outcome is not heard. Every call is
 * an injected actor.
 */

/** A create that got no answer: retrying the same request must reuse its key. */
export interface UnsettledAttempt {
  idempotencyKey: string;
  request: OrderCreateRequest;
}

/** Who pays, as the provider's window is prefilled. */
export interface PaymentPrefill {
  name: string;
  email: string;
  contact: string;
}

export interface PaymentInput {
  request: OrderCreateRequest;
  prefill?: PaymentPrefill;
  /** The stored order to cancel first (the buyer chose so in the "in progress" modal). */
  priorOrderIdToCancel: string | null;
  previousAttempt?: UnsettledAttempt | null;
  newIdempotencyKey?: () => string;
  /** An ad booking's creative, recorded against the order once it exists and before the payment opens. */
  adAssets?: AdAsset[] | null;
}

export interface PaymentContext {
  request: OrderCreateRequest;
  prefill: PaymentPrefill;
  priorOrderIdToCancel: string | null;
  previousAttempt: UnsettledAttempt | null;
  newIdempotencyKey: () => string;
  adAssets: AdAsset[] | null;
  idempotencyKey: string | null;
  order: OrderCreateResponse | null;
  /** Status checks made in this poll. */
  pollAttempt: number;
  lastStatus: OrderStatus | null;
  error: unknown;
  ending: 'success' | 'unsettled' | 'backToEstimate' | null;
  priorOrderCancelled: boolean;
  /** The provider still held a payment of the cancelled prior order: the buyer is told it is refunded if it lands. */
  priorPaymentInFlight: boolean;
  createError: unknown;
}

export type PaymentEvent =
  | ProviderOutcome
  | { type: 'RETRY' }
  | { type: 'GO_BACK' }
  | { type: 'PROCEED_TO_PAY' }
  | { type: 'SUBMIT_ISSUE' };

export type PaymentEmitted =
  | { type: 'orderCreated'; order: OrderCreateResponse }
  | { type: 'orderCreateFailed'; error: unknown }
  | { type: 'paymentDismissed'; orderId: string }
  | { type: 'gatewayFailed'; orderId: string; error: unknown };

/** Where the payment ended: the page navigates, or resumes the checkout at its estimate. */
export type PaymentOutput =
  | { kind: 'success'; orderId: string }
  | { kind: 'failure'; orderId: string }
  /** The status was not settled within the polls: the order's page keeps asking. */
  | { kind: 'unsettled'; orderId: string }
  | {
      kind: 'backToEstimate';
      /** The order this attempt created (kept as the last order), if any. */
      orderId: string | null;
      /** Whether the prior order was cancelled on the way (nothing is in progress then). */
      priorOrderCancelled: boolean;
      error: unknown;
      /** Why the order could not be created, null when it was (or was never asked for). */
      createError: unknown;
      unsettledAttempt: UnsettledAttempt | null;
    };

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

/** Whether a create failure may have reached the server (no answer, or a server fault): retry with the same key. */
export function isUnanswered(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.isNetworkError || error.isTimeout || error.httpStatusCode >= 500;
}

const sameRequest = (a: OrderCreateRequest, b: OrderCreateRequest) => JSON.stringify(a) === JSON.stringify(b);

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
    emitted: {} as PaymentEmitted,
    output: {} as PaymentOutput,
  },
  actors: {
    cancelOrder: fromPromise<OrderCancelResponse, { orderId: string }>(notProvided('cancelOrder')),
    createOrder: fromPromise<OrderCreateResponse, { request: OrderCreateRequest; idempotencyKey: string }>(
      notProvided('createOrder'),
    ),
    rememberOrder: fromPromise<void, { orderId: string; source: 'cart' | 'ad' }>(
      notProvided('rememberOrder'),
    ),
    recordAdBooking: fromPromise<unknown, { orderId: string; assets: AdAsset[] }>(
      notProvided('recordAdBooking'),
    ),
    redirectToPaymentLink: fromPromise<void, { paymentLink: string }>(notProvided('redirectToPaymentLink')),
    loadProviderScript: fromPromise<unknown, { details: ModalPaymentDetails }>(
      notProvided('loadProviderScript'),
    ),
    openPaymentModal: fromCallback<
      PaymentEvent,
      { details: ModalPaymentDetails; orderId: string; prefill: PaymentPrefill }
    >(() => {
      throw new Error('openPaymentModal is not provided');
    }),
    confirmPayment: fromPromise<{ order_status: OrderStatus }, { orderId: string; result: PaymentResult }>(
      notProvided('confirmPayment'),
    ),
    fetchOrderStatus: fromPromise<{ order_status: OrderStatus }, { orderId: string }>(
      notProvided('fetchOrderStatus'),
    ),
    submitIssueForm: fromPromise<unknown, { orderId: string }>(notProvided('submitIssueForm')),
  },
  delays: {
    pollDelay: ({ context }) => pollDelay(context.pollAttempt - 1),
  },
  guards: {
    hasPriorOrder: ({ context }) => context.priorOrderIdToCancel !== null,
    isAdBooking: ({ context }) => context.adAssets !== null,
    isPaidAlready: ({ context }) =>
      context.order?.payment_details === null && context.order?.order_status === 'SUCCESS',
    isRedirect: ({ context }) => context.order?.payment_details?.kind === 'redirect',
    isModal: ({ context }) => context.order?.payment_details?.kind === 'modal',
    isStatusSuccess: (_, params: { status: OrderStatus }) => params.status === 'SUCCESS',
    isStatusFailed: (_, params: { status: OrderStatus }) => params.status === 'FAILED',
    arePollsExhausted: ({ context }) => context.pollAttempt > ORDER_STATUS_POLL_RETRIES,
  },
  actions: {
    startAttempt: assign(({ context }) => {
      const previous = context.previousAttempt;
      const reuse = previous !== null && sameRequest(previous.request, context.request);
      return { idempotencyKey: reuse ? previous.idempotencyKey : context.newIdempotencyKey(), error: null };
    }),
    storeError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    // The provider could not be reached (its script, its modal, its page): the gateway-issue modal takes over.
    reportGatewayFailure: enqueueActions(({ context, enqueue }, params: { error: unknown }) => {
      enqueue.assign({ error: params.error });
      enqueue.emit({ type: 'gatewayFailed', orderId: context.order?.order_id ?? '', error: params.error });
    }),
    storeStatus: assign(({ context }, params: { status: OrderStatus }) => ({
      lastStatus: params.status,
      pollAttempt: context.pollAttempt + 1,
    })),
    countFailedPoll: assign(({ context }) => ({ pollAttempt: context.pollAttempt + 1 })),
    /** The failure card shows: nothing here; the checkout that runs this payment ends there (it provides this). */
    announceFailure: assign({}),
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    request: input.request,
    prefill: input.prefill ?? { name: '', email: '', contact: '' },
    priorOrderIdToCancel: input.priorOrderIdToCancel,
    previousAttempt: input.previousAttempt ?? null,
    newIdempotencyKey: input.newIdempotencyKey ?? (() => crypto.randomUUID()),
    adAssets: input.adAssets ?? null,
    idempotencyKey: null,
    order: null,
    pollAttempt: 0,
    lastStatus: null,
    error: null,
    ending: null,
    priorOrderCancelled: false,
    priorPaymentInFlight: false,
    createError: null,
  }),
  initial: 'proceedingToPay',
  output: ({ context }): PaymentOutput => {
    const orderId = context.order?.order_id ?? '';
    if (context.ending === 'success') return { kind: 'success', orderId };
    if (context.ending === 'unsettled') return { kind: 'unsettled', orderId };
    const unanswered =
      context.order === null && context.idempotencyKey !== null && isUnanswered(context.error);
    return {
      kind: 'backToEstimate',
      orderId: context.order?.order_id ?? null,
      priorOrderCancelled: context.priorOrderCancelled,
      error: context.error,
      createError: context.createError,
      unsettledAttempt:
        unanswered && context.idempotencyKey
          ? { idempotencyKey: context.idempotencyKey, request: context.request }
          : null,
    };
  },
  states: {
    proceedingToPay: {
      always: [{ guard: 'hasPriorOrder', target: 'cancellingPriorOrder' }, { target: 'creatingOrder' }],
    },
    cancellingPriorOrder: {
      initial: 'pending',
      states: {
        pending: {
          invoke: {
            src: 'cancelOrder',
            input: ({ context }) => ({ orderId: context.priorOrderIdToCancel ?? '' }),
            onDone: {
              target: 'success',
              actions: assign({ priorPaymentInFlight: ({ event }) => event.output.payment_in_flight }),
            },
            onError: {
              target: 'failure',
              actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        // A new order follows the cancelled one (spec §4 step 7).
        success: { entry: assign({ priorOrderCancelled: true }), always: '#payment.creatingOrder' },
        failure: {
          on: {
            RETRY: { target: 'pending', actions: assign({ error: null }) },
            GO_BACK: '#payment.backToEstimate',
          },
        },
      },
    },
    creatingOrder: {
      entry: 'startAttempt',
      invoke: {
        src: 'createOrder',
        input: ({ context }) => ({ request: context.request, idempotencyKey: context.idempotencyKey ?? '' }),
        onDone: {
          target: 'paymentOrderCreated',
          actions: [
            assign({ order: ({ event }) => event.output }),
            emit(({ event }) => ({ type: 'orderCreated' as const, order: event.output })),
          ],
        },
        onError: {
          target: 'backToEstimate',
          actions: [
            assign(({ event }) => ({ error: event.error, createError: event.error })),
            emit(({ event }) => ({ type: 'orderCreateFailed' as const, error: event.error })),
          ],
        },
      },
    },
    // The order id is kept on the device before anything can leave the page (spec §4 step 13).
    paymentOrderCreated: {
      invoke: {
        src: 'rememberOrder',
        input: ({ context }) => ({
          orderId: context.order?.order_id ?? '',
          source: context.adAssets === null ? ('cart' as const) : ('ad' as const),
        }),
        onDone: [{ guard: 'isAdBooking', target: 'recordingAdBooking' }, { target: 'choosingPayment' }],
        onError: [{ guard: 'isAdBooking', target: 'recordingAdBooking' }, { target: 'choosingPayment' }],
      },
    },
    // The booking's creative goes with its order before anything is paid; refused, nothing is charged.
    recordingAdBooking: {
      invoke: {
        src: 'recordAdBooking',
        input: ({ context }) => ({ orderId: context.order?.order_id ?? '', assets: context.adAssets ?? [] }),
        onDone: 'choosingPayment',
        onError: {
          target: 'backToEstimate',
          actions: assign(({ event }) => ({ error: event.error, createError: event.error })),
        },
      },
    },
    choosingPayment: {
      always: [
        { guard: 'isPaidAlready', target: 'success' },
        { guard: 'isRedirect', target: 'redirecting' },
        { guard: 'isModal', target: 'loadingScript' },
        { target: 'checkingOrderStatus' },
      ],
    },
    redirecting: {
      invoke: {
        src: 'redirectToPaymentLink',
        input: ({ context }) => {
          const details = context.order?.payment_details;
          return { paymentLink: details?.kind === 'redirect' ? details.payment_link : '' };
        },
        onError: {
          target: 'gatewayIssue',
          actions: { type: 'reportGatewayFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadingScript: {
      invoke: {
        src: 'loadProviderScript',
        input: ({ context }) => ({ details: context.order?.payment_details as ModalPaymentDetails }),
        onDone: 'paymentModalOpen',
        onError: {
          target: 'gatewayIssue',
          actions: { type: 'reportGatewayFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    paymentModalOpen: {
      invoke: {
        src: 'openPaymentModal',
        input: ({ context }) => ({
          details: context.order?.payment_details as ModalPaymentDetails,
          orderId: context.order?.order_id ?? '',
          prefill: context.prefill,
        }),
        onError: {
          target: 'gatewayIssue',
          actions: { type: 'reportGatewayFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        PAYMENT_SUCCESS: 'confirmingPayment',
        PAYMENT_PENDING: 'checkingOrderStatus',
        PAYMENT_CANCELLED: {
          target: 'backToEstimate',
          actions: emit(({ context }) => ({
            type: 'paymentDismissed' as const,
            orderId: context.order?.order_id ?? '',
          })),
        },
        PAYMENT_FAILED: 'failure',
      },
    },
    // One completion in flight: no outcome is heard here, the server's answer decides.
    confirmingPayment: {
      invoke: {
        src: 'confirmPayment',
        input: ({ context, event }) => ({
          orderId: context.order?.order_id ?? '',
          result: (event as Extract<PaymentEvent, { type: 'PAYMENT_SUCCESS' }>).result,
        }),
        onDone: [
          {
            guard: {
              type: 'isStatusSuccess',
              params: ({ event }) => ({ status: event.output.order_status }),
            },
            target: 'success',
          },
          {
            guard: { type: 'isStatusFailed', params: ({ event }) => ({ status: event.output.order_status }) },
            target: 'failure',
          },
          { target: 'checkingOrderStatus' },
        ],
        // The webhook is the source of truth: a verification that did not answer is followed by the status.
        onError: {
          target: 'checkingOrderStatus',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    checkingOrderStatus: {
      initial: 'fetching',
      entry: assign({ pollAttempt: 0 }),
      states: {
        fetching: {
          invoke: {
            src: 'fetchOrderStatus',
            input: ({ context }) => ({ orderId: context.order?.order_id ?? '' }),
            onDone: [
              {
                guard: {
                  type: 'isStatusSuccess',
                  params: ({ event }) => ({ status: event.output.order_status }),
                },
                target: '#payment.success',
              },
              {
                guard: {
                  type: 'isStatusFailed',
                  params: ({ event }) => ({ status: event.output.order_status }),
                },
                target: '#payment.failure',
              },
              {
                target: 'waiting',
                actions: {
                  type: 'storeStatus',
                  params: ({ event }) => ({ status: event.output.order_status }),
                },
              },
            ],
            // Any other answer, a failed call too, is "not ready yet".
            onError: {
              target: 'waiting',
              actions: [
                'countFailedPoll',
                { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        waiting: {
          always: { guard: 'arePollsExhausted', target: '#payment.unsettled' },
          after: { pollDelay: 'fetching' },
        },
      },
    },
    gatewayIssue: {
      initial: 'idle',
      on: { GO_BACK: 'backToEstimate' },
      states: {
        idle: { on: { SUBMIT_ISSUE: 'submitting' } },
        submitting: {
          invoke: {
            src: 'submitIssueForm',
            input: ({ context }) => ({ orderId: context.order?.order_id ?? '' }),
            onDone: 'submitted',
            onError: {
              target: 'failed',
              actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        submitted: {},
        failed: { on: { SUBMIT_ISSUE: 'submitting' } },
      },
    },
    // The failure card shows; PROCEED_TO_PAY (its retry) goes back to the price estimate.
    failure: {
      entry: 'announceFailure',
      on: { PROCEED_TO_PAY: 'backToEstimate' },
    },
    success: { type: 'final', entry: assign({ ending: 'success' as const }) },
    unsettled: { type: 'final', entry: assign({ ending: 'unsettled' as const }) },
    backToEstimate: { type: 'final', entry: assign({ ending: 'backToEstimate' as const }) },
  },
});

export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

/** What an interrupted payment turned out to be once reconciled. */
export type Reconciliation = 'paid' | 'inProgress' | 'settled';

export interface ReconcileCalls {
  fetchAndUpdatePaymentStatus: (orderId: string) => Promise<unknown>;
  fetchOrderStatus: (orderId: string) => Promise<{ order_status: OrderStatus }>;
}

/**
 * A payment interrupted by a reload (the last order id kept, its status open) is settled before the buyer can pay
 * again: the server asks the provider, then the status decides. SUCCESS is paid; CREATED or PENDING is still in
 * progress (spec §4 step 6's modal); FAILED, CANCELLED and EXPIRED no longer hold anything.
 */
export async function reconcileInterruptedOrder(
  orderId: string,
  calls: ReconcileCalls,
): Promise<Reconciliation> {
  // The provider's word is best effort: the status below is what counts.
  await calls.fetchAndUpdatePaymentStatus(orderId).catch(() => undefined);
  const { order_status: status } = await calls.fetchOrderStatus(orderId);
  if (status === 'SUCCESS') return 'paid';
  if (status === 'CREATED' || status === 'PENDING') return 'inProgress';
  return 'settled';
}
