import { errorBodySchema } from '@contract/common';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import * as schema from '../../db/schema';
import { signInWithPhone, type TestApp, testApp } from '../../testing';

const OPERATOR_TOKEN = 'operator-token-for-tests';
const ASHA = { phone_number: '9876543210', country_code: '+91' };
const RAVI = { phone_number: '9876543211', country_code: '+91' };
let shop: TestApp;
let app: App;
let asha: { token: string; userId: string };
let ravi: { token: string; userId: string };

beforeAll(async () => {
  shop = await testApp({
    now: () => new Date('2026-11-21T10:00:00Z'),
    operatorToken: OPERATOR_TOKEN,
    config: {
      OTP_TEST_NUMBERS: new Map([
        ['+919876543210', '123456'],
        ['+919876543211', '123456'],
      ]),
    },
  });
  app = shop.app;
  asha = await signInWithPhone(app, ASHA);
  ravi = await signInWithPhone(app, RAVI);
});

afterAll(async () => {
  await shop.close();
});

describe('marketing pushes', () => {
  it('stores an event with its properties and the device time', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/marketing/web_engage/events/push/',
      payload: {
        event_name: 'requested_otp',
        event_data: { country: 'india', is_new: true },
        occurred_at: '2026-11-21T09:59:58.000Z',
      },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    const rows = await shop.db.select().from(schema.marketingEvents);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'event',
      name: 'requested_otp',
      data: { country: 'india', is_new: true },
      occurredAt: new Date('2026-11-21T09:59:58.000Z'),
    });
  });

  it("stores a signed-in user's own attributes and an anonymous visitor's", async () => {
    for (const url of [
      '/api/marketing/web_engage/users/push/',
      '/api/marketing/web_engage/users/anonymous/push/',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${asha.token}` },
        payload: { user_id: asha.userId, anonymous_id: 'a-1', attributes: { city: 'Pune' } },
      });
      expect(res.statusCode).toBe(202);
    }
    const rows = await shop.db.select().from(schema.marketingEvents);
    expect(rows.filter((r) => r.kind === 'user')).toMatchObject([
      { userId: asha.userId, data: { city: 'Pune' } },
    ]);
    expect(rows.filter((r) => r.kind === 'anonymous_user')).toMatchObject([
      { userId: null, anonymousId: 'a-1' },
    ]);
  });

  it("writes users/push only to the signed-in user's own record: never anonymously, never under another id", async () => {
    const before = await shop.db.select().from(schema.marketingEvents);
    const url = '/api/marketing/web_engage/users/push/';
    const anonymous = await app.inject({
      method: 'POST',
      url,
      payload: { user_id: asha.userId, attributes: { email: 'mallory@example.com' } },
    });
    expect(anonymous.statusCode).toBe(401);
    const someoneElse = await app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${ravi.token}` },
      payload: { user_id: asha.userId, attributes: { email: 'mallory@example.com' } },
    });
    expect(someoneElse.statusCode).toBe(403);
    expect(errorBodySchema.parse(someoneElse.json()).data.field).toBe('user_id');
    expect(await shop.db.select().from(schema.marketingEvents)).toHaveLength(before.length);

    // Without an id, the push is the signed-in user's.
    const own = await app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${ravi.token}` },
      payload: { attributes: { city: 'Delhi' } },
    });
    expect(own.statusCode).toBe(202);
    const rows = await shop.db
      .select()
      .from(schema.marketingEvents)
      .where(eq(schema.marketingEvents.kind, 'user'));
    expect(rows.at(-1)).toMatchObject({ userId: ravi.userId, data: { city: 'Delhi' } });
  });

  it("keeps a visitor's trail: the anonymous push, their events, the users/push of their sign-in, then their events by user id", async () => {
    const before = (await shop.db.select().from(schema.marketingEvents)).length;
    const pushes = [
      [
        '/users/anonymous/push/',
        { anonymous_id: 'anon-7', attributes: { country: 'india', utm_source: 'google' } },
      ],
      [
        '/events/push/',
        { event_name: 'requested_otp', event_data: { country: 'india' }, anonymous_id: 'anon-7' },
      ],
      [
        '/users/push/',
        {
          user_id: asha.userId,
          anonymous_id: 'anon-7',
          attributes: {
            phone_number: '+919876543210',
            email: 'asha@example.com',
            name: 'Asha',
            country: 'india',
          },
        },
      ],
      ['/events/push/', { event_name: 'user_login', anonymous_id: 'anon-7', user_id: asha.userId }],
    ] as const;
    for (const [path, payload] of pushes) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/marketing/web_engage${path}`,
        headers: { authorization: `Bearer ${asha.token}` },
        payload,
      });
      expect(res.statusCode).toBe(202);
    }
    const rows = (await shop.db.select().from(schema.marketingEvents))
      .slice(before)
      .sort((a, b) => a.id - b.id);
    expect(rows.map((r) => [r.kind, r.name, r.userId, r.anonymousId])).toEqual([
      ['anonymous_user', null, null, 'anon-7'],
      ['event', 'requested_otp', null, 'anon-7'],
      ['user', null, asha.userId, 'anon-7'],
      ['event', 'user_login', asha.userId, 'anon-7'],
    ]);
    expect(rows[0]?.data).toEqual({ country: 'india', utm_source: 'google' });
    expect(rows[2]?.data).toEqual({
      phone_number: '+919876543210',
      email: 'asha@example.com',
      name: 'Asha',
      country: 'india',
    });
  });

  it('refuses unknown events and nested or oversized data with the spec error body', async () => {
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/marketing/web_engage/events/push/',
      payload: { event_name: 'made_up' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorBodySchema.parse(unknown.json()).data.message).toContain('Unknown event name');

    const nested = await app.inject({
      method: 'POST',
      url: '/api/marketing/web_engage/events/push/',
      payload: { event_name: 'purchase', event_data: { cart: { items: [] } } },
    });
    expect(nested.statusCode).toBe(400);

    const big = await app.inject({
      method: 'POST',
      url: '/api/marketing/web_engage/events/push/',
      payload: { event_name: 'purchase', event_data: { note: 'x'.repeat(20_000) } },
    });
    expect(big.statusCode).toBe(413);
  });
});

describe('a push replayed with its Idempotency-Key', () => {
  const push = (key: string, event_name = 'user_logout') =>
    app.inject({
      method: 'POST',
      url: '/api/marketing/web_engage/events/push/',
      headers: { 'idempotency-key': key },
      payload: { event_name, event_data: { reason: 'signed-out' } },
    });
  const stored = (key: string) =>
    shop.db.select().from(schema.marketingEvents).where(eq(schema.marketingEvents.idempotencyKey, key));

  it('is accepted again and stored once', async () => {
    const key = '7b6a5f4e-3d2c-4b1a-9f8e-7d6c5b4a3f2e';
    expect((await push(key)).statusCode).toBe(202);
    const again = await push(key);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ accepted: true });
    expect(await stored(key)).toHaveLength(1);
  });

  it('stores one row when two pushes of one key arrive at once', async () => {
    const key = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    const answers = await Promise.all([push(key), push(key)]);
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202]);
    expect(await stored(key)).toHaveLength(1);
  });

  it('refuses a malformed key', async () => {
    const res = await push('bad key!');
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).data.message).toContain('Idempotency-Key');
  });
});

describe("the operator's read of the stored pushes", () => {
  it('lists the last pushes newest first with their keys, only with the operator token', async () => {
    const url = '/api/marketing/admin/pushes/v1/?limit=2';
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const [key, event_name] of [
      ['9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', 'requested_otp'],
      ['8a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', 'user_login'],
    ] as const) {
      await app.inject({
        method: 'POST',
        url: '/api/marketing/web_engage/events/push/',
        headers: { 'idempotency-key': key },
        payload: { event_name },
      });
    }
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(
      res.json().pushes.map((e: { name: string; idempotency_key: string }) => [e.name, e.idempotency_key]),
    ).toEqual([
      ['user_login', '8a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'],
      ['requested_otp', '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'],
    ]);
  });
});
