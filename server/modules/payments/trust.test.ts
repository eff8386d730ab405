import type { PackageWithEstimate } from '@contract/catalogue';
import { errorBodySchema } from '@contract/common';
import type { OrderCreateResponse } from '@contract/orders';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { orders, products, sandboxPayments, webhookOutbox } from '../../db/schema';
import { describeOnPostgres, memoryLogger, type TestApp, testApp } from '../../testing';
import { ordersViaDatabase, parseOrdersCommand } from '../orders/cli';
import { bumpCatalogueVersion } from '../orders/repo';
import {
  type Buyer,
  createOrder,
  get,
  loadCatalogue,
  orderBody,
  signIn,
  testNumbers,
  wholePackage,
} from '../orders/testing';
import type { PaymentProvider } from './provider';
import { sendSandboxWebhook, testSandbox } from './testing';

/*
 * The holes an outside probe found in the payments, each as the repro that used to succeed: free orders, a unit
 * sold twice, a paid order lost to a crash or a lost webhook, a stale webhook replayed.
 */

const START = new Date('2026-06-01T10:00:00+05:30');
let clock = new Date(START);
const now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const AUTH_SECRET = 'trust-test-auth-secret-0123456789abcdefghij';
const SANDBOX_SECRET = 'trust-test-sandbox-secret-0123456789abcdefgh';
const HEADSET = 'IBC_VR_HEADSET';

let shop: TestApp;
let solo: PackageWithEstimate;
let buyerA: Buyer;
let buyerB: Buyer;
let keys = 0;
const newKey = () => `trust-key-${++keys}`;

beforeAll(async () => {
  shop = await testApp({
    now,
    config: {
      OTP_TEST_NUMBERS: testNumbers(3),
      AUTH_SECRET,
      SANDBOX_SECRET,
      ACCESS_TOKEN_TTL_SECONDS: 86_400,
    },
  });
  solo = (await loadCatalogue(shop.app, ['SOLO'])).get('SOLO') as PackageWithEstimate;
  buyerA = await signIn(shop.app, 1);
  buyerB = await signIn(shop.app, 2);
});

afterAll(async () => {
  await shop.close();
});

beforeEach(async () => {
  await setStock(HEADSET, 100);
});

async function order(buyer: Buyer, service: 'CARD_MODAL' | 'PAYMENT_LINK' = 'CARD_MODAL') {
  const response = await createOrder(
    shop.app,
    buyer,
    orderBody(buyer, [wholePackage(solo)], { payment_service: service }),
    newKey(),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OrderCreateResponse;
}

const providerOrderId = (o: OrderCreateResponse) => o.payment_details?.provider_order_id ?? '';
const tokenOf = (o: OrderCreateResponse) =>
  o.payment_details?.kind === 'modal' ? o.payment_details.checkout_token : undefined;

/** A choice on the modal, with the buyer's grant unless `token` says otherwise (null: none at all). */
function choose(o: OrderCreateResponse, choice: string, token: string | null = tokenOf(o) ?? null) {
  return shop.app.inject({
    method: 'POST',
    url: '/pay/sandbox/api/choose',
    payload: { provider_order_id: providerOrderId(o), choice, ...(token === null ? {} : { token }) },
  });
}

const statusOf = async (o: OrderCreateResponse, buyer: Buyer) =>
  (await get(shop.app, buyer, `/api/commerce/order/${o.order_id}/status/v1/`)).json().order_status;

async function stockOf(code: string): Promise<number> {
  const [row] = await shop.db
    .select({ quantity: products.availableQuantity })
    .from(products)
    .where(eq(products.productCode, code));
  return row?.quantity ?? -1;
}

/** An operator's stock change, seen by the shop at once (the version bumped, then its poll). */
async function setStock(code: string, quantity: number) {
  await shop.db.update(products).set({ availableQuantity: quantity }).where(eq(products.productCode, code));
  await bumpCatalogueVersion(shop.db);
  await shop.app.catalogueVersion.refresh();
}

function refusedWith(response: { statusCode: number; json(): unknown }, status: number) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
  expect(errorBodySchema.parse(response.json()).data.http_status_code).toBe(status);
}

/** A payment captured at the provider, reported by a webhook the sandbox signed at `sentAt`. */
const signedWebhook = (o: OrderCreateResponse, eventId: string, sentAt: Date) =>
  sendSandboxWebhook(shop.app, {
    sandboxSecret: SANDBOX_SECRET,
    providerOrderId: providerOrderId(o),
    event: 'payment.captured',
    eventId,
    sentAt,
  });

describe('only the buyer who owns the order chooses its sandbox result', () => {
  it('refuses anyone, signed in or not, who names a provider order id without the buyer’s grant', async () => {
    const o = await order(buyerA);
    // The probe's free order: a bare provider order id and "success".
    refusedWith(await choose(o, 'success', null), 403);
    refusedWith(await choose(o, 'success', 'forged.0000'), 403);
    // Another buyer's own grant, for their own order, does not open this one.
    const theirs = await order(buyerB);
    refusedWith(await choose(o, 'success', tokenOf(theirs) ?? null), 403);
    refusedWith(
      await shop.app.inject({ method: 'GET', url: `/pay/sandbox/modal?order_id=${providerOrderId(o)}` }),
      403,
    );
    expect(await statusOf(o, buyerA)).toBe('CREATED');
    // The buyer's own grant works.
    const chosen = await choose(o, 'success');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await statusOf(o, buyerA)).toBe('SUCCESS');
  });

  it('a production shop on the sandbox (SANDBOX_IN_PRODUCTION) says so loudly at every start', async () => {
    const log = memoryLogger('info');
    const app = shop.build({
      logger: log.logger,
      config: {
        NODE_ENV: 'production',
        SANDBOX_IN_PRODUCTION: true,
        OTP_ALLOW_LOG_IN_PRODUCTION: true,
        AUTH_SECRET,
        STATIC_DIR: '/nonexistent',
      },
    });
    try {
      await app.ready();
      const warning = log.lines().find((line) => String(line.msg).startsWith('SANDBOX_IN_PRODUCTION'));
      expect(warning?.level).toBe(40);
      expect(() =>
        shop.build({
          config: {
            NODE_ENV: 'production',
            OTP_ALLOW_LOG_IN_PRODUCTION: true,
            AUTH_SECRET,
            STATIC_DIR: '/nonexistent',
          },
        }),
      ).toThrow(/PAYMENT_PROVIDER=sandbox lets every buyer mark their own order paid/);
    } finally {
      await app.close();
    }
  });

  it('a grant lapses: a payment page kept open past it is refused', async () => {
    const o = await order(buyerA);
    advance(31 * 60_000);
    refusedWith(await choose(o, 'success'), 403);
    advance(-31 * 60_000);
  });

  it('the hosted page takes its grant from the link the shop handed out', async () => {
    const o = await order(buyerA, 'PAYMENT_LINK');
    const link = new URL(
      o.payment_details?.kind === 'redirect' ? o.payment_details.payment_link : '',
      'http://x',
    );
    expect(link.searchParams.get('token')).toMatch(/^\d+\.[0-9a-f]{64}$/);
    const post = (token: string) =>
      shop.app.inject({
        method: 'POST',
        url: link.pathname,
        payload: new URLSearchParams({ choice: 'success', token }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    refusedWith(await post(''), 403);
    expect((await post(link.searchParams.get('token') ?? '')).statusCode).toBe(303);
  });
});

describe('a unit is never sold twice', () => {
  it('A orders the last unit and cancels, B buys it: A can no longer pay, and a payment that arrives anyway is refunded', async () => {
    // The buyers' unpaid orders of earlier tests go first: a new order would cancel them, giving their units back.
    for (const buyer of [buyerA, buyerB]) {
      const unpaid = await shop.db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(eq(orders.userId, buyer.userId), inArray(orders.status, ['CREATED', 'PENDING', 'FAILED'])),
        );
      for (const { id } of unpaid) await get(shop.app, buyer, `/api/commerce/order/${id}/cancel/v1/`);
    }
    await setStock(HEADSET, 1);
    const cancel = (o: OrderCreateResponse) =>
      get(shop.app, buyerA, `/api/commerce/order/${o.order_id}/cancel/v1/`);

    // The probe's repro: A orders and cancels, then pays the cancelled order. The shop closed that payment.
    const a1 = await order(buyerA);
    expect(await stockOf(HEADSET)).toBe(0);
    expect((await cancel(a1)).json().order_status).toBe('CANCELLED');
    expect(await stockOf(HEADSET)).toBe(1);
    refusedWith(await choose(a1, 'success'), 409);
    expect(await statusOf(a1, buyerA)).toBe('CANCELLED');

    // A payment already at the bank cannot be stopped: A leaves one pending, then cancels.
    const a2 = await order(buyerA);
    expect((await choose(a2, 'pending')).statusCode).toBe(200);
    expect((await cancel(a2)).json().order_status).toBe('CANCELLED');
    expect(await stockOf(HEADSET)).toBe(1);

    const b = await order(buyerB);
    expect((await choose(b, 'success')).statusCode).toBe(200);
    expect(await statusOf(b, buyerB)).toBe('SUCCESS');
    expect(await stockOf(HEADSET)).toBe(0);

    // The bank settles A's payment after all: the unit is B's, so A's money goes back.
    expect(await shop.app.payments.sandbox.settle(providerOrderId(a2))).toBe(true);
    await shop.app.payments.sandbox.deliverDue();
    expect(await stockOf(HEADSET)).toBe(0);
    expect(await statusOf(b, buyerB)).toBe('SUCCESS');
    expect(await statusOf(a2, buyerA)).toBe('REFUNDED');
    const [row] = await shop.db.select().from(orders).where(eq(orders.id, a2.order_id));
    expect(row?.refundId).toMatch(/^rfnd_/);
    const [payment] = await shop.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.providerOrderId, providerOrderId(a2)));
    expect(payment).toMatchObject({ status: 'REFUNDED', refundId: row?.refundId });

    // The buyer reads it on the order, and the operator finds it in the refunds list.
    const mine = (await get(shop.app, buyerA, '/api/commerce/user/orders/v1/')).json().orders as {
      order_id: string;
      order_status: string;
    }[];
    expect(mine.find((o) => o.order_id === a2.order_id)?.order_status).toBe('REFUNDED');
    const listed = await ordersViaDatabase(shop.db, parseOrdersCommand(['refunds']));
    expect(listed).toMatch(new RegExp(`${a2.customer_order_id}\\s+REFUNDED`));
  });

  it('a refund the provider refuses is asked for again by the sweep', async () => {
    let refuse = true;
    const sandbox = testSandbox(shop, { secret: SANDBOX_SECRET, now: now });
    const flaky: PaymentProvider = {
      ...sandbox.provider,
      async refund(input) {
        if (refuse) throw new Error('provider unreachable');
        return sandbox.provider.refund(input);
      },
    };
    const app = shop.build({ now, paymentProvider: flaky, config: { AUTH_SECRET, SANDBOX_SECRET } });
    try {
      await app.ready();
      await setStock(HEADSET, 1);
      const a = await order(buyerA);
      await get(shop.app, buyerA, `/api/commerce/order/${a.order_id}/cancel/v1/`);
      await order(buyerB);
      await shop.db
        .update(sandboxPayments)
        .set({ status: 'PAID', providerPaymentId: 'pay_refused_refund' })
        .where(eq(sandboxPayments.providerOrderId, providerOrderId(a)));
      await app.orderPayments.applyOutcome(a.order_id, 'PAID', 'pay_refused_refund');
      expect(await statusOf(a, buyerA)).toBe('REFUND_PENDING');
      refuse = false;
      // Asked again once its backoff has passed, not before.
      await app.orders.sweep();
      expect(await statusOf(a, buyerA)).toBe('REFUND_PENDING');
      advance(60_000);
      await app.orders.sweep();
      expect(await statusOf(a, buyerA)).toBe('REFUNDED');
    } finally {
      advance(-60_000);
      await app.close();
      await setStock(HEADSET, 100);
    }
  });
});

describe('no paid order is lost', () => {
  it('a webhook the shop did not acknowledge stays in the outbox and is sent again until it is', async () => {
    let fail = true;
    const sandbox = testSandbox(shop, {
      secret: SANDBOX_SECRET,
      now,
      webhookDelayMs: 0,
      deliver: async (raw, headers) => {
        if (fail) throw new Error('connection reset');
        const response = await shop.app.inject({
          method: 'POST',
          url: '/pay/sandbox/webhook',
          payload: raw,
          headers,
        });
        expect(response.statusCode).toBe(200);
      },
    });
    const o = await order(buyerA);
    const [payment] = await shop.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.providerOrderId, providerOrderId(o)));
    expect(payment?.buyerRef).toBe(buyerA.userId);
    const result = await sandbox.choose(providerOrderId(o), 'success', tokenOf(o));
    expect(result.payment.status).toBe('PAID');
    // The first delivery failed. Today's code dropped the webhook there and the order stayed unpaid.
    const owed = async () =>
      (await shop.db.select().from(webhookOutbox)).find((row) => row.body.includes(providerOrderId(o)));
    // The attempt is claimed, then its failure recorded: both are in once the error is.
    await vi.waitFor(async () =>
      expect(await owed()).toMatchObject({ attempts: 1, deliveredAt: null, lastError: 'connection reset' }),
    );
    expect(await statusOf(o, buyerA)).toBe('CREATED');
    // Its next attempt is due a backoff later, and it is delivered then (by whichever worker claims it).
    fail = false;
    advance(1_000);
    await sandbox.deliverDue();
    await vi.waitFor(async () => expect((await owed())?.deliveredAt).not.toBeNull());
    expect(await statusOf(o, buyerA)).toBe('SUCCESS');
    expect((await owed())?.attempts).toBe(2);
    // Acknowledged: never sent again.
    advance(3_600_000);
    await sandbox.deliverDue();
    expect((await owed())?.attempts).toBe(2);
    advance(-3_601_000);
    await sandbox.stop();
  });

  it('the sweep asks the provider before it expires an order: a paid one whose webhook was lost is paid, not expired', async () => {
    const o = await order(buyerA);
    // The provider took the money; its webhook never came and the buyer closed the app.
    await shop.db
      .update(sandboxPayments)
      .set({ status: 'PAID', providerPaymentId: 'pay_webhook_lost' })
      .where(eq(sandboxPayments.providerOrderId, providerOrderId(o)));
    advance(31 * 60_000);
    try {
      await shop.app.orders.sweep();
      expect(await statusOf(o, buyerA)).toBe('SUCCESS');
      // Its unit stayed sold: the stock was never given back.
      const [row] = await shop.db.select().from(orders).where(eq(orders.id, o.order_id));
      expect(row?.stockReleasedAt).toBeNull();
      expect(row?.providerPaymentId).toBe('pay_webhook_lost');
    } finally {
      advance(-31 * 60_000);
    }
  });

  it('an unpaid order past its reservation expires and its payment is closed at the provider', async () => {
    const o = await order(buyerA);
    advance(31 * 60_000);
    try {
      await shop.app.orders.sweep();
      expect(await statusOf(o, buyerA)).toBe('EXPIRED');
      const [payment] = await shop.db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.providerOrderId, providerOrderId(o)));
      expect(payment?.status).toBe('CLOSED');
    } finally {
      advance(-31 * 60_000);
    }
  });

  it('an order a crash left without a provider payment gives its stock back within one sweep', async () => {
    const sandbox = testSandbox(shop, { secret: SANDBOX_SECRET, now: now });
    const down: PaymentProvider = {
      ...sandbox.provider,
      async createPayment() {
        throw new Error('the process died here');
      },
    };
    const app = shop.build({ now, paymentProvider: down, config: { AUTH_SECRET, SANDBOX_SECRET } });
    try {
      await app.ready();
      await setStock(HEADSET, 10);
      const response = await createOrder(app, buyerA, orderBody(buyerA, [wholePackage(solo)]), newKey());
      expect(response.statusCode).toBe(502);
      expect(await stockOf(HEADSET)).toBe(9);
      const [orphan] = await shop.db
        .select()
        .from(orders)
        .where(
          and(eq(orders.userId, buyerA.userId), eq(orders.status, 'CREATED'), isNull(orders.providerOrderId)),
        );
      expect(orphan?.providerOrderId).toBeNull();
      // A retry of the same create a moment later may still finish it: not yet.
      await shop.app.orders.sweep();
      expect(await stockOf(HEADSET)).toBe(9);
      advance(3 * 60_000);
      await shop.app.orders.sweep();
      expect(await stockOf(HEADSET)).toBe(10);
      const [after] = await shop.db
        .select()
        .from(orders)
        .where(eq(orders.id, orphan?.id ?? ''));
      expect(after?.status).toBe('EXPIRED');
    } finally {
      advance(-3 * 60_000);
      await app.close();
      await setStock(HEADSET, 100);
    }
  });

  it('a genuine webhook replayed later than five minutes after it was signed is refused', async () => {
    const o = await order(buyerA);
    const stale = await signedWebhook(o, 'evt_replayed', new Date(clock.getTime() - 6 * 60_000));
    refusedWith(stale, 400);
    expect(await statusOf(o, buyerA)).toBe('CREATED');
    expect((await signedWebhook(o, 'evt_fresh', clock)).json()).toEqual({ status: 'applied' });
    expect(await statusOf(o, buyerA)).toBe('SUCCESS');
  });
});

describeOnPostgres('the webhook outbox across two processes on one database', () => {
  it('a webhook one process owed is delivered by the other once it is gone, and exactly once', async () => {
    const config = {
      OTP_TEST_NUMBERS: testNumbers(3),
      AUTH_SECRET,
      SANDBOX_SECRET,
      SANDBOX_WEBHOOK_DELAY_MS: 0,
    };
    // The first process records the payment but its webhook is not due before it stops.
    const first = shop.build({ now, config: { ...config, SANDBOX_WEBHOOK_DELAY_MS: 600_000 } });
    const second = shop.build({ now, config });
    try {
      await first.ready();
      const o = await order(buyerA);
      const chosen = await first.inject({
        method: 'POST',
        url: '/pay/sandbox/api/choose',
        payload: { provider_order_id: providerOrderId(o), choice: 'success', token: tokenOf(o) },
      });
      expect(chosen.statusCode, chosen.body).toBe(200);
      await first.close();
      expect(await statusOf(o, buyerA)).toBe('CREATED');

      await second.ready();
      advance(600_000);
      // Both workers race for the same rows: SKIP LOCKED gives each row to one of them.
      const third = shop.build({ now, config });
      await third.ready();
      try {
        await Promise.all([second.payments.sandbox.deliverDue(), third.payments.sandbox.deliverDue()]);
      } finally {
        await third.close();
      }
      await vi.waitFor(async () => expect(await statusOf(o, buyerA)).toBe('SUCCESS'));
      const owed = async () =>
        (await shop.db.select().from(webhookOutbox)).filter((row) => row.body.includes(providerOrderId(o)));
      // Acknowledged once, by whichever process claimed it first.
      await vi.waitFor(async () => expect((await owed())[0]?.deliveredAt).not.toBeNull());
      const mine = await owed();
      expect(mine).toHaveLength(1);
      expect(mine[0]?.attempts).toBe(1);
    } finally {
      advance(-600_000);
      await second.close();
    }
  });
});
