import { errorBodySchema } from '@contract/common';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import * as schema from '../../db/schema';
import { type TestApp, testApp } from '../../testing';

const OPERATOR_TOKEN = 'operator-token-for-tests';
let shop: TestApp;
let app: App;

beforeAll(async () => {
  shop = await testApp({
    now: () => new Date('2026-11-21T10:00:00Z'),
    operatorToken: OPERATOR_TOKEN,
  });
  app = shop.app;
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

  it('stores user and anonymous user attributes', async () => {
    for (const url of [
      '/api/marketing/web_engage/users/push/',
      '/api/marketing/web_engage/users/anonymous/push/',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url,
        payload: { user_id: 'u-1', anonymous_id: 'a-1', attributes: { city: 'Pune' } },
      });
      expect(res.statusCode).toBe(202);
    }
    const rows = await shop.db.select().from(schema.marketingEvents);
    expect(rows.filter((r) => r.kind === 'user')).toMatchObject([{ userId: 'u-1', data: { city: 'Pune' } }]);
    expect(rows.filter((r) => r.kind === 'anonymous_user')).toMatchObject([
      { userId: null, anonymousId: 'a-1' },
    ]);
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
          user_id: 'u-7',
          anonymous_id: 'anon-7',
          attributes: {
            phone_number: '+919876543210',
            email: 'asha@example.com',
            name: 'Asha',
            country: 'india',
          },
        },
      ],
      ['/events/push/', { event_name: 'user_login', anonymous_id: 'anon-7', user_id: 'u-7' }],
    ] as const;
    for (const [path, payload] of pushes) {
      const res = await app.inject({ method: 'POST', url: `/api/marketing/web_engage${path}`, payload });
      expect(res.statusCode).toBe(202);
    }
    const rows = (await shop.db.select().from(schema.marketingEvents))
      .slice(before)
      .sort((a, b) => a.id - b.id);
    expect(rows.map((r) => [r.kind, r.name, r.userId, r.anonymousId])).toEqual([
      ['anonymous_user', null, null, 'anon-7'],
      ['event', 'requested_otp', null, 'anon-7'],
      ['user', null, 'u-7', 'anon-7'],
      ['event', 'user_login', 'u-7', 'anon-7'],
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
