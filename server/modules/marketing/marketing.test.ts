import { errorBodySchema } from '@contract/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import * as schema from '../../db/schema';
import { type TestApp, testApp } from '../../testing';

let shop: TestApp;
let app: App;

beforeAll(async () => {
  shop = await testApp({
    now: () => new Date('2026-11-21T10:00:00Z'),
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
