import type { PackageWithEstimate } from '@contract/catalogue';
import type { OrderCreateResponse, OrderStatus } from '@contract/orders';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { orders, sandboxPayments } from '../../db/schema';
import { describeOnPostgres, type TestApp, testApp } from '../../testing';
import type { PaymentProvider } from '../payments/provider';
import { sandboxPaymentSignature } from '../payments/sandbox';
import { testSandbox } from '../payments/testing';
import { ordersViaDatabase, parseOrdersCommand } from './cli';
import {
  type Buyer,
  createOrder,
  get,
  loadCatalogue,
  orderBody,
  signIn,
  testNumbers,
  wholePackage,
} from './testing';

/*
 * A buyer who cancels is never charged: a payment that settles on an order its buyer cancelled, or that expired,
 * is refunded whatever the stock, also when the cancel and the payment race; pay again keeps exactly one charge;
 * a refund the provider keeps refusing stops after REFUND_MAX_ATTEMPTS and waits for a person.
 */

const START = new Date('2026-06-01T10:00:00+05:30');
let clock = new Date(START);
const now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const AUTH_SECRET = 'refunds-test-auth-secret-0123456789abcdefghi';
const SANDBOX_SECRET = 'refunds-test-sandbox-secret-0123456789abcdef';
/** A pending payment settles when a test says so, never by the sandbox's own timer. */
const CONFIG = {
  AUTH_SECRET,
  SANDBOX_SECRET,
  SANDBOX_PENDING_SETTLE_MS: 86_400_000,
  ACCESS_TOKEN_TTL_SECONDS: 86_400,
  // The races make many orders of a few buyers from one address; the creation rates are hoard.test.ts's.
  ORDER_CREATE_LIMIT_PER_HOUR: 10_000,
  ORDER_CREATE_IP_LIMIT_PER_HOUR: 10_000,
};

let shop: TestApp;
let solo: PackageWithEstimate;
const buyers: Buyer[] = [];
let keys = 0;

beforeAll(async () => {
  shop = await testApp({ now, config: { ...CONFIG, OTP_TEST_NUMBERS: testNumbers(4) } });
  solo = (await loadCatalogue(shop.app, ['SOLO'])).get('SOLO') as PackageWithEstimate;
  for (const n of [1, 2, 3, 4]) buyers.push(await signIn(shop.app, n));
});

afterAll(async () => {
  await shop.close();
});

const buyer = (n: number) => buyers[n - 1] as Buyer;

async function order(as: Buyer, app: App = shop.app) {
  const response = await createOrder(app, as, orderBody(as, [wholePackage(solo)]), `refunds-key-${++keys}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OrderCreateResponse;
}

const providerOrderId = (o: OrderCreateResponse) => o.payment_details?.provider_order_id ?? '';

/** The buyer's choice on the sandbox's modal, with the grant the shop handed them. */
async function choose(o: OrderCreateResponse, choice: 'success' | 'pending', app: App = shop.app) {
  const details = o.payment_details;
  const response = await app.inject({
    method: 'POST',
    url: '/pay/sandbox/api/choose',
    payload: {
      provider_order_id: providerOrderId(o),
      choice,
      token: details?.kind === 'modal' ? details.checkout_token : undefined,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const cancel = (o: OrderCreateResponse, as: Buyer, app: App = shop.app) =>
  get(app, as, `/api/commerce/order/${o.order_id}/cancel/v1/`);

async function statusOf(o: OrderCreateResponse, as: Buyer): Promise<OrderStatus> {
  return (await get(shop.app, as, `/api/commerce/order/${o.order_id}/status/v1/`)).json().order_status;
}

async function paymentOf(o: OrderCreateResponse) {
  const [row] = await shop.db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.providerOrderId, providerOrderId(o)));
  return row;
}

async function orderRow(o: OrderCreateResponse) {
  const [row] = await shop.db.select().from(orders).where(eq(orders.id, o.order_id));
  return row;
}

/** The bank settles a pending payment; its webhook reaches the shop through `app`'s HTTP layer. */
async function bankSettles(o: OrderCreateResponse, app: App = shop.app) {
  expect(await app.payments.sandbox.settle(providerOrderId(o))).toBe(true);
  await app.payments.sandbox.deliverDue();
}

describe('a payment that settles on a cancelled or expired order is refunded, never applied', () => {
  it('cancelled while the bank holds the payment (5 of 5): told so, then REFUNDED once, never SUCCESS', async () => {
    for (let i = 0; i < 5; i += 1) {
      const o = await order(buyer(1));
      await choose(o, 'pending');
      const seen = [await statusOf(o, buyer(1))];
      const cancelled = await cancel(o, buyer(1));
      seen.push(await statusOf(o, buyer(1)));
      // The stock is plenty, yet nothing of it goes to the late payment.
      await bankSettles(o);
      seen.push(await statusOf(o, buyer(1)));
      expect(seen).toEqual(['PENDING', 'CANCELLED', 'REFUNDED']);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toEqual({
        order_id: o.order_id,
        order_status: 'CANCELLED',
        payment_in_flight: true,
      });
      const row = await orderRow(o);
      expect(row).toMatchObject({ status: 'REFUNDED', successAt: null, refundAttempts: 1 });
      expect(row?.stockReleasedAt).not.toBeNull();
      expect(await paymentOf(o)).toMatchObject({ status: 'REFUNDED', refundId: row?.refundId });
      expect(row?.refundId).toMatch(/^rfnd_/);
    }
  });

  it('expired with its stock still there: a payment after it is refunded, the stock left free', async () => {
    const o = await order(buyer(1));
    await choose(o, 'pending');
    // Past its reservation and the grace a pending payment gets: the provider still says pending, so it expires.
    advance(61 * 60_000);
    try {
      await shop.app.orders.sweep();
      expect(await statusOf(o, buyer(1))).toBe('EXPIRED');
      await bankSettles(o);
      expect(await statusOf(o, buyer(1))).toBe('REFUNDED');
      expect((await paymentOf(o))?.status).toBe('REFUNDED');
      expect((await orderRow(o))?.successAt).toBeNull();
    } finally {
      advance(-61 * 60_000);
    }
  });

  it('a cancel after the bank took the money, before its webhook: the cancel refunds it at once', async () => {
    const o = await order(buyer(1));
    await shop.db
      .update(sandboxPayments)
      .set({ status: 'PAID', providerPaymentId: 'pay_taken_before_cancel' })
      .where(eq(sandboxPayments.providerOrderId, providerOrderId(o)));
    const cancelled = await cancel(o, buyer(1));
    expect(cancelled.json()).toMatchObject({ order_status: 'REFUNDED', payment_in_flight: false });
    expect((await paymentOf(o))?.status).toBe('REFUNDED');
    // The browser's signed callback of that payment, arriving after: still refunded, and refunded once.
    const refundId = (await orderRow(o))?.refundId;
    const callback = await shop.app.inject({
      method: 'POST',
      url: `/api/invoicing/orders/${o.order_id}/fetch_and_update_payment_status/v1/`,
      headers: { authorization: `Bearer ${buyer(1).token}` },
      payload: {
        payment_result: {
          provider_order_id: providerOrderId(o),
          provider_payment_id: 'pay_taken_before_cancel',
          signature: sandboxPaymentSignature(SANDBOX_SECRET, providerOrderId(o), 'pay_taken_before_cancel'),
        },
      },
    });
    expect(callback.json()).toEqual({ order_id: o.order_id, order_status: 'REFUNDED' });
    expect(await orderRow(o)).toMatchObject({ refundId, refundAttempts: 1, successAt: null });
  });

  it('pay again (spec §4 step 6): the earlier order cancelled, the new one paid, one charge kept', async () => {
    const earlier = await order(buyer(2));
    await choose(earlier, 'pending');
    // The "in progress" modal's way on: cancel the earlier order, then a new order, paid at once.
    expect((await cancel(earlier, buyer(2))).json().payment_in_flight).toBe(true);
    const again = await order(buyer(2));
    await choose(again, 'success');
    expect(await statusOf(again, buyer(2))).toBe('SUCCESS');
    // The earlier payment completes at the bank after all.
    await bankSettles(earlier);
    expect(await statusOf(earlier, buyer(2))).toBe('REFUNDED');
    expect(await statusOf(again, buyer(2))).toBe('SUCCESS');
    const charges = await shop.db
      .select({ status: sandboxPayments.status })
      .from(sandboxPayments)
      .where(inArray(sandboxPayments.providerOrderId, [providerOrderId(earlier), providerOrderId(again)]));
    expect(charges.map((c) => c.status).sort()).toEqual(['PAID', 'REFUNDED']);
    const mine = (await get(shop.app, buyer(2), '/api/commerce/user/orders/v1/')).json().orders as {
      order_status: OrderStatus;
    }[];
    expect(mine.filter((o) => o.order_status === 'SUCCESS')).toHaveLength(1);
  });
});

describe('a refund the provider keeps refusing', () => {
  it('stops after REFUND_MAX_ATTEMPTS tries with backoff, and the CLI lists it for a person', async () => {
    const sandbox = testSandbox(shop, { secret: SANDBOX_SECRET, now });
    let asked = 0;
    const nothingToRefund: PaymentProvider = {
      ...sandbox.provider,
      async refund() {
        asked += 1;
        throw new Error('BAD_REQUEST_ERROR: The payment has been fully refunded already');
      },
    };
    const app = shop.build({
      now,
      paymentProvider: nothingToRefund,
      config: { ...CONFIG, REFUND_MAX_ATTEMPTS: 3 },
    });
    const start = clock;
    try {
      await app.ready();
      const o = await order(buyer(3), app);
      await cancel(o, buyer(3), app);
      await app.orders.applyOutcome(o.order_id, 'PAID', 'pay_nothing_to_refund');
      expect(asked).toBe(1);
      // Not before its backoff: a minute, then two.
      await app.orders.sweep();
      expect(asked).toBe(1);
      advance(60_000);
      await app.orders.sweep();
      expect(asked).toBe(2);
      advance(60_000);
      await app.orders.sweep();
      expect(asked).toBe(2);
      advance(60_000);
      await app.orders.sweep();
      expect(asked).toBe(3);
      // Given up: however long the sweep keeps running, the provider is not asked again.
      for (const hours of [1, 6, 24, 72]) {
        advance(hours * 3_600_000);
        await app.orders.sweep();
      }
      expect(asked).toBe(3);
      expect(await orderRow(o)).toMatchObject({
        status: 'REFUND_PENDING',
        refundAttempts: 3,
        refundLastError: 'BAD_REQUEST_ERROR: The payment has been fully refunded already',
      });
      expect((await orderRow(o))?.refundGaveUpAt).not.toBeNull();
      const listed = await ordersViaDatabase(shop.db, parseOrdersCommand(['refunds']));
      expect(listed).toMatch(/\d+ need a person/);
      expect(listed).toMatch(
        new RegExp(
          `${o.customer_order_id}\\s+NEEDS A PERSON.*3 attempt\\(s\\).*last error: BAD_REQUEST_ERROR: The payment has been fully refunded already`,
        ),
      );
    } finally {
      clock = start;
      await app.close();
    }
  });
});

describeOnPostgres('a cancel and a payment racing on two processes', { timeout: 120_000 }, () => {
  it('20 times: each order ends paid and not cancelled, or cancelled and refunded; never both', async () => {
    const first = shop.build({ now, config: CONFIG });
    const second = shop.build({ now, config: CONFIG });
    try {
      await Promise.all([first.ready(), second.ready()]);
      const outcomes: { cancel: number; cancelStatus: OrderStatus | null; final: OrderStatus }[] = [];
      for (let i = 0; i < 20; i += 1) {
        const as = buyer(4);
        const o = await order(as, first);
        await choose(o, 'pending', first);
        // The buyer cancels on one process while the bank's webhook lands on the other, in either order.
        const [cancelled] = await Promise.all([
          i % 2 === 0 ? cancel(o, as, first) : delay(i % 4).then(() => cancel(o, as, first)),
          i % 2 === 1 ? bankSettles(o, second) : delay(i % 4).then(() => bankSettles(o, second)),
        ]);
        const final = await statusOf(o, as);
        const payment = await paymentOf(o);
        outcomes.push({
          cancel: cancelled.statusCode,
          cancelStatus: cancelled.statusCode === 200 ? cancelled.json().order_status : null,
          final,
        });
        if (cancelled.statusCode === 200) {
          // Answered cancelled: the payment is given back, never revived as SUCCESS.
          expect(final).toBe('REFUNDED');
          expect(payment?.status).toBe('REFUNDED');
          expect((await orderRow(o))?.successAt).toBeNull();
        } else {
          expect(cancelled.statusCode).toBe(409);
          expect(final).toBe('SUCCESS');
          expect(payment?.status).toBe('PAID');
        }
      }
      const refunded = outcomes.filter((o) => o.final === 'REFUNDED').length;
      const refundRows = await shop.db
        .select({ refundId: sandboxPayments.refundId })
        .from(sandboxPayments)
        .where(eq(sandboxPayments.status, 'REFUNDED'));
      const refundOrders = await shop.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.userId, buyer(4).userId));
      expect(outcomes).toHaveLength(20);
      expect(refundOrders).toHaveLength(20);
      expect(refunded + outcomes.filter((o) => o.final === 'SUCCESS').length).toBe(20);
      expect(new Set(refundRows.map((r) => r.refundId)).size).toBe(refundRows.length);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('two processes sweeping one refund at once ask the provider once', async () => {
    const sandbox = testSandbox(shop, { secret: SANDBOX_SECRET, now });
    let asked = 0;
    const slow: PaymentProvider = {
      ...sandbox.provider,
      async refund(input) {
        asked += 1;
        await delay(50);
        return sandbox.provider.refund(input);
      },
    };
    const refusing: PaymentProvider = {
      ...sandbox.provider,
      async refund() {
        throw new Error('provider unreachable');
      },
    };
    const down = shop.build({ now, paymentProvider: refusing, config: CONFIG });
    const first = shop.build({ now, paymentProvider: slow, config: CONFIG });
    const second = shop.build({ now, paymentProvider: slow, config: CONFIG });
    const start = clock;
    try {
      await Promise.all([down.ready(), first.ready(), second.ready()]);
      const o = await order(buyer(4), down);
      await choose(o, 'pending', down);
      await cancel(o, buyer(4), down);
      await bankSettles(o, down);
      expect(await statusOf(o, buyer(4))).toBe('REFUND_PENDING');
      advance(60_000);
      await Promise.all([first.orders.sweep(), second.orders.sweep()]);
      expect(asked).toBe(1);
      expect(await statusOf(o, buyer(4))).toBe('REFUNDED');
    } finally {
      clock = start;
      await Promise.all([down.close(), first.close(), second.close()]);
    }
  });
});

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
