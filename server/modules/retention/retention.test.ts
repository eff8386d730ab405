import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import {
  associateCodeViews,
  formSubmissions,
  marketingEvents,
  notifyMeRequests,
  packages,
} from '../../db/schema';
import { signInWithPhone, type TestApp, testApp } from '../../testing';

const DAY_MS = 86_400_000;
const NOW = new Date('2031-05-20T10:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

let shop: TestApp;
let packageId: number;

beforeAll(async () => {
  shop = await testApp({
    now: () => NOW,
    config: { RETENTION_DAYS: 90, OTP_TEST_NUMBERS: new Map([['+919876543210', '123456']]) },
  });
  const [pkg] = await shop.db.select({ id: packages.id }).from(packages).limit(1);
  if (!pkg) throw new Error('the seed has no package');
  packageId = pkg.id;
});

afterAll(async () => {
  await shop.close();
});

/** One row of each kind stamped `days` before NOW, told apart by `tag`. */
async function storeAnonymousWrites(tag: string, days: number): Promise<void> {
  const at = daysAgo(days);
  await shop.db.insert(marketingEvents).values({
    kind: 'event',
    name: tag,
    data: {},
    occurredAt: at,
    receivedAt: at,
  });
  await shop.db.insert(notifyMeRequests).values({
    packageId,
    email: `${tag}@example.com`,
    countryCode: 'IN',
    createdAt: at,
  });
  await shop.db.insert(formSubmissions).values({ formId: 'get_invite', data: { tag }, createdAt: at });
  await shop.db
    .insert(associateCodeViews)
    .values({ associateCode: 'CLUB-RAHUL', visitId: tag, createdAt: at });
}

async function storedTags() {
  const events = await shop.db.select({ tag: marketingEvents.name }).from(marketingEvents);
  const notifyMe = await shop.db.select({ email: notifyMeRequests.email }).from(notifyMeRequests);
  const forms = await shop.db.select({ data: formSubmissions.data }).from(formSubmissions);
  const views = await shop.db.select({ visitor: associateCodeViews.visitId }).from(associateCodeViews);
  return {
    views: views.map((row) => row.visitor).sort(),
    events: events.map((row) => row.tag).sort(),
    notifyMe: notifyMe.map((row) => row.email?.split('@')[0]).sort(),
    forms: forms.map((row) => row.data.tag).sort(),
  };
}

describe('retention', () => {
  it('deletes anonymous writes older than RETENTION_DAYS in one sweep and keeps the newer ones', async () => {
    await storeAnonymousWrites('old', 91);
    await storeAnonymousWrites('fresh', 89);
    await storeAnonymousWrites('today', 0);

    const result = await shop.app.retention.sweep();

    expect(result).toMatchObject({
      marketingEvents: 1,
      notifyMeRequests: 1,
      formSubmissions: 1,
      referralViews: 1,
    });
    const kept = ['fresh', 'today'];
    expect(await storedTags()).toMatchObject({ events: kept, notifyMe: kept, forms: kept, views: kept });
  });

  it('sweeps on its own every RETENTION_SWEEP_MS once the app is ready', async () => {
    await storeAnonymousWrites('stale', 120);
    const swept: App = shop.build({
      now: () => NOW,
      config: { RETENTION_DAYS: 90, RETENTION_SWEEP_MS: 100 },
    });
    await swept.ready();
    try {
      await vi.waitFor(
        async () => {
          const tags = await storedTags();
          expect([...tags.events, ...tags.notifyMe, ...tags.forms, ...tags.views]).not.toContain('stale');
        },
        { timeout: 5000, interval: 50 },
      );
    } finally {
      await swept.close();
    }
    expect((await storedTags()).events).toEqual(['fresh', 'today']);
  });

  it('stamps a marketing push and a notify-me request with the shop clock, not the device’s', async () => {
    const pushed = await shop.app.inject({
      method: 'POST',
      url: '/api/marketing/web_engage/events/push/',
      payload: { event_name: 'order_created', event_data: {}, occurred_at: '2020-01-01T00:00:00Z' },
    });
    expect(pushed.statusCode).toBeLessThan(300);
    const asked = await shop.app.inject({
      method: 'POST',
      url: `/api/commerce/packages/${packageId}/notify_me/v1/`,
      payload: { email: 'clocked@example.com', country_name_enum: 'IN' },
    });
    expect(asked.statusCode).toBeLessThan(300);

    const [event] = (await shop.db.select().from(marketingEvents)).filter((r) => r.name === 'order_created');
    const [request] = (await shop.db.select().from(notifyMeRequests)).filter(
      (r) => r.email === 'clocked@example.com',
    );
    expect(event?.receivedAt.toISOString()).toBe(NOW.toISOString());
    expect(request?.createdAt.toISOString()).toBe(NOW.toISOString());
  });

  it('sweeps the user and anonymous user pushes with the events, by when the shop received them', async () => {
    const { token } = await signInWithPhone(shop.app, { phone_number: '9876543210', country_code: '+91' });
    for (const [url, id] of [
      ['/api/marketing/web_engage/users/push/', 'swept-user'],
      ['/api/marketing/web_engage/users/anonymous/push/', 'swept-anonymous'],
    ] as const) {
      const res = await shop.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}` },
        payload: { anonymous_id: id, attributes: { email: `${id}@example.com` } },
      });
      expect(res.statusCode).toBe(202);
    }
    const identities = async () =>
      (await shop.db.select().from(marketingEvents))
        .filter((row) => row.kind !== 'event')
        .map((row) => row.anonymousId)
        .sort();

    const dayBefore = shop.build({ now: () => new Date(NOW.getTime() + 90 * DAY_MS - 1000) });
    await dayBefore.ready();
    try {
      await dayBefore.retention.sweep();
    } finally {
      await dayBefore.close();
    }
    expect(await identities()).toEqual(['swept-anonymous', 'swept-user']);

    const later = shop.build({ now: () => new Date(NOW.getTime() + 91 * DAY_MS) });
    await later.ready();
    try {
      expect((await later.retention.sweep()).marketingEvents).toBeGreaterThanOrEqual(2);
    } finally {
      await later.close();
    }
    expect(await identities()).toEqual([]);
  });
});
