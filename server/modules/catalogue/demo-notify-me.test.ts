import { errorBodySchema } from '@contract/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyMeRequests } from '../../db/schema';
import { type TestApp, testApp, testConfig } from '../../testing';

const PATH = '/api/commerce/book_a_demo/notify_me/v1/';
const NOW = new Date('2026-11-21T10:00:00Z');
let shop: TestApp;

beforeAll(async () => {
  shop = await testApp({
    now: () => NOW,
    config: { features: { ...testConfig().features, bookADemoRoute: true } },
  });
});

afterAll(async () => {
  await shop.close();
});

const ask = (payload: object, app = shop.app) => app.inject({ method: 'POST', url: PATH, payload });

describe('POST /api/commerce/book_a_demo/notify_me/v1/', () => {
  it('keeps one request per contact for the demos, apart from any package’s', async () => {
    const first = await ask({ email: ' Venue@Example.com ', country_name_enum: 'IN' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ notify_me_id: expect.any(Number), created: true });
    const again = await ask({ email: 'venue@example.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ notify_me_id: first.json().notify_me_id, created: false });
    const byPhone = await ask({ phone_number: '+919876543210' });
    expect(byPhone.statusCode).toBe(201);

    const rows = (await shop.db.select().from(notifyMeRequests)).filter((r) => r.topic === 'book_a_demo');
    expect(rows.map((r) => [r.packageId, r.email, r.phoneNumber, r.countryCode])).toEqual([
      [null, 'venue@example.com', null, 'IN'],
      [null, null, '+919876543210', 'IN'],
    ]);
    expect(rows[0]?.createdAt).toEqual(NOW);
  });

  it('refuses a request without a contact or with a bad one, with the spec error body', async () => {
    for (const [payload, message] of [
      [{}, 'Enter an email id or a mobile number'],
      [{ email: 'not-an-address' }, 'Enter a valid email id'],
      [{ phone_number: '98765' }, 'Enter the mobile number with its country code, e.g. +919876543210'],
    ] as const) {
      const res = await ask(payload);
      expect(res.statusCode).toBe(400);
      expect(errorBodySchema.parse(res.json()).data.message).toContain(message);
    }
  });

  it('is swept with the other anonymous writes after RETENTION_DAYS', async () => {
    const later = shop.build({
      now: () => new Date(NOW.getTime() + 91 * 86_400_000),
      config: { features: { ...testConfig().features, bookADemoRoute: true }, RETENTION_DAYS: 90 },
    });
    await later.ready();
    try {
      await later.retention.sweep();
    } finally {
      await later.close();
    }
    const rows = (await shop.db.select().from(notifyMeRequests)).filter((r) => r.topic === 'book_a_demo');
    expect(rows).toEqual([]);
  });

  it('is not there while the book-a-demo flag is off (its default)', async () => {
    const off = shop.build({ now: () => NOW });
    try {
      const res = await ask({ email: 'off@example.com' }, off);
      expect(res.statusCode).toBe(404);
      expect(errorBodySchema.safeParse(res.json()).success).toBe(true);
    } finally {
      await off.close();
    }
  });
});
