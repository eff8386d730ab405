import type { PackageWithEstimate } from '@contract/catalogue';
import { errorBodySchema } from '@contract/common';
import type { OrderCreateResponse } from '@contract/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders, sandboxPayments } from '../../db/schema';
import { type TestApp, testApp, testConfig } from '../../testing';
import {
  type Buyer,
  createOrder,
  get,
  loadCatalogue,
  orderBody,
  post,
  signIn,
  testNumbers,
  wholePackage,
} from '../orders/testing';
import type { PaymentProvider } from './provider';
import { createPaymentProvider, providerCspSources, sandboxSecret } from './providers';
import { sandboxPaymentSignature, sandboxWebhookSecret } from './sandbox';
import { hmacHex } from './signature';
import { sendSandboxWebhook, testSandbox } from './testing';

const NOW = new Date('2026-06-01T10:00:00+05:30');
let shop: TestApp;
let solo: PackageWithEstimate;
let game: PackageWithEstimate;
let buyer: Buyer;
let keys = 0;
const newKey = () => `pay-key-${++keys}`;
/** Shared with a second process on the same database, so it accepts the buyer's token. */
const AUTH_SECRET = 'payments-test-auth-secret-0123456789abcdef';
const SANDBOX_SECRET = 'payments-test-sandbox-secret-0123456789abcdef';

beforeAll(async () => {
  shop = await testApp({
    now: () => NOW,
    config: { OTP_TEST_NUMBERS: testNumbers(3), SANDBOX_PENDING_SETTLE_MS: 20, AUTH_SECRET, SANDBOX_SECRET },
  });
  const catalogue = await loadCatalogue(shop.app, ['SOLO', 'STEAM_GAME']);
  solo = catalogue.get('SOLO') as PackageWithEstimate;
  game = catalogue.get('STEAM_GAME') as PackageWithEstimate;
  buyer = await signIn(shop.app, 1);
});

afterAll(async () => {
  await shop.close();
});

/** An order of the kit, or of the game: a buyer's new order replaces their unpaid one for the same items. */
async function order(
  service: 'CARD_MODAL' | 'PAYMENT_LINK' = 'CARD_MODAL',
  pkg: PackageWithEstimate = solo,
): Promise<OrderCreateResponse> {
  const response = await createOrder(
    shop.app,
    buyer,
    orderBody(buyer, [wholePackage(pkg)], { payment_service: service }),
    newKey(),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const hostedLink = (o: OrderCreateResponse) =>
  o.payment_details?.kind === 'redirect' ? o.payment_details.payment_link : '';

/** A choice made on the sandbox's hosted page: where it sends the buyer back. */
async function chooseOnHostedPage(o: OrderCreateResponse, choice: 'success' | 'failure' | 'cancel') {
  const link = new URL(hostedLink(o), 'http://shop.test');
  const chosen = await shop.app.inject({
    method: 'POST',
    url: link.pathname,
    payload: new URLSearchParams({ choice, token: link.searchParams.get('token') ?? '' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(chosen.statusCode).toBe(303);
  return new URL(chosen.headers.location as string);
}

const providerOrderId = (o: OrderCreateResponse) => o.payment_details?.provider_order_id ?? '';
const statusOf = async (orderId: string) =>
  (await get(shop.app, buyer, `/api/commerce/order/${orderId}/status/v1/`)).json().order_status;
const reconcile = (orderId: string, body: object) =>
  post(shop.app, buyer, `/api/invoicing/orders/${orderId}/fetch_and_update_payment_status/v1/`, body);

function refusedWith(response: { statusCode: number; json(): unknown }, status: number) {
  expect(response.statusCode).toBe(status);
  expect(errorBodySchema.parse(response.json()).data.http_status_code).toBe(status);
}

let events = 0;
function webhook(
  o: OrderCreateResponse,
  event: 'payment.captured' | 'payment.failed' | 'payment.pending',
  eventId = `evt_test_${++events}`,
  webhookSecret = sandboxWebhookSecret(SANDBOX_SECRET),
) {
  return sendSandboxWebhook(shop.app, {
    sandboxSecret: SANDBOX_SECRET,
    providerOrderId: providerOrderId(o),
    event,
    eventId,
    sentAt: NOW,
    webhookSecret,
  });
}

/** The grant the shop handed the buyer with the modal's details. */
const tokenOf = (o: OrderCreateResponse) =>
  o.payment_details?.kind === 'modal' ? o.payment_details.checkout_token : undefined;

function chooseInModal(o: OrderCreateResponse, choice: string, token = tokenOf(o)) {
  return shop.app.inject({
    method: 'POST',
    url: '/pay/sandbox/api/choose',
    payload: { provider_order_id: providerOrderId(o), choice, ...(token === undefined ? {} : { token }) },
  });
}

describe('the sandbox pages', () => {
  it('serves the checkout script, and the modal page framable by the shop only', async () => {
    const script = await shop.app.inject({ method: 'GET', url: '/pay/sandbox/checkout.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body).toContain('window.SandboxCheckout');

    const o = await order();
    const modal = await shop.app.inject({
      method: 'GET',
      url: `/pay/sandbox/modal?order_id=${providerOrderId(o)}&token=${tokenOf(o)}`,
    });
    expect(modal.statusCode).toBe(200);
    expect(modal.body).toContain('data-choice="success"');
    expect(modal.body).toContain('₹47,989');
    expect(modal.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(modal.headers['content-security-policy']).toContain("script-src 'self'");
    expect(modal.headers['x-frame-options']).toBe('SAMEORIGIN');
    // The shop's own pages stay unframable.
    const api = await get(shop.app, buyer, '/api/commerce/user/orders/v1/');
    expect(api.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    const unknown = await shop.app.inject({ method: 'GET', url: '/pay/sandbox/modal?order_id=order_nope' });
    refusedWith(unknown, 404);
  });

  it('the modal’s success verifies on the server and makes a paid order', async () => {
    const o = await order();
    const chosen = await chooseInModal(o, 'success');
    expect(chosen.statusCode, chosen.body).toBe(200);
    const result = chosen.json().response;
    expect(result.provider_order_id).toBe(providerOrderId(o));
    expect(result.signature).toBe(
      sandboxPaymentSignature(SANDBOX_SECRET, providerOrderId(o), result.provider_payment_id),
    );
    const answer = await reconcile(o.order_id, { payment_result: result });
    expect(answer.json()).toEqual({ order_id: o.order_id, order_status: 'SUCCESS' });
    // A second choice on a paid payment is refused.
    refusedWith(await chooseInModal(o, 'failure'), 409);
    expect(await statusOf(o.order_id)).toBe('SUCCESS');
  });

  it('a payment left pending settles as paid by a later webhook', async () => {
    const o = await order();
    await chooseInModal(o, 'pending');
    expect(['PENDING', 'SUCCESS']).toContain(await statusOf(o.order_id));
    await vi.waitFor(async () => expect(await statusOf(o.order_id)).toBe('SUCCESS'), { timeout: 5000 });
  });
});

describe('the browser callback', () => {
  it('refuses forged, wrong-order and replayed-elsewhere results, and accepts the genuine one', async () => {
    const a = await order();
    const b = await order('CARD_MODAL', game);
    const paymentId = 'pay_callback_1';
    const genuine = {
      provider_order_id: providerOrderId(a),
      provider_payment_id: paymentId,
      signature: sandboxPaymentSignature(SANDBOX_SECRET, providerOrderId(a), paymentId),
    };
    refusedWith(
      await reconcile(a.order_id, { payment_result: { ...genuine, signature: 'a'.repeat(64) } }),
      400,
    );
    const forgedSecret = sandboxPaymentSignature('x'.repeat(40), providerOrderId(a), paymentId);
    refusedWith(
      await reconcile(a.order_id, { payment_result: { ...genuine, signature: forgedSecret } }),
      400,
    );
    // A's genuine result presented for B, with or without B's provider order id.
    refusedWith(await reconcile(b.order_id, { payment_result: genuine }), 400);
    refusedWith(
      await reconcile(b.order_id, { payment_result: { ...genuine, provider_order_id: providerOrderId(b) } }),
      400,
    );
    expect(await statusOf(a.order_id)).toBe('CREATED');
    expect(await statusOf(b.order_id)).toBe('CREATED');

    expect((await reconcile(a.order_id, { payment_result: genuine })).json().order_status).toBe('SUCCESS');
    expect((await reconcile(a.order_id, { payment_result: genuine })).json().order_status).toBe('SUCCESS');
    expect(await statusOf(b.order_id)).toBe('CREATED');
    // The paid order names the payment (Checkout Completed's transaction_id); the unpaid one none.
    expect(
      (await get(shop.app, buyer, `/api/invoicing/orders/${a.order_id}/v1/`)).json().order.payment_id,
    ).toBe(paymentId);
    expect(
      (await get(shop.app, buyer, `/api/invoicing/orders/${b.order_id}/v1/`)).json().order.payment_id,
    ).toBeNull();
  });

  it('without a result, asks the provider and reconciles (a lost webhook)', async () => {
    const o = await order();
    await shop.db
      .update(sandboxPayments)
      .set({ status: 'PAID', providerPaymentId: 'pay_lost_webhook' })
      .where(eq(sandboxPayments.providerOrderId, providerOrderId(o)));
    expect((await reconcile(o.order_id, {})).json()).toEqual({
      order_id: o.order_id,
      order_status: 'SUCCESS',
    });
  });
});

describe('the hosted payment page', () => {
  it('sends the buyer back to PUBLIC_URL when it is set, whatever Host the create came with', async () => {
    const behindProxy = shop.build({
      now: () => NOW,
      config: { AUTH_SECRET, SANDBOX_SECRET, PUBLIC_URL: 'https://shop.example.com' },
    });
    await behindProxy.ready();
    try {
      const created = await behindProxy.inject({
        method: 'POST',
        url: '/api/commerce/order/create/multiple_packages/v1/',
        payload: orderBody(buyer, [wholePackage(solo)], { payment_service: 'PAYMENT_LINK' }),
        headers: {
          authorization: `Bearer ${buyer.token}`,
          'idempotency-key': newKey(),
          host: 'attacker.example',
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      const o = created.json() as OrderCreateResponse;
      const back = await chooseOnHostedPage(o, 'cancel');
      expect(back.origin).toBe('https://shop.example.com');
      expect(back.pathname).toBe(`/pay/return/${o.order_id}`);
    } finally {
      await behindProxy.close();
    }
  });

  it('sends the buyer back with a signed result the shop verifies, then to the order page', async () => {
    const o = await order('PAYMENT_LINK');
    expect(o.payment_details).toMatchObject({ kind: 'redirect', provider: 'sandbox' });
    const page = await shop.app.inject({ method: 'GET', url: hostedLink(o) });
    refusedWith(await shop.app.inject({ method: 'GET', url: hostedLink(o).split('?')[0] ?? '' }), 403);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('value="failure"');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");

    const back = await chooseOnHostedPage(o, 'failure');
    expect(back.pathname).toBe(`/pay/return/${o.order_id}`);
    const returned = await shop.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(returned.statusCode).toBe(303);
    expect(returned.headers.location).toBe(`/order/${o.order_id}/success`);
    expect(await statusOf(o.order_id)).toBe('FAILED');

    // The same query with its status changed to paid, or sent to another order, is refused.
    const tampered = new URLSearchParams(back.search);
    tampered.set('sandbox_payment_link_status', 'paid');
    refusedWith(await shop.app.inject({ method: 'GET', url: `${back.pathname}?${tampered}` }), 400);
    const other = await order('PAYMENT_LINK', game);
    refusedWith(
      await shop.app.inject({ method: 'GET', url: `/pay/return/${other.order_id}${back.search}` }),
      400,
    );
    expect(await statusOf(o.order_id)).toBe('FAILED');
    expect(await statusOf(other.order_id)).toBe('CREATED');

    // The buyer retries on the same link and pays: the same order becomes paid.
    const paidBack = await chooseOnHostedPage(o, 'success');
    await shop.app.inject({ method: 'GET', url: `${paidBack.pathname}${paidBack.search}` });
    expect(await statusOf(o.order_id)).toBe('SUCCESS');
  });
});

describe('webhooks', () => {
  it('refuse a wrong signature', async () => {
    const o = await order();
    refusedWith(await webhook(o, 'payment.captured', undefined, 'not-the-secret'), 400);
    const unsigned = await shop.app.inject({
      method: 'POST',
      url: '/pay/sandbox/webhook',
      payload: { event_id: 'evt_x', event: 'payment.captured', provider_order_id: providerOrderId(o) },
    });
    refusedWith(unsigned, 400);
    expect(await statusOf(o.order_id)).toBe('CREATED');
  });

  it('alone make a paid order (the source of truth)', async () => {
    const o = await order();
    expect((await webhook(o, 'payment.captured')).json()).toEqual({ status: 'applied' });
    expect(await statusOf(o.order_id)).toBe('SUCCESS');
  });

  it('a duplicate changes nothing the second time, and SUCCESS then FAILED ends SUCCESS', async () => {
    const o = await order();
    const failed = await webhook(o, 'payment.failed', 'evt_dup_failed');
    expect(failed.json()).toEqual({ status: 'applied' });
    expect(await statusOf(o.order_id)).toBe('FAILED');
    expect((await webhook(o, 'payment.captured', 'evt_dup_paid')).json()).toEqual({ status: 'applied' });
    // The earlier failure redelivered, and a late failure: the order stays paid.
    expect((await webhook(o, 'payment.failed', 'evt_dup_failed')).json()).toEqual({ status: 'duplicate' });
    expect((await webhook(o, 'payment.failed', 'evt_late_failed')).json()).toEqual({ status: 'applied' });
    expect(await statusOf(o.order_id)).toBe('SUCCESS');
    const [row] = await shop.db.select().from(orders).where(eq(orders.id, o.order_id));
    expect(row?.providerPaymentId).toBe('pay_evt_dup_paid');
  });
});

describe('the provider payment order', () => {
  it('is created once per shop order; after a provider failure the retry tries again for the same order', async () => {
    let calls = 0;
    let failNext = true;
    const sandbox = testSandbox(shop, { secret: SANDBOX_SECRET, now: () => NOW });
    const flaky: PaymentProvider = {
      ...sandbox.provider,
      async createPayment(input) {
        calls += 1;
        if (failNext) {
          failNext = false;
          throw new Error('provider unreachable');
        }
        return sandbox.provider.createPayment(input);
      },
    };
    const app = shop.build({
      now: () => NOW,
      paymentProvider: flaky,
      config: { OTP_TEST_NUMBERS: testNumbers(3) },
    });
    try {
      await app.ready();
      const other = await signIn(app, 2);
      const key = newKey();
      const body = orderBody(other, [wholePackage(solo)]);
      const first = await createOrder(app, other, body, key);
      refusedWith(first, 502);
      const second = await createOrder(app, other, body, key);
      expect(second.statusCode, second.body).toBe(200);
      const third = await createOrder(app, other, body, key);
      expect(third.json()).toEqual(second.json());
      expect(calls).toBe(2);
      const mine = await shop.db.select().from(orders).where(eq(orders.userId, other.userId));
      expect(mine).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('PAYMENT_PROVIDER names an adapter this build must have', () => {
    const sandbox = testSandbox(shop, { secret: SANDBOX_SECRET, now: () => NOW });
    const config = testConfig({ PAYMENT_PROVIDER: 'razorpay' });
    expect(() => createPaymentProvider(config, sandbox, {})).toThrow(
      /PAYMENT_PROVIDER=razorpay is not available/,
    );
    expect(createPaymentProvider(testConfig(), sandbox, {}).name).toBe('sandbox');
    const keys = {
      RAZORPAY_KEY_ID: 'rzp_test_key',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
    };
    expect(createPaymentProvider(testConfig({ PAYMENT_PROVIDER: 'razorpay', ...keys }), sandbox).name).toBe(
      'razorpay',
    );
  });

  it("with Razorpay chosen, the shop's pages and answers let its checkout script and frames in", async () => {
    const keys = {
      RAZORPAY_KEY_ID: 'rzp_test_key',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
    };
    const app = shop.build({ config: { PAYMENT_PROVIDER: 'razorpay', ...keys } });
    try {
      const csp = String((await app.inject('/api/commerce/states/v1/')).headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://checkout.razorpay.com");
      expect(csp).toContain("frame-src 'self' https://api.razorpay.com https://checkout.razorpay.com");
    } finally {
      await app.close();
    }
    expect(providerCspSources(testConfig())).toEqual({});
  });

  it('signs with SANDBOX_SECRET, else with a secret derived from the auth secret of its data directory', () => {
    const auth = 'an-auth-secret-of-at-least-32-characters';
    const derived = sandboxSecret(testConfig(), () => auth);
    expect(derived).toBe(hmacHex(auth, 'sandbox provider'));
    expect(sandboxSecret(testConfig(), () => 'another-data-dir-auth-secret-0123456789')).not.toBe(derived);
    const own = 's'.repeat(40);
    expect(sandboxSecret(testConfig({ SANDBOX_SECRET: own }), () => auth)).toBe(own);
  });
});
