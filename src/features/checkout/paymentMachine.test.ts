import type {
  OrderCancelResponse,
  OrderCreateRequest,
  OrderCreateResponse,
  OrderStatus,
} from '@contract/orders';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { ApiError } from '@/api/errors';
import { type Deferred, deferred } from './machines.test-helpers';
import type { ModalPaymentDetails } from './payment/providerScript';
import {
  type PaymentEmitted,
  type PaymentEvent,
  type PaymentInput,
  paymentMachine,
  reconcileInterruptedOrder,
} from './paymentMachine';

const request: OrderCreateRequest = {
  packages: [{ package_id: 1, products: [{ product_id: 11, quantity: 1 }] }],
  accepted_terms_and_conditions: true,
  coupon_code: null,
  associate_code: null,
  payment_service: 'CARD_MODAL',
  billing_details: {
    name: 'Asha Rao',
    address_1: '1 MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    state_name_enum: 'KARNATAKA',
    country_name_enum: 'IN',
    postal_code: '560001',
    country: 'India',
  },
};

const modal: ModalPaymentDetails = {
  kind: 'modal',
  provider: 'sandbox',
  key: 'key_1',
  provider_order_id: 'prov_1',
  checkout_script_url: '/pay/sandbox/checkout.js',
  amount_minor: 999_900,
  currency: 'INR',
};

function created(paymentDetails: OrderCreateResponse['payment_details'], status: OrderStatus = 'CREATED') {
  return {
    order_id: 'ord-2',
    customer_order_id: 'IBC-2',
    order_status: status,
    total_amount: 9999,
    currency: 'INR',
    payment_service: 'CARD_MODAL',
    payment_details: paymentDetails,
  } satisfies OrderCreateResponse;
}

const result = { provider_order_id: 'prov_1', provider_payment_id: 'pay_1', signature: 'a'.repeat(64) };

/** Every call of the machine, each answered by the test through its deferred. */
function harness(input: Partial<PaymentInput> = {}) {
  const calls = {
    cancelOrder: [] as Deferred<OrderCancelResponse>[],
    createOrder: [] as { input: { idempotencyKey: string }; d: Deferred<OrderCreateResponse> }[],
    rememberOrder: [] as string[],
    rememberedSource: [] as string[],
    recordAdBooking: [] as { input: { orderId: string; assets: unknown[] }; d: Deferred<unknown> }[],
    redirect: [] as string[],
    loadScript: [] as Deferred<unknown>[],
    modalOpened: 0,
    modalClosed: 0,
    modalInput: [] as unknown[],
    announceFailure: vi.fn(),
    confirm: [] as { result: unknown; d: Deferred<{ order_status: OrderStatus }> }[],
    status: [] as Deferred<{ order_status: OrderStatus }>[],
    issue: [] as { orderId: string; d: Deferred<unknown> }[],
  };
  let keys = 0;
  const logic = paymentMachine.provide({
    actions: { announceFailure: calls.announceFailure },
    actors: {
      cancelOrder: fromPromise(() => {
        const d = deferred<OrderCancelResponse>();
        calls.cancelOrder.push(d);
        return d.promise;
      }),
      createOrder: fromPromise(({ input }) => {
        const d = deferred<OrderCreateResponse>();
        calls.createOrder.push({ input, d });
        return d.promise;
      }),
      rememberOrder: fromPromise(async ({ input }) => {
        calls.rememberOrder.push(input.orderId);
        calls.rememberedSource.push(input.source);
      }),
      recordAdBooking: fromPromise(({ input }) => {
        const d = deferred<unknown>();
        calls.recordAdBooking.push({ input, d });
        return d.promise;
      }),
      redirectToPaymentLink: fromPromise(async ({ input }) => {
        calls.redirect.push(input.paymentLink);
        await new Promise(() => undefined);
      }),
      loadProviderScript: fromPromise(() => {
        const d = deferred<unknown>();
        calls.loadScript.push(d);
        return d.promise;
      }),
      openPaymentModal: fromCallback(({ input }) => {
        calls.modalOpened += 1;
        calls.modalInput.push(input);
        return () => {
          calls.modalClosed += 1;
        };
      }),
      confirmPayment: fromPromise(({ input }) => {
        const d = deferred<{ order_status: OrderStatus }>();
        calls.confirm.push({ result: input.result, d });
        return d.promise;
      }),
      fetchOrderStatus: fromPromise(() => {
        const d = deferred<{ order_status: OrderStatus }>();
        calls.status.push(d);
        return d.promise;
      }),
      submitIssueForm: fromPromise(({ input }) => {
        const d = deferred<unknown>();
        calls.issue.push({ orderId: input.orderId, d });
        return d.promise;
      }),
    },
  });
  const actor = createActor(logic, {
    input: {
      request,
      priorOrderIdToCancel: null,
      newIdempotencyKey: () => `key-${++keys}`,
      ...input,
    },
  });
  const emitted: PaymentEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const flush = () => vi.advanceTimersByTimeAsync(0);
  return {
    actor,
    calls,
    emitted,
    flush,
    send: (event: PaymentEvent) => actor.send(event),
    value: () => actor.getSnapshot().value,
    /** Creates the order and lets it reach its payment. */
    async create(details: OrderCreateResponse['payment_details'] = modal, status: OrderStatus = 'CREATED') {
      calls.createOrder.at(-1)?.d.resolve(created(details, status));
      await flush();
    },
    async openModal() {
      await this.create(modal);
      calls.loadScript.at(-1)?.resolve(undefined);
      await flush();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('payment machine (spec §4 Checkout flow, steps 7–10)', () => {
  it('proceedingToPay without a prior order → creatingOrder, with a fresh Idempotency-Key', () => {
    const h = harness();
    expect(h.value()).toBe('creatingOrder');
    expect(h.calls.createOrder[0]?.input.idempotencyKey).toBe('key-1');
    expect(h.calls.cancelOrder).toHaveLength(0);
  });

  it('proceedingToPay with a prior order → cancellingPriorOrder.pending → success → creatingOrder', async () => {
    const h = harness({ priorOrderIdToCancel: 'ord-1' });
    expect(h.value()).toEqual({ cancellingPriorOrder: 'pending' });
    h.calls.cancelOrder[0]?.resolve({
      order_id: 'ord-1',
      order_status: 'CANCELLED',
      payment_in_flight: false,
    });
    await h.flush();
    expect(h.value()).toBe('creatingOrder');
    expect(h.calls.createOrder).toHaveLength(1);
    h.calls.createOrder[0]?.d.reject(new TypeError('Failed to fetch'));
    await h.flush();
    expect(h.actor.getSnapshot().output).toMatchObject({ kind: 'backToEstimate', priorOrderCancelled: true });
  });

  it('a failed cancel → failure; RETRY cancels again, GO_BACK returns to the price estimate', async () => {
    const h = harness({ priorOrderIdToCancel: 'ord-1' });
    h.calls.cancelOrder[0]?.reject(new Error('offline'));
    await h.flush();
    expect(h.value()).toEqual({ cancellingPriorOrder: 'failure' });
    h.send({ type: 'RETRY' });
    expect(h.value()).toEqual({ cancellingPriorOrder: 'pending' });
    h.calls.cancelOrder[1]?.reject(new Error('offline'));
    await h.flush();
    h.send({ type: 'GO_BACK' });
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.actor.getSnapshot().output).toMatchObject({ kind: 'backToEstimate', orderId: null });
    expect(h.calls.createOrder).toHaveLength(0);
  });

  it('a refused creation → back to the price estimate with its error, the failure emitted', async () => {
    const h = harness();
    const error = new ApiError({
      message: 'Out of stock',
      response: 'Out of stock',
      resStatus: 'BAD_REQUEST',
      httpStatusCode: 400,
    });
    h.calls.createOrder[0]?.d.reject(error);
    await h.flush();
    expect(h.actor.getSnapshot().output).toEqual({
      kind: 'backToEstimate',
      orderId: null,
      priorOrderCancelled: false,
      error,
      createError: error,
      unsettledAttempt: null,
    });
    expect(h.emitted).toContainEqual({ type: 'orderCreateFailed', error });
  });

  it('a creation that never answered hands back its key: the same request retried reuses it', async () => {
    const h = harness();
    h.calls.createOrder[0]?.d.reject(new TypeError('Failed to fetch'));
    await h.flush();
    const output = h.actor.getSnapshot().output;
    expect(output?.kind === 'backToEstimate' && output.unsettledAttempt).toEqual({
      idempotencyKey: 'key-1',
      request,
    });
    const retry = harness({
      previousAttempt: output?.kind === 'backToEstimate' ? output.unsettledAttempt : null,
      newIdempotencyKey: () => 'key-new',
    });
    expect(retry.calls.createOrder[0]?.input.idempotencyKey).toBe('key-1');
  });

  it('a new attempt (another request) gets a fresh key', () => {
    const h = harness({
      previousAttempt: { idempotencyKey: 'key-old', request: { ...request, coupon_code: 'SAVE10' } },
      newIdempotencyKey: () => 'key-new',
    });
    expect(h.calls.createOrder[0]?.input.idempotencyKey).toBe('key-new');
  });

  it('an answered creation settles its attempt: nothing is handed back to reuse', async () => {
    const h = harness();
    await h.openModal();
    h.send({ type: 'PAYMENT_CANCELLED' });
    const output = h.actor.getSnapshot().output;
    expect(output).toMatchObject({ kind: 'backToEstimate', orderId: 'ord-2', unsettledAttempt: null });
  });

  it('the order is remembered on the device and order_created emitted', async () => {
    const h = harness();
    await h.create(modal);
    expect(h.calls.rememberOrder).toEqual(['ord-2']);
    expect(h.emitted).toContainEqual({ type: 'orderCreated', order: created(modal) });
  });

  it('no payment details with SUCCESS → success', async () => {
    const h = harness();
    await h.create(null, 'SUCCESS');
    expect(h.actor.getSnapshot().output).toEqual({ kind: 'success', orderId: 'ord-2' });
  });

  it('a hosted link → redirecting to it, after the order id was kept', async () => {
    const h = harness();
    await h.create({
      kind: 'redirect',
      provider: 'sandbox',
      provider_order_id: 'link_1',
      payment_link: '/pay/sandbox/link/link_1',
    });
    expect(h.value()).toBe('redirecting');
    expect(h.calls.rememberOrder).toEqual(['ord-2']);
    expect(h.calls.redirect).toEqual(['/pay/sandbox/link/link_1']);
  });

  it('a card order → loadingScript until the script loads → paymentModalOpen', async () => {
    const h = harness();
    await h.create(modal);
    expect(h.value()).toBe('loadingScript');
    expect(h.calls.modalOpened).toBe(0);
    h.calls.loadScript[0]?.resolve(undefined);
    await h.flush();
    expect(h.value()).toBe('paymentModalOpen');
    expect(h.calls.modalOpened).toBe(1);
  });

  it('a script that fails to load is recorded and opens the payment-gateway-issue modal', async () => {
    const h = harness();
    await h.create(modal);
    const error = new Error('Could not load');
    h.calls.loadScript[0]?.reject(error);
    await h.flush();
    expect(h.value()).toEqual({ gatewayIssue: 'idle' });
    expect(h.emitted).toContainEqual({ type: 'gatewayFailed', orderId: 'ord-2', error });
  });

  it('the issue form is submitted with the orderId; a failure may be tried again; GO_BACK leaves', async () => {
    const h = harness();
    await h.create(modal);
    h.calls.loadScript[0]?.reject(new Error('blocked'));
    await h.flush();
    h.send({ type: 'SUBMIT_ISSUE' });
    expect(h.value()).toEqual({ gatewayIssue: 'submitting' });
    expect(h.calls.issue[0]?.orderId).toBe('ord-2');
    h.calls.issue[0]?.d.reject(new Error('offline'));
    await h.flush();
    expect(h.value()).toEqual({ gatewayIssue: 'failed' });
    h.send({ type: 'SUBMIT_ISSUE' });
    h.calls.issue[1]?.d.resolve({});
    await h.flush();
    expect(h.value()).toEqual({ gatewayIssue: 'submitted' });
    h.send({ type: 'GO_BACK' });
    expect(h.actor.getSnapshot().output).toMatchObject({ kind: 'backToEstimate', orderId: 'ord-2' });
  });

  it('PAYMENT_SUCCESS → the server verifies the result → success; the modal is closed', async () => {
    const h = harness();
    await h.openModal();
    h.send({ type: 'PAYMENT_SUCCESS', result });
    expect(h.value()).toBe('confirmingPayment');
    expect(h.calls.modalClosed).toBe(1);
    expect(h.calls.confirm[0]?.result).toEqual(result);
    h.calls.confirm[0]?.d.resolve({ order_status: 'SUCCESS' });
    await h.flush();
    expect(h.actor.getSnapshot().output).toEqual({ kind: 'success', orderId: 'ord-2' });
  });

  it('only one completion is in flight: a second PAYMENT_SUCCESS is not heard', async () => {
    const h = harness();
    await h.openModal();
    h.send({ type: 'PAYMENT_SUCCESS', result });
    h.send({ type: 'PAYMENT_SUCCESS', result });
    h.send({ type: 'PAYMENT_FAILED' });
    expect(h.calls.confirm).toHaveLength(1);
    expect(h.value()).toBe('confirmingPayment');
  });

  it('a verification refused as FAILED → failure', async () => {
    const h = harness();
    await h.openModal();
    h.send({ type: 'PAYMENT_SUCCESS', result });
    h.calls.confirm[0]?.d.resolve({ order_status: 'FAILED' });
    await h.flush();
    expect(h.value()).toBe('failure');
  });

  it('a verification that did not answer → the status is polled', async () => {
    const h = harness();
    await h.openModal();
    h.send({ type: 'PAYMENT_SUCCESS', result });
    h.calls.confirm[0]?.d.reject(new TypeError('Failed to fetch'));
    await h.flush();
    expect(h.value()).toEqual({ checkingOrderStatus: 'fetching' });
    h.calls.status[0]?.resolve({ order_status: 'SUCCESS' });
    await h.flush();
    expect(h.actor.getSnapshot().output).toEqual({ kind: 'success', orderId: 'ord-2' });
  });

  it('a verification still PENDING → the status is polled', async () => {
    const h = harness();
    await h.openModal();
    h.send({ type: 'PAYMENT_SUCCESS', result });
    h.calls.confirm[0]?.d.resolve({ order_status: 'PENDING' });
    await h.flush();
    expect(h.value()).toEqual({ checkingOrderStatus: 'fetching' });
  });

  it('PAYMENT_CANCELLED (a dismissal) → back to the price estimate, paymentDismissed emitted', async () => {
    const h = harness();
    await h.openModal();
    h.send({ type: 'PAYMENT_CANCELLED' });
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.emitted).toContainEqual({ type: 'paymentDismissed', orderId: 'ord-2' });
  });

  it('PAYMENT_FAILED → failure; PROCEED_TO_PAY then returns to the price estimate', async () => {
    const h = harness();
    await h.openModal();
    h.send({ type: 'PAYMENT_FAILED' });
    expect(h.value()).toBe('failure');
    h.send({ type: 'PROCEED_TO_PAY' });
    expect(h.actor.getSnapshot().output).toMatchObject({ kind: 'backToEstimate', orderId: 'ord-2' });
  });

  it('the failure state runs announceFailure once, on entry', async () => {
    const h = harness();
    await h.openModal();
    expect(h.calls.announceFailure).not.toHaveBeenCalled();
    h.send({ type: 'PAYMENT_FAILED' });
    expect(h.value()).toBe('failure');
    expect(h.calls.announceFailure).toHaveBeenCalledTimes(1);
    h.send({ type: 'PROCEED_TO_PAY' });
    expect(h.calls.announceFailure).toHaveBeenCalledTimes(1);
  });

  it('a cancelled modal hands back no createError: the order was created', async () => {
    const h = harness();
    await h.openModal();
    h.send({ type: 'PAYMENT_CANCELLED' });
    expect(h.actor.getSnapshot().output).toMatchObject({ kind: 'backToEstimate', createError: null });
  });

  it("the provider's window is opened with the payer's prefill (empty when none was given)", async () => {
    const prefill = { name: 'Asha Rao', email: 'asha@example.in', contact: '+919876543210' };
    const h = harness({ prefill });
    await h.openModal();
    expect(h.calls.modalInput).toEqual([{ details: modal, orderId: 'ord-2', prefill }]);
    const bare = harness();
    await bare.openModal();
    expect(bare.calls.modalInput).toEqual([
      { details: modal, orderId: 'ord-2', prefill: { name: '', email: '', contact: '' } },
    ]);
  });

  it('PAYMENT_PENDING → checkingOrderStatus → FAILED → failure', async () => {
    const h = harness();
    await h.openModal();
    h.send({ type: 'PAYMENT_PENDING' });
    h.calls.status[0]?.resolve({ order_status: 'FAILED' });
    await h.flush();
    expect(h.value()).toBe('failure');
  });
});

describe('order status polling (spec §4: SUCCESS or FAILED only, 6 retries, 1000 ms then 1000 × 2^n ≤ 20000)', () => {
  async function pending() {
    const h = harness();
    await h.openModal();
    h.send({ type: 'PAYMENT_PENDING' });
    return h;
  }

  it('retries on the schedule, then gives the order to its page unsettled', async () => {
    const h = await pending();
    const schedule = [1000, 2000, 4000, 8000, 16000, 20000];
    expect(h.calls.status).toHaveLength(1);
    h.calls.status[0]?.resolve({ order_status: 'PENDING' });
    await h.flush();
    for (const [retry, wait] of schedule.entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(h.calls.status).toHaveLength(retry + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(h.calls.status).toHaveLength(retry + 2);
      h.calls.status[retry + 1]?.resolve({ order_status: retry % 2 ? 'CREATED' : 'PENDING' });
      await h.flush();
    }
    expect(h.calls.status).toHaveLength(7);
    expect(h.actor.getSnapshot().output).toEqual({ kind: 'unsettled', orderId: 'ord-2' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.calls.status).toHaveLength(7);
  });

  it('a failed status call counts as not ready and is retried', async () => {
    const h = await pending();
    h.calls.status[0]?.reject(new TypeError('Failed to fetch'));
    await h.flush();
    expect(h.value()).toEqual({ checkingOrderStatus: 'waiting' });
    await vi.advanceTimersByTimeAsync(1000);
    h.calls.status[1]?.resolve({ order_status: 'SUCCESS' });
    await h.flush();
    expect(h.actor.getSnapshot().output).toEqual({ kind: 'success', orderId: 'ord-2' });
  });

  it('SUCCESS on a later retry ends the polling in success', async () => {
    const h = await pending();
    h.calls.status[0]?.resolve({ order_status: 'PENDING' });
    await h.flush();
    await vi.advanceTimersByTimeAsync(1000);
    h.calls.status[1]?.resolve({ order_status: 'PENDING' });
    await h.flush();
    await vi.advanceTimersByTimeAsync(2000);
    h.calls.status[2]?.resolve({ order_status: 'SUCCESS' });
    await h.flush();
    expect(h.actor.getSnapshot().output).toEqual({ kind: 'success', orderId: 'ord-2' });
  });
});

describe('reconciling an interrupted payment', () => {
  function calls(status: OrderStatus) {
    return {
      fetchAndUpdatePaymentStatus: vi.fn(async () => ({ order_status: status })),
      fetchOrderStatus: vi.fn(async () => ({ order_status: status })),
    };
  }

  it.each([
    ['SUCCESS', 'paid'],
    ['CREATED', 'inProgress'],
    ['PENDING', 'inProgress'],
    ['FAILED', 'settled'],
    ['CANCELLED', 'settled'],
    ['EXPIRED', 'settled'],
  ] as const)('%s → %s, after the server asked the provider', async (status, expected) => {
    const c = calls(status);
    await expect(reconcileInterruptedOrder('ord-1', c)).resolves.toBe(expected);
    expect(c.fetchAndUpdatePaymentStatus).toHaveBeenCalledWith('ord-1');
    expect(c.fetchOrderStatus).toHaveBeenCalledWith('ord-1');
  });

  it('a provider check that fails still reads the status', async () => {
    const c = {
      fetchAndUpdatePaymentStatus: vi.fn(async () => {
        throw new Error('provider down');
      }),
      fetchOrderStatus: vi.fn(async () => ({ order_status: 'SUCCESS' as const })),
    };
    await expect(reconcileInterruptedOrder('ord-1', c)).resolves.toBe('paid');
  });
});

describe('payment machine for an ad booking', () => {
  const assets = [{ asset_url: '/images/ad-arena.svg', asset_template_image_config_id: 101 }];

  it('records the creative against the created order before the payment opens', async () => {
    const h = harness({ adAssets: assets });
    await h.create(modal);
    expect(h.value()).toBe('recordingAdBooking');
    expect(h.calls.rememberedSource).toEqual(['ad']);
    expect(h.calls.recordAdBooking[0]?.input).toEqual({ orderId: 'ord-2', assets });
    expect(h.calls.loadScript).toHaveLength(0);
    h.calls.recordAdBooking[0]?.d.resolve({});
    await h.flush();
    expect(h.value()).toBe('loadingScript');
  });

  it('a refused record goes back to the price estimate with its reason, nothing charged', async () => {
    const h = harness({ adAssets: assets });
    await h.create(modal);
    const error = new ApiError({
      message: 'Choose or upload your ad',
      response: 'Choose or upload your ad',
      resStatus: 'BAD_REQUEST',
      httpStatusCode: 400,
    });
    h.calls.recordAdBooking[0]?.d.reject(error);
    await h.flush();
    expect(h.actor.getSnapshot().output).toMatchObject({
      kind: 'backToEstimate',
      orderId: 'ord-2',
      createError: error,
    });
    expect(h.calls.loadScript).toHaveLength(0);
  });

  it('a cart order records nothing and is remembered as the cart’s', async () => {
    const h = harness();
    await h.create(modal);
    expect(h.value()).toBe('loadingScript');
    expect(h.calls.recordAdBooking).toHaveLength(0);
    expect(h.calls.rememberedSource).toEqual(['cart']);
  });
});
