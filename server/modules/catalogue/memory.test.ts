import { packageResponseSchema } from '@contract/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { fakeStaticDir, type TestApp, testApp } from '../../testing';
import { CATALOGUE_VERSION_POLL_MS } from './version';

const TOKEN = 'test-operator-token-memory';

let shop: TestApp;
let other: App;

/** The SQL this process sent since `since`, as text. */
const sqlSince = (since: number) => shop.queries.slice(since);

const batGrip = async (app: App) => {
  const res = await app.inject({ method: 'GET', url: '/api/commerce/packages/9/v1/' });
  expect(res.statusCode, res.body).toBe(200);
  return packageResponseSchema
    .parse(res.json())
    .package.products.find((p) => p.product_code === 'IBC_BAT_GRIP')?.taxable_amount;
};

const setGripPrice = async (amount: number) => {
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/commerce/admin/catalogue/price/v1/',
    headers: { authorization: `Bearer ${TOKEN}` },
    payload: { product_code: 'IBC_BAT_GRIP', currency: 'INR', amount },
  });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  // Only the background polls are driven by hand; the database keeps its real timers.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  shop = await testApp({ config: { STATIC_DIR: fakeStaticDir() }, operatorToken: TOKEN });
  // A second API process on the same database.
  other = shop.build({ config: { STATIC_DIR: fakeStaticDir() } });
  await other.ready();
});

afterAll(async () => {
  await other.close();
  await shop.close();
  vi.useRealTimers();
});

describe('catalogue reads from memory', () => {
  it('answers repeated package, price list, availability and payment reads without a catalogue query', async () => {
    const reads = [
      { method: 'GET', url: '/api/commerce/packages/1/v1/' },
      { method: 'GET', url: '/api/commerce/packages/1/v1/?country_name_enum=US' },
      {
        method: 'GET',
        url: '/api/commerce/packages/available/price_estimate/v1/?package_codes=SOLO,FAMILY&country_name_enum=IN',
      },
      { method: 'POST', url: '/api/commerce/packages/available/v1/', payload: { country_name_enum: 'IN' } },
      { method: 'GET', url: '/config/packagesAvailabilityConfig.json' },
      {
        method: 'POST',
        url: '/api/invoicing/packages/payment_services/v1/',
        payload: { package_codes: ['SOLO'], country_name_enum: 'IN' },
      },
    ] as const;
    const first = await Promise.all(reads.map((read) => shop.app.inject(read)));
    for (const res of first) expect(res.statusCode, res.body).toBe(200);
    const since = shop.queries.length;
    for (let round = 0; round < 5; round += 1) {
      const again = await Promise.all(reads.map((read) => shop.app.inject(read)));
      // The same answers, byte for byte, with their headers.
      again.forEach((res, i) => {
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(first[i]?.body);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.headers['cache-control']).toBe(first[i]?.headers['cache-control']);
      });
    }
    expect(sqlSince(since)).toEqual([]);
  });

  it('shows an operator change in the writing process at once, with one reload of the catalogue', async () => {
    const before = await batGrip(shop.app);
    const since = shop.queries.length;
    await setGripPrice(301);
    expect(await batGrip(shop.app)).toBe(301);
    expect(await batGrip(shop.app)).toBe(301);
    // One load of every package (a handful of queries) for the new version, then memory again.
    expect(sqlSince(since).filter((sql) => /from "packages"/.test(sql))).toHaveLength(1);
    await setGripPrice(before ?? 266.96);
  });

  it('shows it in another process on the same database after that process polls the version', async () => {
    const before = await batGrip(other);
    await setGripPrice(302);
    // The other process answers from its memory until it polls…
    expect(await batGrip(other)).toBe(before);
    vi.advanceTimersByTime(CATALOGUE_VERSION_POLL_MS);
    // …and then from the new catalogue.
    await vi.waitFor(async () => expect(await batGrip(other)).toBe(302));
    await setGripPrice(before ?? 266.96);
    vi.advanceTimersByTime(CATALOGUE_VERSION_POLL_MS);
    await vi.waitFor(async () => expect(await batGrip(other)).toBe(before));
  });
});

describe('coupons and referral codes from memory', () => {
  const soloPackage = async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/commerce/packages/1/v1/' });
    const pkg = packageResponseSchema.parse(res.json()).package;
    return {
      package_id: pkg.package_id,
      products: pkg.products.map((p) => ({ product_id: p.product_id, quantity: p.quantity })),
    };
  };
  const estimate = async (body: object) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/commerce/orders/price_estimate/multiple_packages/v1/',
      payload: body,
    });

  it('prices a coupon or a referral code without a query, unless a use limit has to be counted', async () => {
    const packages = [await soloPackage()];
    // WELCOME10 is limited per buyer only, and these estimates are anonymous.
    const bodies = [
      { packages, coupon_code: 'WELCOME10' },
      { packages, associate_code: 'CLUB-RAHUL' },
    ];
    for (const body of bodies) expect((await estimate(body)).statusCode).toBe(200);
    const since = shop.queries.length;
    const again = await Promise.all(bodies.map(estimate));
    for (const res of again) expect(res.statusCode, res.body).toBe(200);
    expect(sqlSince(since)).toEqual([]);
    // FLAT500 has an overall limit: its uses are counted, in one query.
    expect((await estimate({ packages, coupon_code: 'FLAT500' })).statusCode).toBe(200);
    expect(sqlSince(since)).toEqual([expect.stringMatching(/count\(\*\).*from "coupon_redemptions"/)]);
  });

  it('sees an operator’s SQL change to a coupon in every process after the poll (a trigger bumps the version)', async () => {
    const packages = [await soloPackage()];
    const flat = async (app: App) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/commerce/orders/price_estimate/multiple_packages/v1/',
        payload: { packages, coupon_code: 'FLAT500' },
      });
      return res.json() as { coupon_discount?: number; data?: { message: string } };
    };
    expect((await flat(other)).coupon_discount).toBe(500);
    await shop.db.execute(sql`update coupons set active = false where code = 'FLAT500'`);
    vi.advanceTimersByTime(CATALOGUE_VERSION_POLL_MS);
    await vi.waitFor(async () =>
      expect((await flat(other)).data?.message).toBe('This coupon code is not valid'),
    );
    await shop.db.execute(sql`update coupons set active = true where code = 'FLAT500'`);
    vi.advanceTimersByTime(CATALOGUE_VERSION_POLL_MS);
    await vi.waitFor(async () => expect((await flat(shop.app)).coupon_discount).toBe(500));
  });
});

describe('pages', () => {
  const renderOf = async (app: App) => {
    const res = await app.inject({ method: 'GET', url: '/about-us' });
    expect(res.statusCode).toBe(200);
    return /render (\d+)/.exec(res.body)?.[1];
  };

  it('are served from memory per catalogue version, without reading the version per request', async () => {
    const first = await renderOf(shop.app);
    const since = shop.queries.length;
    expect(await renderOf(shop.app)).toBe(first);
    expect(await renderOf(shop.app)).toBe(first);
    expect(sqlSince(since)).toEqual([]);
    // A price change renders the page afresh.
    await setGripPrice(303);
    expect(await renderOf(shop.app)).not.toBe(first);
    await setGripPrice(266.96);
  });
});
