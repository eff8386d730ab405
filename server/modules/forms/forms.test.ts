import { errorBodySchema } from '@contract/common';
import type { FormSubmission } from '@contract/forms';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formSubmissions } from '../../db/schema';
import { signInWithPhone, type TestApp, testApp } from '../../testing';

let clock = new Date('2026-07-01T09:00:05Z');
const now = () => clock;

const BUYER_A = { phone_number: '9999999911', country_code: '+91' };
const BUYER_B = { phone_number: '9999999922', country_code: '+91' };
const PUBLIC = '/api/forms/create_public_ib_form_submission_details/v1/';
const SIGNED_IN = '/api/forms/create_ib_form_submission/v1/';
const LIST = '/api/forms/get_ib_form_submission_details/v1/';

let shop: TestApp;
let buyerA: { token: string; userId: string };
let buyerB: { token: string; userId: string };
let nextIp = 1;

const signIn = (phone: typeof BUYER_A) => signInWithPhone(shop.app, phone);

beforeAll(async () => {
  shop = await testApp({
    now,
    config: {
      OTP_TEST_NUMBERS: new Map([
        [`+91${BUYER_A.phone_number}`, '123456'],
        [`+91${BUYER_B.phone_number}`, '123456'],
      ]),
    },
  });
});

afterAll(async () => {
  await shop.close();
});

// Each test starts in an hour of its own and from an address of its own, so no limit of one test reaches another.
let ip = '';
beforeEach(() => {
  clock = new Date(clock.getTime() + 3600 * 1000);
  nextIp += 1;
  ip = `198.51.100.${nextIp}`;
});

/** Access tokens last 15 minutes of the test's clock: the buyers sign in again in each test's hour. */
async function signInBuyers() {
  buyerA = await signIn(BUYER_A);
  buyerB = await signIn(BUYER_B);
}

const invite = (over: Record<string, unknown> = {}) => ({
  name: '  Asha Rao ',
  phone_number: '98765 43210',
  country_code: '+91',
  email: 'Asha.Rao@Example.com',
  city: 'Bengaluru',
  organisation: 'Koramangala Cricket Club',
  product: 'BUSINESS_LICENCE',
  message: 'Two nets, weekends',
  ...over,
});

function post(url: string, payload: unknown, options: { token?: string; from?: string; key?: string } = {}) {
  return shop.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: options.from ?? ip,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
  });
}

function list(token: string | undefined, formId = 'get_invite') {
  return shop.app.inject({
    method: 'GET',
    url: `${LIST}?form_id=${formId}`,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
}

/** A refusal in spec §8's body, answered with its status. */
function refusal(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  const data = errorBodySchema.parse(res.json()).data;
  expect(data.http_status_code).toBe(status);
  expect(data.message).not.toBe('');
  return data;
}

describe('the public get-invite submission', () => {
  it('keeps what a visitor sent, tidied, without an account', async () => {
    const res = await post(PUBLIC, {
      form_id: 'get_invite',
      form_submission_data: invite({ organisation: '   ', message: undefined }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { submission } = res.json() as { submission: FormSubmission };
    expect(submission.form_id).toBe('get_invite');
    expect(submission.created_at).toBe(clock.toISOString());
    expect(submission.form_submission_data).toEqual({
      name: 'Asha Rao',
      phone_number: '9876543210',
      country_code: '+91',
      iso_country_code: 'IN',
      email: 'asha.rao@example.com',
      city: 'Bengaluru',
      product: 'BUSINESS_LICENCE',
    });
    const [row] = await shop.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, submission.submission_id));
    expect(row?.userId).toBeNull();
    expect(row?.data).toEqual(submission.form_submission_data);
  });

  it('takes a number abroad when it is valid for its country', async () => {
    const res = await post(PUBLIC, {
      form_id: 'get_invite',
      form_submission_data: invite({
        phone_number: '2015550123',
        country_code: '1',
        product: 'BUSINESS_KIT',
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().submission.form_submission_data).toMatchObject({
      phone_number: '2015550123',
      country_code: '+1',
      iso_country_code: 'US',
      product: 'BUSINESS_KIT',
    });
  });

  it.each([
    ['an unknown form', { form_id: 'win_a_bat', form_submission_data: invite() }, 'form_id'],
    ['no data', { form_id: 'get_invite' }, 'form_submission_data'],
    ['no name', { form_id: 'get_invite', form_submission_data: invite({ name: '  ' }) }, 'name'],
    ['a name with digits', { form_id: 'get_invite', form_submission_data: invite({ name: 'R2D2' }) }, 'name'],
    ['a bad e-mail', { form_id: 'get_invite', form_submission_data: invite({ email: 'asha@' }) }, 'email'],
    ['no city', { form_id: 'get_invite', form_submission_data: invite({ city: '' }) }, 'city'],
    [
      'an Indian number that is not a mobile',
      { form_id: 'get_invite', form_submission_data: invite({ phone_number: '1234567890' }) },
      'phone_number',
    ],
    [
      'a number invalid for its country',
      { form_id: 'get_invite', form_submission_data: invite({ phone_number: '1234', country_code: '+44' }) },
      'phone_number',
    ],
    [
      'a dial code of no country',
      { form_id: 'get_invite', form_submission_data: invite({ country_code: '+999' }) },
      'country_code',
    ],
    [
      'another product',
      { form_id: 'get_invite', form_submission_data: invite({ product: 'SOLO' }) },
      'product',
    ],
    [
      'a message too long',
      { form_id: 'get_invite', form_submission_data: invite({ message: 'x'.repeat(1001) }) },
      'message',
    ],
    [
      'an organisation too long',
      { form_id: 'get_invite', form_submission_data: invite({ organisation: 'x'.repeat(151) }) },
      'organisation',
    ],
    ['a number for a name', { form_id: 'get_invite', form_submission_data: invite({ name: 42 }) }, 'name'],
  ])('refuses %s with 400 naming the field', async (_case, payload, field) => {
    const data = refusal(await post(PUBLIC, payload), 400);
    const expected =
      field === 'form_id' || field === 'form_submission_data' ? field : `form_submission_data.${field}`;
    expect(data.field).toBe(expected);
  });

  it('refuses a body that is not JSON, and one too big to be a form', async () => {
    const text = await shop.app.inject({
      method: 'POST',
      url: PUBLIC,
      payload: 'name=Asha',
      headers: { 'content-type': 'text/plain' },
      remoteAddress: ip,
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    refusal(text, text.statusCode);
    const big = await post(PUBLIC, {
      form_id: 'get_invite',
      form_submission_data: invite({ message: 'x'.repeat(20_000) }),
    });
    refusal(big, 413);
  });
});

describe('the limits', () => {
  beforeEach(signInBuyers);

  it('answers 429 with Retry-After once an address has sent its hourly forms, and other addresses go on', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      statuses.push(
        (await post(PUBLIC, { form_id: 'get_invite', form_submission_data: invite() })).statusCode,
      );
    }
    // The default: 10 an hour from one address.
    expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
    const refused = await post(PUBLIC, { form_id: 'get_invite', form_submission_data: invite() });
    const data = refusal(refused, 429);
    expect(data.message).toBe('Too many forms were sent from this network. Try again later.');
    expect(refused.headers['retry-after']).toBe(String(data.time_in_seconds));
    // A signed-in submission from the same address counts against the same limit.
    refusal(
      await post(
        SIGNED_IN,
        { form_id: 'get_invite', form_submission_data: invite() },
        { token: buyerA.token },
      ),
      429,
    );

    const elsewhere = await post(
      PUBLIC,
      { form_id: 'get_invite', form_submission_data: invite() },
      { from: '203.0.113.99' },
    );
    expect(elsewhere.statusCode).toBe(201);
  });

  it('caps the submissions of every client together, counting only valid ones', async () => {
    const capped = shop.build({ now, config: { FORMS_LIMIT_PER_HOUR: 3 } });
    try {
      const send = (from: string, data: Record<string, unknown>) =>
        capped.inject({
          method: 'POST',
          url: PUBLIC,
          payload: { form_id: 'get_invite', form_submission_data: data },
          remoteAddress: from,
        });
      expect((await send('192.0.2.50', invite({ email: 'nope' }))).statusCode).toBe(400);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await send(`192.0.2.${60 + i}`, invite())).statusCode);
      expect(statuses).toEqual([201, 201, 201, 429]);
      const data = refusal(await send('192.0.2.70', invite()), 429);
      expect(data.message).toBe('We are taking too many requests right now. Try again later.');
    } finally {
      await capped.close();
    }
  });
});

describe("a buyer's submissions", () => {
  beforeEach(signInBuyers);

  it('are kept under the buyer and listed back newest first', async () => {
    const first = await post(
      SIGNED_IN,
      { form_id: 'get_invite', form_submission_data: invite({ product: 'BUSINESS_KIT' }) },
      { token: buyerA.token },
    );
    expect(first.statusCode, first.body).toBe(201);
    clock = new Date(clock.getTime() + 60_000);
    const second = await post(
      SIGNED_IN,
      { form_id: 'get_invite', form_submission_data: invite() },
      { token: buyerA.token },
    );
    expect(second.statusCode).toBe(201);

    const [row] = await shop.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, first.json().submission.submission_id));
    expect(row?.userId).toBe(buyerA.userId);

    const res = await list(buyerA.token);
    expect(res.statusCode).toBe(200);
    const ids = (res.json().submissions as FormSubmission[]).map((s) => s.submission_id);
    expect(ids.slice(0, 2)).toEqual([
      second.json().submission.submission_id,
      first.json().submission.submission_id,
    ]);
  });

  it("never include another buyer's, nor anonymous ones", async () => {
    const mine = await post(
      SIGNED_IN,
      { form_id: 'get_invite', form_submission_data: invite() },
      { token: buyerA.token },
    );
    const anonymous = await post(PUBLIC, { form_id: 'get_invite', form_submission_data: invite() });
    expect(mine.statusCode).toBe(201);
    expect(anonymous.statusCode).toBe(201);

    const theirs = await list(buyerB.token);
    expect(theirs.statusCode).toBe(200);
    const ids = (theirs.json().submissions as FormSubmission[]).map((s) => s.submission_id);
    expect(ids).not.toContain(mine.json().submission.submission_id);
    expect(ids).not.toContain(anonymous.json().submission.submission_id);

    const own = await post(
      SIGNED_IN,
      { form_id: 'get_invite', form_submission_data: invite() },
      { token: buyerB.token },
    );
    const after = await list(buyerB.token);
    expect((after.json().submissions as FormSubmission[]).map((s) => s.submission_id)).toEqual([
      own.json().submission.submission_id,
      ...ids,
    ]);
  });

  it('need a signed-in buyer: no token is 401, a forged one 400 INVALID_TOKEN', async () => {
    refusal(await post(SIGNED_IN, { form_id: 'get_invite', form_submission_data: invite() }), 401);
    refusal(await list(undefined), 401);
    const forged = refusal(await list('not-a-token'), 400);
    expect(forged.res_status).toBe('INVALID_TOKEN');
  });

  it('refuses a list of an unknown form', async () => {
    const data = refusal(await list(buyerA.token, 'win_a_bat'), 400);
    expect(data.field).toBe('form_id');
  });
});

describe('the payment-gateway-issue form', () => {
  it("is refused for an order that is not the buyer's own, and nothing is kept", async () => {
    await signInBuyers();
    const sent = await shop.app.inject({
      method: 'POST',
      url: SIGNED_IN,
      headers: { authorization: `Bearer ${buyerA.token}`, 'x-forwarded-for': ip },
      payload: { form_id: 'payment_gateway_issue', form_submission_data: { orderId: 'ord_123' } },
    });
    expect(sent.statusCode, sent.body).toBe(404);
    expect(sent.json().data.field).toBe('form_submission_data.orderId');
    const rows = await shop.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.userId, buyerA.userId));
    expect(rows.some((row) => row.formId === 'payment_gateway_issue')).toBe(false);
  });

  it('refuses a malformed order id', async () => {
    await signInBuyers();
    const sent = await shop.app.inject({
      method: 'POST',
      url: SIGNED_IN,
      headers: { authorization: `Bearer ${buyerA.token}`, 'x-forwarded-for': ip },
      payload: { form_id: 'payment_gateway_issue', form_submission_data: { orderId: 'x; drop' } },
    });
    expect(sent.statusCode).toBe(400);
    expect(errorBodySchema.safeParse(sent.json()).success).toBe(true);
  });
});

describe('a submission replayed with its Idempotency-Key', () => {
  const body = () => ({ form_id: 'get_invite', form_submission_data: invite() });
  const stored = (key: string) =>
    shop.db.select().from(formSubmissions).where(eq(formSubmissions.idempotencyKey, key));

  it('is answered 201 with the first submission and stored once', async () => {
    const key = 'c0a80121-7ac0-4e1c-9b5e-0c1d2e3f4a5b';
    const first = await post(PUBLIC, body(), { key });
    expect(first.statusCode, first.body).toBe(201);
    clock = new Date(clock.getTime() + 60_000);
    const again = await post(PUBLIC, body(), { key });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await stored(key)).toHaveLength(1);
  });

  it('stores one submission when two sends of one key arrive at once', async () => {
    await signInBuyers();
    const key = '5f1e2d3c-4b5a-4697-8887-a6b5c4d3e2f1';
    const [a, b] = await Promise.all([
      post(SIGNED_IN, body(), { key, token: buyerA.token }),
      post(SIGNED_IN, body(), { key, token: buyerA.token }),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([201, 201]);
    expect(a?.json().submission).toEqual(b?.json().submission);
    expect(await stored(key)).toHaveLength(1);
  });

  it('refuses the key on another submission or from another buyer, and a malformed key', async () => {
    await signInBuyers();
    const key = '0d9e8f7a-6b5c-4d3e-8f1a-2b3c4d5e6f70';
    expect((await post(SIGNED_IN, body(), { key, token: buyerA.token })).statusCode).toBe(201);
    const other = await post(
      SIGNED_IN,
      { form_id: 'get_invite', form_submission_data: invite({ city: 'Mysuru' }) },
      { key, token: buyerA.token },
    );
    expect(refusal(other, 409).message).toContain('Idempotency-Key');
    refusal(await post(SIGNED_IN, body(), { key, token: buyerB.token }), 409);
    refusal(await post(PUBLIC, body(), { key }), 409);
    expect(await stored(key)).toHaveLength(1);
    refusal(await post(PUBLIC, body(), { key: 'no spaces allowed' }), 400);
  });
});
