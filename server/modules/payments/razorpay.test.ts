import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { CreatePaymentInput } from './provider';
import {
  createRazorpayProvider,
  RAZORPAY_CHECKOUT_SCRIPT_URL,
  razorpaySignature,
  razorpaySignatureMatches,
} from './razorpay';

// Test credentials only: the shapes of Razorpay's, never real ones.
const KEY_ID = 'rzp_test_1DP5mmOlF5G5ag';
const KEY_SECRET = 'EnLs21M47BllR3X8PSFtjtbd';
const WEBHOOK_SECRET = 'whsec_3kQ9xV2mZ7tL';

const ORDER_ID = 'order_IEIaMR65cu6nz3';
const OTHER_ORDER_ID = 'order_IEIbXk2sLw9QpA';
const PAYMENT_ID = 'pay_IH4NVgf4Dreq1l';
const LINK_ID = 'plink_ExjpAUN3gVHrPJ';
const OTHER_LINK_ID = 'plink_FL5HCrWEO112OW';
const SHOP_ORDER_ID = 'ord_01HZX3K9M2';

/** The documented formula, written out once by hand. */
const hmacHex = (payload: string, secret: string) =>
  createHmac('sha256', secret).update(payload).digest('hex');

// Pinned: a change in any signature formula fails these.
const CHECKOUT_SIGNATURE = '0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f';
const LINK_SIGNATURE = 'ac8eb9949d9b42769c64e28511a5c3f384ea7fb18e83880fbc353b3b1cf37087';
const WEBHOOK_BODY =
  '{"entity":"event","account_id":"acc_BFQ7uQEaa7j2z7","event":"payment.captured","contains":["payment"],' +
  '"payload":{"payment":{"entity":{"id":"pay_IH4NVgf4Dreq1l","entity":"payment","amount":129900,' +
  '"currency":"INR","status":"captured","order_id":"order_IEIaMR65cu6nz3","method":"upi",' +
  '"created_at":1700000000}}},"created_at":1700000042}';
const WEBHOOK_SIGNATURE = 'f5c4d7095c3ac72fa0c265d97b4d0f2f4641118e545cd181ab24c93ed1c214b9';

const FORGED = 'a'.repeat(64);

function provider(fetch: typeof globalThis.fetch = failingFetch) {
  return createRazorpayProvider({
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    fetch,
  });
}

const failingFetch: typeof globalThis.fetch = async () => {
  throw new Error('no network in tests');
};

/** A fake Razorpay answering one JSON body, recording each request. */
function fakeApi(status: number, body: unknown) {
  const calls: { url: string; method: string; headers: Headers; body: unknown }[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return { fetch, calls };
}

function input(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  return {
    orderId: SHOP_ORDER_ID,
    customerOrderId: 'CO-2024-000123',
    amountMinor: 129_900,
    currency: 'INR',
    service: 'CARD_MODAL',
    buyer: { id: 'usr_1', name: 'Asha Rao', email: 'asha@example.com', phone: '+919876543210' },
    callbackUrl: 'https://shop.example/api/payments/razorpay/return?order=ord_01HZX3K9M2',
    expiresAt: new Date('2024-05-01T10:30:00Z'),
    ...overrides,
  };
}

function webhookHeaders(signature: string, eventId: string | null = 'evt_NkTQbqdlA9pWJ4') {
  return { 'x-razorpay-signature': signature, ...(eventId ? { 'x-razorpay-event-id': eventId } : {}) };
}

function signedWebhook(body: object) {
  const raw = Buffer.from(JSON.stringify(body), 'utf8');
  return { raw, signature: hmacHex(raw.toString('utf8'), WEBHOOK_SECRET) };
}

describe('signature vectors', () => {
  it("matches the official SDK's webhook vector", () => {
    const body = '{"a":1,"b":2,"c":{"d":3}}';
    const official = '2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc';
    expect(razorpaySignature(body, '123456')).toBe(official);
    expect(razorpaySignatureMatches(body, official, '123456')).toBe(true);
    expect(razorpaySignatureMatches(body, 'sdfafds', '123456')).toBe(false);
  });

  it('signs a Checkout result as HMAC(order_id|payment_id, key secret)', () => {
    expect(hmacHex(`${ORDER_ID}|${PAYMENT_ID}`, KEY_SECRET)).toBe(CHECKOUT_SIGNATURE);
    const result = {
      provider_order_id: ORDER_ID,
      provider_payment_id: PAYMENT_ID,
      signature: CHECKOUT_SIGNATURE,
    };
    expect(provider().verifyCallback(result, ORDER_ID)).toBe(true);
  });

  it('signs a Payment Link callback as HMAC(link_id|reference_id|status|payment_id, key secret)', () => {
    expect(hmacHex(`${LINK_ID}|${SHOP_ORDER_ID}|paid|${PAYMENT_ID}`, KEY_SECRET)).toBe(LINK_SIGNATURE);
    const query = {
      razorpay_payment_id: PAYMENT_ID,
      razorpay_payment_link_id: LINK_ID,
      razorpay_payment_link_reference_id: SHOP_ORDER_ID,
      razorpay_payment_link_status: 'paid',
      razorpay_signature: LINK_SIGNATURE,
    };
    expect(provider().verifyReturn(query, LINK_ID)).toEqual({
      outcome: 'PAID',
      providerPaymentId: PAYMENT_ID,
    });
  });

  it('signs a webhook as HMAC(raw body, webhook secret)', () => {
    expect(hmacHex(WEBHOOK_BODY, WEBHOOK_SECRET)).toBe(WEBHOOK_SIGNATURE);
    const event = provider().parseWebhook(Buffer.from(WEBHOOK_BODY), webhookHeaders(WEBHOOK_SIGNATURE));
    expect(event).toEqual({
      eventId: 'evt_NkTQbqdlA9pWJ4',
      providerOrderId: ORDER_ID,
      providerPaymentId: PAYMENT_ID,
      outcome: 'PAID',
      occurredAt: new Date(1_700_000_042_000),
    });
  });
});

describe('verifyCallback (Checkout)', () => {
  const genuine = {
    provider_order_id: ORDER_ID,
    provider_payment_id: PAYMENT_ID,
    signature: CHECKOUT_SIGNATURE,
  };

  it('accepts the genuine signature written in upper case hex', () => {
    expect(
      provider().verifyCallback({ ...genuine, signature: CHECKOUT_SIGNATURE.toUpperCase() }, ORDER_ID),
    ).toBe(true);
  });

  it('refuses a forged signature', () => {
    expect(provider().verifyCallback({ ...genuine, signature: FORGED }, ORDER_ID)).toBe(false);
  });

  it('refuses a signature made with another secret', () => {
    const signature = hmacHex(`${ORDER_ID}|${PAYMENT_ID}`, 'another-secret');
    expect(provider().verifyCallback({ ...genuine, signature }, ORDER_ID)).toBe(false);
  });

  it("refuses another order's genuine result against the stored order", () => {
    const otherSignature = hmacHex(`${OTHER_ORDER_ID}|${PAYMENT_ID}`, KEY_SECRET);
    const other = {
      provider_order_id: OTHER_ORDER_ID,
      provider_payment_id: PAYMENT_ID,
      signature: otherSignature,
    };
    expect(provider().verifyCallback(other, OTHER_ORDER_ID)).toBe(true);
    expect(provider().verifyCallback(other, ORDER_ID)).toBe(false);
    expect(provider().verifyCallback({ ...other, provider_order_id: ORDER_ID }, ORDER_ID)).toBe(false);
  });

  it('refuses a genuine signature when the browser names another order id', () => {
    expect(provider().verifyCallback({ ...genuine, provider_order_id: OTHER_ORDER_ID }, ORDER_ID)).toBe(
      false,
    );
  });

  it('refuses a signature of another payment', () => {
    expect(
      provider().verifyCallback({ ...genuine, provider_payment_id: 'pay_OtherPayment01' }, ORDER_ID),
    ).toBe(false);
  });

  it('refuses signatures of the wrong length or not hex, without throwing', () => {
    for (const signature of [
      '',
      CHECKOUT_SIGNATURE.slice(0, 63),
      `${CHECKOUT_SIGNATURE}00`,
      'z'.repeat(64),
    ]) {
      expect(provider().verifyCallback({ ...genuine, signature }, ORDER_ID)).toBe(false);
    }
  });
});

describe('verifyReturn (Payment Link callback)', () => {
  const query = (status: string, linkId = LINK_ID) => ({
    razorpay_payment_id: PAYMENT_ID,
    razorpay_payment_link_id: linkId,
    razorpay_payment_link_reference_id: SHOP_ORDER_ID,
    razorpay_payment_link_status: status,
    razorpay_signature: hmacHex(`${linkId}|${SHOP_ORDER_ID}|${status}|${PAYMENT_ID}`, KEY_SECRET),
  });

  it('takes a genuine status other than paid as failed', () => {
    expect(provider().verifyReturn(query('expired'), LINK_ID)).toEqual({
      outcome: 'FAILED',
      providerPaymentId: PAYMENT_ID,
    });
  });

  it('refuses a status changed after signing', () => {
    expect(
      provider().verifyReturn({ ...query('cancelled'), razorpay_payment_link_status: 'paid' }, LINK_ID),
    ).toBe(null);
  });

  it("refuses another link's genuine callback against the stored link", () => {
    expect(provider().verifyReturn(query('paid', OTHER_LINK_ID), OTHER_LINK_ID)?.outcome).toBe('PAID');
    expect(provider().verifyReturn(query('paid', OTHER_LINK_ID), LINK_ID)).toBe(null);
  });

  it('refuses a genuine callback whose link id was changed', () => {
    expect(
      provider().verifyReturn({ ...query('paid'), razorpay_payment_link_id: OTHER_LINK_ID }, LINK_ID),
    ).toBe(null);
  });

  it('refuses a forged, a wrong-length or a missing signature, and missing fields', () => {
    expect(provider().verifyReturn({ ...query('paid'), razorpay_signature: FORGED }, LINK_ID)).toBe(null);
    expect(
      provider().verifyReturn({ ...query('paid'), razorpay_signature: LINK_SIGNATURE.slice(2) }, LINK_ID),
    ).toBe(null);
    expect(provider().verifyReturn({ ...query('paid'), razorpay_signature: undefined }, LINK_ID)).toBe(null);
    expect(provider().verifyReturn({ ...query('paid'), razorpay_payment_id: undefined }, LINK_ID)).toBe(null);
  });
});

describe('parseWebhook', () => {
  const genuine = () => provider().parseWebhook(Buffer.from(WEBHOOK_BODY), webhookHeaders(WEBHOOK_SIGNATURE));

  it('gives the same event id for the same delivery twice', () => {
    const first = genuine();
    expect(first?.eventId).toBe('evt_NkTQbqdlA9pWJ4');
    expect(genuine()).toEqual(first);
  });

  it('refuses a tampered body', () => {
    const tampered = WEBHOOK_BODY.replace('"amount":129900', '"amount":100');
    expect(provider().parseWebhook(Buffer.from(tampered), webhookHeaders(WEBHOOK_SIGNATURE))).toBe(null);
    const otherOrder = WEBHOOK_BODY.replace(ORDER_ID, OTHER_ORDER_ID);
    expect(provider().parseWebhook(Buffer.from(otherOrder), webhookHeaders(WEBHOOK_SIGNATURE))).toBe(null);
  });

  it('refuses a forged, wrong-length or missing signature, and one made with the key secret', () => {
    const raw = Buffer.from(WEBHOOK_BODY);
    expect(provider().parseWebhook(raw, webhookHeaders(FORGED))).toBe(null);
    expect(provider().parseWebhook(raw, webhookHeaders(WEBHOOK_SIGNATURE.slice(0, 40)))).toBe(null);
    expect(provider().parseWebhook(raw, { 'x-razorpay-event-id': 'evt_NkTQbqdlA9pWJ4' })).toBe(null);
    expect(provider().parseWebhook(raw, webhookHeaders(hmacHex(WEBHOOK_BODY, KEY_SECRET)))).toBe(null);
  });

  it('reads the headers whatever their case', () => {
    const event = provider().parseWebhook(Buffer.from(WEBHOOK_BODY), {
      'X-Razorpay-Signature': WEBHOOK_SIGNATURE,
      'X-Razorpay-Event-Id': 'evt_NkTQbqdlA9pWJ4',
    });
    expect(event?.eventId).toBe('evt_NkTQbqdlA9pWJ4');
  });

  it('names a delivery without an event id by its event and payment, the same every time', () => {
    const raw = Buffer.from(WEBHOOK_BODY);
    const first = provider().parseWebhook(raw, webhookHeaders(WEBHOOK_SIGNATURE, null));
    expect(first?.eventId).toBe(`payment.captured:${PAYMENT_ID}`);
    expect(provider().parseWebhook(raw, webhookHeaders(WEBHOOK_SIGNATURE, null))?.eventId).toBe(
      first?.eventId,
    );
  });

  const payment = (status: string) => ({ entity: { id: PAYMENT_ID, order_id: ORDER_ID, status } });

  it.each([
    ['payment.failed', { payment: payment('failed') }, 'FAILED', ORDER_ID],
    ['payment.authorized', { payment: payment('authorized') }, 'PENDING', ORDER_ID],
    ['order.paid', { payment: payment('captured'), order: { entity: { id: ORDER_ID } } }, 'PAID', ORDER_ID],
    [
      'payment_link.paid',
      {
        payment: { entity: { id: PAYMENT_ID, order_id: 'order_LinkInternal01', status: 'captured' } },
        order: { entity: { id: 'order_LinkInternal01' } },
        payment_link: { entity: { id: LINK_ID, status: 'paid' } },
      },
      'PAID',
      LINK_ID,
    ],
  ])('maps %s', (event, payload, outcome, providerOrderId) => {
    const { raw, signature } = signedWebhook({ entity: 'event', event, payload, created_at: 1_700_000_100 });
    expect(provider().parseWebhook(raw, webhookHeaders(signature, 'evt_1'))).toEqual({
      eventId: 'evt_1',
      providerOrderId,
      providerPaymentId: PAYMENT_ID,
      outcome,
      occurredAt: new Date(1_700_000_100_000),
    });
  });

  it('ignores genuine events it does not act on, and genuine bodies that are not events', () => {
    const refund = signedWebhook({
      event: 'refund.created',
      payload: { payment: payment('refunded') },
      created_at: 1_700_000_100,
    });
    expect(provider().parseWebhook(refund.raw, webhookHeaders(refund.signature))).toBe(null);
    const notJson = '{"event":"payment.captured",';
    expect(
      provider().parseWebhook(Buffer.from(notJson), webhookHeaders(hmacHex(notJson, WEBHOOK_SECRET))),
    ).toBe(null);
    const noOrder = signedWebhook({
      event: 'payment.captured',
      payload: { payment: { entity: { id: PAYMENT_ID, order_id: null } } },
      created_at: 1_700_000_100,
    });
    expect(provider().parseWebhook(noOrder.raw, webhookHeaders(noOrder.signature))).toBe(null);
  });
});

describe('createPayment', () => {
  const basic = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;

  it('creates an Orders API order for the card modal and hands back the Checkout options', async () => {
    const api = fakeApi(200, {
      id: ORDER_ID,
      entity: 'order',
      amount: 129_900,
      currency: 'INR',
      status: 'created',
    });
    const handle = await provider(api.fetch).createPayment(input());
    expect(api.calls).toHaveLength(1);
    const [call] = api.calls;
    expect(call?.url).toBe('https://api.razorpay.com/v1/orders');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('authorization')).toBe(basic);
    expect(call?.headers.get('content-type')).toBe('application/json');
    expect(call?.body).toEqual({
      amount: 129_900,
      currency: 'INR',
      receipt: 'CO-2024-000123',
      notes: { shop_order_id: SHOP_ORDER_ID, customer_order_id: 'CO-2024-000123' },
    });
    expect(handle).toEqual({
      kind: 'modal',
      provider: 'razorpay',
      key: KEY_ID,
      provider_order_id: ORDER_ID,
      checkout_script_url: RAZORPAY_CHECKOUT_SCRIPT_URL,
      amount_minor: 129_900,
      currency: 'INR',
    });
  });

  it('keeps the receipt within 40 characters', async () => {
    const api = fakeApi(200, { id: ORDER_ID });
    await provider(api.fetch).createPayment(input({ customerOrderId: 'C'.repeat(50) }));
    expect(api.calls[0]?.body).toMatchObject({ receipt: 'C'.repeat(40) });
  });

  it('creates a Payment Link for the hosted page and hands back its short url', async () => {
    const api = fakeApi(200, {
      id: LINK_ID,
      short_url: 'https://rzp.io/i/nxrHnLJ',
      status: 'created',
      payments: null,
    });
    const handle = await provider(api.fetch).createPayment(
      input({ service: 'PAYMENT_LINK', amountMinor: 49_950 }),
    );
    const [call] = api.calls;
    expect(call?.url).toBe('https://api.razorpay.com/v1/payment_links');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('authorization')).toBe(basic);
    expect(call?.body).toMatchObject({
      amount: 49_950,
      currency: 'INR',
      accept_partial: false,
      reference_id: SHOP_ORDER_ID,
      description: 'Order CO-2024-000123',
      customer: { name: 'Asha Rao', email: 'asha@example.com', contact: '+919876543210' },
      notify: { sms: false, email: false },
      callback_url: 'https://shop.example/api/payments/razorpay/return?order=ord_01HZX3K9M2',
      callback_method: 'get',
      expire_by: Date.UTC(2024, 4, 1, 10, 30) / 1000,
    });
    expect(handle).toEqual({
      kind: 'redirect',
      provider: 'razorpay',
      provider_order_id: LINK_ID,
      payment_link: 'https://rzp.io/i/nxrHnLJ',
    });
  });

  it('leaves out the contact details the buyer did not give', async () => {
    const api = fakeApi(200, { id: LINK_ID, short_url: 'https://rzp.io/i/nxrHnLJ', status: 'created' });
    await provider(api.fetch).createPayment(
      input({ service: 'PAYMENT_LINK', buyer: { id: 'usr_1', name: 'Asha Rao', email: null, phone: null } }),
    );
    expect(api.calls[0]?.body).toHaveProperty('customer', { name: 'Asha Rao' });
  });

  it("surfaces the API's error description without the secret", async () => {
    const api = fakeApi(400, {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'The amount must be at least INR 1.00',
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
      },
    });
    const error = await provider(api.fetch)
      .createPayment(input())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('The amount must be at least INR 1.00');
    expect((error as Error).message).not.toContain(KEY_SECRET);
  });

  it('never repeats the secret even when the answer echoes it', async () => {
    const api = fakeApi(401, { error: { code: 'BAD_REQUEST_ERROR', description: `Bad key ${KEY_SECRET}` } });
    const message = await provider(api.fetch)
      .createPayment(input())
      .catch((e: unknown) => (e as Error).message);
    expect(message).toContain('Bad key');
    expect(message).not.toContain(KEY_SECRET);
  });

  it('reports an unreachable API and an unexpected answer as errors', async () => {
    await expect(provider().createPayment(input())).rejects.toThrow(/Razorpay POST \/v1\/orders failed/);
    await expect(provider(fakeApi(200, { entity: 'order' }).fetch).createPayment(input())).rejects.toThrow(
      /unexpected body/,
    );
  });

  it('refuses an amount that is not a positive whole number of minor units, before calling Razorpay', async () => {
    const api = fakeApi(200, { id: ORDER_ID });
    await expect(provider(api.fetch).createPayment(input({ amountMinor: 1299.5 }))).rejects.toThrow(
      RangeError,
    );
    await expect(provider(api.fetch).createPayment(input({ amountMinor: 0 }))).rejects.toThrow(RangeError);
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('uses the configured API base', async () => {
    const api = fakeApi(200, { id: ORDER_ID });
    const custom = createRazorpayProvider({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      fetch: api.fetch,
      apiBase: 'http://127.0.0.1:9/',
    });
    await custom.createPayment(input());
    expect(api.calls[0]?.url).toBe('http://127.0.0.1:9/v1/orders');
  });
});

describe('closing and refunding', () => {
  it('cancels a payment link, and leaves an Orders API order alone (it cannot be cancelled)', async () => {
    const api = fakeApi(200, { id: LINK_ID, short_url: 'https://rzp.io/i/nxrHnLJ', status: 'cancelled' });
    await provider(api.fetch).closePayment(LINK_ID);
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.url).toBe(`https://api.razorpay.com/v1/payment_links/${LINK_ID}/cancel`);
    expect(api.calls[0]?.method).toBe('POST');
    await provider(api.fetch).closePayment(ORDER_ID);
    expect(api.calls).toHaveLength(1);
  });

  it('refunds a captured payment in full through the Refunds API', async () => {
    const api = fakeApi(200, { id: 'rfnd_FP8QHiV938haTz', entity: 'refund', amount: 129_900 });
    const refund = await provider(api.fetch).refund({
      providerOrderId: ORDER_ID,
      providerPaymentId: 'pay_29QQoUBi66xm2f',
      amountMinor: 129_900,
      orderId: SHOP_ORDER_ID,
    });
    expect(refund).toEqual({ refundId: 'rfnd_FP8QHiV938haTz' });
    expect(api.calls[0]?.url).toBe('https://api.razorpay.com/v1/payments/pay_29QQoUBi66xm2f/refund');
    expect(api.calls[0]?.method).toBe('POST');
    expect(api.calls[0]?.body).toEqual({
      amount: 129_900,
      speed: 'normal',
      notes: { shop_order_id: SHOP_ORDER_ID },
    });
  });

  it('reports a refused refund as an error, so the shop asks again later', async () => {
    const api = fakeApi(400, {
      error: { code: 'BAD_REQUEST_ERROR', description: 'The payment has been fully refunded already' },
    });
    await expect(
      provider(api.fetch).refund({
        providerOrderId: ORDER_ID,
        providerPaymentId: 'pay_29QQoUBi66xm2f',
        amountMinor: 129_900,
        orderId: SHOP_ORDER_ID,
      }),
    ).rejects.toThrow(/fully refunded already/);
  });
});

describe('fetchState', () => {
  const orderPayments = (...items: { id: string; status: string; created_at: number }[]) => ({
    entity: 'collection',
    count: items.length,
    items,
  });

  it("asks for the order's payments with the key", async () => {
    const api = fakeApi(200, orderPayments());
    await provider(api.fetch).fetchState(ORDER_ID);
    expect(api.calls[0]?.url).toBe(`https://api.razorpay.com/v1/orders/${ORDER_ID}/payments`);
    expect(api.calls[0]?.method).toBe('GET');
    expect(api.calls[0]?.headers.get('authorization')).toMatch(/^Basic /);
  });

  it.each([
    [
      'a captured payment after a failed one',
      [
        { id: 'pay_A', status: 'failed', created_at: 1 },
        { id: 'pay_B', status: 'captured', created_at: 2 },
      ],
      { outcome: 'PAID', providerPaymentId: 'pay_B' },
    ],
    [
      'an authorised payment after a failed one',
      [
        { id: 'pay_B', status: 'authorized', created_at: 2 },
        { id: 'pay_A', status: 'failed', created_at: 1 },
      ],
      { outcome: 'PENDING', providerPaymentId: 'pay_B' },
    ],
    [
      'a payment just created',
      [{ id: 'pay_A', status: 'created', created_at: 1 }],
      { outcome: 'PENDING', providerPaymentId: 'pay_A' },
    ],
    [
      'only failed payments',
      [
        { id: 'pay_A', status: 'failed', created_at: 1 },
        { id: 'pay_B', status: 'failed', created_at: 2 },
      ],
      { outcome: 'FAILED', providerPaymentId: 'pay_B' },
    ],
    ['no payment', [], { outcome: 'CREATED', providerPaymentId: null }],
  ])('maps an order with %s', async (_, items, expected) => {
    const api = fakeApi(200, orderPayments(...items));
    await expect(provider(api.fetch).fetchState(ORDER_ID)).resolves.toEqual(expected);
  });

  it.each([
    [
      'paid',
      [{ payment_id: PAYMENT_ID, status: 'captured', created_at: 5 }],
      { outcome: 'PAID', providerPaymentId: PAYMENT_ID },
    ],
    ['created', null, { outcome: 'CREATED', providerPaymentId: null }],
    ['expired', [], { outcome: 'FAILED', providerPaymentId: null }],
    ['cancelled', null, { outcome: 'FAILED', providerPaymentId: null }],
  ])('maps a payment link that is %s', async (status, payments, expected) => {
    const api = fakeApi(200, { id: LINK_ID, short_url: 'https://rzp.io/i/nxrHnLJ', status, payments });
    await expect(provider(api.fetch).fetchState(LINK_ID)).resolves.toEqual(expected);
    expect(api.calls[0]?.url).toBe(`https://api.razorpay.com/v1/payment_links/${LINK_ID}`);
    expect(api.calls[0]?.method).toBe('GET');
  });

  it('refuses an id that is neither an order nor a payment link, without calling Razorpay', async () => {
    const api = fakeApi(200, {});
    await expect(provider(api.fetch).fetchState('pay_IH4NVgf4Dreq1l')).rejects.toThrow(/Not a Razorpay/);
    expect(api.fetch).not.toHaveBeenCalled();
  });
});

describe('createRazorpayProvider', () => {
  it('refuses to run without its keys, so nothing is signed with an empty secret', () => {
    expect(() =>
      createRazorpayProvider({ keyId: KEY_ID, keySecret: '', webhookSecret: WEBHOOK_SECRET }),
    ).toThrow();
    expect(() =>
      createRazorpayProvider({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: '' }),
    ).toThrow();
  });

  it('is named razorpay', () => {
    expect(provider().name).toBe('razorpay');
  });
});
