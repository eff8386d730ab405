import { errorBodySchema } from '@contract/common';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import * as schema from '../../db/schema';
import { type TestApp, testApp } from '../../testing';

let clock = new Date('2026-11-21T10:00:05Z');
const now = () => clock;

let shop: TestApp;
let app: App;

beforeAll(async () => {
  shop = await testApp({ now });
  app = shop.app;
});

afterAll(async () => {
  await shop.close();
});

// Each test starts in an hour of its own, so no counter of one test reaches another.
beforeEach(() => {
  clock = new Date(clock.getTime() + 3600 * 1000);
});

/** About 15 KB of event properties: 30 values of 500 characters. */
const bulky = Object.fromEntries(
  Array.from({ length: 30 }, (_, i) => [`p${i}`, `${i}`.padEnd(500, 'abcdefghijklmnopqrstuvwxyz')]),
);

const pushEvent = (a: App, ip: string, data: Record<string, unknown> = bulky) =>
  a.inject({
    method: 'POST',
    url: '/api/marketing/web_engage/events/push/',
    remoteAddress: ip,
    payload: { event_name: 'purchase', event_data: data },
  });

async function stored(): Promise<{ rows: number; bytes: number }> {
  const [row] = await shop.db
    .select({
      rows: count(),
      bytes: sql<number>`coalesce(sum(octet_length(${schema.marketingEvents.data}::text)), 0)::int`,
    })
    .from(schema.marketingEvents);
  return { rows: row?.rows ?? 0, bytes: row?.bytes ?? 0 };
}

function expectRefusal(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  const body = errorBodySchema.parse(res.json()).data;
  expect(body.http_status_code).toBe(429);
  expect(body.time_in_seconds).toBeGreaterThan(0);
  expect(res.headers['retry-after']).toBe(String(body.time_in_seconds));
  return body;
}

describe('marketing push limits', () => {
  // 2,000 requests: on a shared 2-core machine they may take longer than the suite's 30 s default.
  it('stops storing a flood of 2,000 pushes of 15 KB from one address after its hourly limit', async () => {
    expect(JSON.stringify({ event_name: 'purchase', event_data: bulky }).length).toBeGreaterThan(15_000);
    const before = await stored();
    const statuses: number[] = [];
    let lastRefusal: { statusCode: number; headers: Record<string, unknown>; json(): unknown } | undefined;
    for (let i = 0; i < 2000; i += 1) {
      const res = await pushEvent(app, '203.0.113.7');
      statuses.push(res.statusCode);
      if (res.statusCode !== 202) lastRefusal = res;
    }
    // The default limit: 300 an hour from one address, then 429 for the rest.
    expect(statuses.filter((s) => s === 202)).toHaveLength(300);
    expect(statuses.slice(300).every((s) => s === 429)).toBe(true);
    if (!lastRefusal) throw new Error('no refusal');
    const refusal = expectRefusal(lastRefusal);
    expect(refusal.message).toBe('Too many updates were sent from this network. Try again later.');
    // The wait is what is left of the hour the clock is in.
    expect(refusal.time_in_seconds).toBe(3595);

    const after = await stored();
    expect(after.rows - before.rows).toBe(300);
    // 300 × 15 KB, not 2,000 × 15 KB (the 66 MB of the report, once the database's overhead is counted).
    expect(after.bytes - before.bytes).toBeLessThan(5 * 1024 * 1024);

    // Later the same hour, more pushes change nothing.
    clock = new Date(clock.getTime() + 60_000);
    expectRefusal(await pushEvent(app, '203.0.113.7'));
    expect(await stored()).toEqual(after);
    // Another address is not held back by this one.
    expect((await pushEvent(app, '198.51.100.4')).statusCode).toBe(202);
  }, 120_000);

  it('counts the user pushes and the event pushes of an address together, and starts again the next hour', async () => {
    const limited = shop.build({ now, config: { MARKETING_IP_LIMIT_PER_HOUR: 2 } });
    try {
      const ip = '192.0.2.55';
      expect((await pushEvent(limited, ip, {})).statusCode).toBe(202);
      const user = await limited.inject({
        method: 'POST',
        url: '/api/marketing/web_engage/users/anonymous/push/',
        remoteAddress: ip,
        payload: { anonymous_id: 'a-1', attributes: { city: 'Pune' } },
      });
      expect(user.statusCode).toBe(202);
      expectRefusal(
        await limited.inject({
          method: 'POST',
          url: '/api/marketing/web_engage/users/push/',
          remoteAddress: ip,
          payload: { user_id: 'u-1' },
        }),
      );
      expectRefusal(await pushEvent(limited, ip, {}));
      clock = new Date(clock.getTime() + 3600 * 1000);
      expect((await pushEvent(limited, ip, {})).statusCode).toBe(202);
    } finally {
      await limited.close();
    }
  });

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    const limited = shop.build({ now, config: { MARKETING_IP_LIMIT_PER_HOUR: 2 } });
    try {
      expect((await pushEvent(limited, '2001:db8:1:2::1', {})).statusCode).toBe(202);
      expect((await pushEvent(limited, '2001:db8:1:2:abcd::9', {})).statusCode).toBe(202);
      expectRefusal(await pushEvent(limited, '2001:0db8:0001:0002:ffff:1:2:3', {}));
      expect((await pushEvent(limited, '2001:db8:1:3::1', {})).statusCode).toBe(202);
    } finally {
      await limited.close();
    }
  });

  it('caps what every address together may store in an hour', async () => {
    const capped = shop.build({ now, config: { MARKETING_STORED_KB_PER_HOUR: 64 } });
    try {
      const before = await stored();
      const statuses: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        statuses.push((await pushEvent(capped, `100.64.0.${i + 1}`)).statusCode);
      }
      // 64 KB holds four pushes of 15 KB and their rows.
      expect(statuses).toEqual([202, 202, 202, 202, 429, 429, 429, 429, 429, 429]);
      const refusal = expectRefusal(await pushEvent(capped, '100.64.0.99'));
      expect(refusal.message).toBe('The marketing service is busy. Try again later.');
      expect((await stored()).rows - before.rows).toBe(4);
    } finally {
      await capped.close();
    }
  });

  it('refuses a body over 16 KB and a device time outside 2000–2100 with the spec error body', async () => {
    const big = await pushEvent(
      app,
      '192.0.2.80',
      Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p${i}`, 'x'.repeat(500)])),
    );
    expect(big.statusCode).toBe(413);
    expect(errorBodySchema.parse(big.json()).data.http_status_code).toBe(413);
    for (const occurred_at of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/marketing/web_engage/events/push/',
        remoteAddress: '192.0.2.80',
        payload: { event_name: 'purchase', occurred_at },
      });
      expect(res.statusCode).toBe(400);
      expect(errorBodySchema.parse(res.json()).data.field).toBe('occurred_at');
    }
    const emptyKey = await pushEvent(app, '192.0.2.80', { '': 'x' });
    expect(emptyKey.statusCode).toBe(400);
  });
});

describe('notify-me limits', () => {
  const notifyMe = async (a: App, ip: string, email: string) => {
    const [pkg] = await shop.db
      .select({ id: schema.packages.id })
      .from(schema.packages)
      .where(eq(schema.packages.packageCode, 'CLUB_EDITION'));
    return a.inject({
      method: 'POST',
      url: `/api/commerce/packages/${pkg?.id}/notify_me/v1/`,
      remoteAddress: ip,
      payload: { email },
    });
  };
  const requests = async () =>
    (await shop.db.select({ n: count() }).from(schema.notifyMeRequests))[0]?.n ?? 0;

  it('takes 20 requests an hour from one address, then answers 429 and stores nothing more', async () => {
    const before = await requests();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      statuses.push((await notifyMe(app, '203.0.113.20', `fan${i}@example.com`)).statusCode);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    const refusal = expectRefusal(await notifyMe(app, '203.0.113.20', 'late@example.com'));
    expect(refusal.message).toBe('Too many requests were sent from this network. Try again later.');
    expect((await requests()) - before).toBe(20);
    expect((await notifyMe(app, '203.0.113.21', 'other@example.com')).statusCode).toBe(201);
  });

  it('caps the requests of every address together, and refuses a big body', async () => {
    const capped = shop.build({ now, config: { NOTIFY_ME_LIMIT_PER_HOUR: 3 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        statuses.push((await notifyMe(capped, `100.64.1.${i + 1}`, `crowd${i}@example.com`)).statusCode);
      }
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      const big = await notifyMe(capped, '100.64.1.50', `${'a'.repeat(5000)}@example.com`);
      expect(big.statusCode).toBe(413);
    } finally {
      await capped.close();
    }
  });
});
