import type { PackageWithEstimate } from '@contract/catalogue';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adBookingDevices, adDevices, orders } from '../../db/schema';
import { describeOnPostgres, type TestApp, testApp } from '../../testing';
import { type Buyer, createOrder, loadCatalogue, orderBody, signIn, testNumbers } from '../orders/testing';

/*
 * Buyers racing for one screen, on PostgreSQL with real parallel connections (PGlite has one connection, so it
 * cannot race): the exclusion constraint lets exactly one of them hold it.
 */

describeOnPostgres('ad bookings under concurrency (PostgreSQL)', () => {
  const NOW = new Date('2026-12-01T10:00:00+05:30');
  const DEVICE = 'MUM-ARENA-BAY-1';
  let shop: TestApp;
  let arena: PackageWithEstimate;
  let buyers: Buyer[];

  beforeAll(async () => {
    shop = await testApp({
      now: () => NOW,
      // Fifty buyers, each ordering once (a buyer's new order replaces their own unpaid one), from one address.
      config: {
        OTP_TEST_NUMBERS: testNumbers(50),
        ACCESS_TOKEN_TTL_SECONDS: 86_400,
        OTP_IP_LIMIT_PER_HOUR: 1000,
        OTP_NETWORK_LIMIT_PER_HOUR: 1000,
        ORDER_CREATE_IP_LIMIT_PER_HOUR: 1000,
      },
    });
    arena = (await loadCatalogue(shop.app, ['AD_MUMBAI_ARENA'])).get(
      'AD_MUMBAI_ARENA',
    ) as PackageWithEstimate;
    buyers = [];
    for (let n = 1; n <= 50; n += 1) buyers.push(await signIn(shop.app, n));
  }, 120_000);

  afterAll(async () => {
    await shop?.close();
  });

  it('50 concurrent orders for one device on overlapping days: one order, 49 refused with 409, one live booking row', async () => {
    const product = arena.products[0];
    if (!product || !arena.ad_details) throw new Error('the arena package is not an ad package');
    // 1–3, 2–4 and 3–5 March: every pair of these ranges shares a day.
    const bodies = [1, 2, 3].map(
      (first) => (buyer: Buyer) =>
        orderBody(
          buyer,
          [{ package_id: arena.package_id, products: [{ product_id: product.product_id, quantity: 3 }] }],
          {
            shipping_details: null,
            ad_event_order_details: {
              ad_config_id: arena.ad_details?.ad_config_id ?? 0,
              venue: arena.ad_details?.venue ?? '',
              device_codes: [DEVICE],
              datetime_range: {
                from_datetime: `2027-03-0${first} 00:00:00`,
                to_datetime: `2027-03-0${first + 2} 23:59:59`,
              },
            },
          },
        ),
    );
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const buyer = buyers[i % buyers.length] as Buyer;
        const body = bodies[i % bodies.length];
        return createOrder(shop.app, buyer, body?.(buyer), `ad-race-${i}`);
      }),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(
      statuses.filter((s) => s === 200),
      JSON.stringify(answers.find((a) => a.statusCode !== 409)?.body),
    ).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const refusal = answers.find((a) => a.statusCode === 409)?.json();
    expect(refusal.data.field).toBe('ad_event_order_details.device_codes');
    expect(refusal.data.message).toMatch(
      /^Arena bay 1 is already booked from \d+ Mar to \d+ Mar: choose other days or devices$/,
    );
    expect(await shop.db.select().from(orders)).toHaveLength(1);
    const live = await shop.db
      .select({ id: adBookingDevices.id })
      .from(adBookingDevices)
      .innerJoin(adDevices, eq(adDevices.id, adBookingDevices.deviceId))
      .where(and(eq(adDevices.deviceCode, DEVICE), isNull(adBookingDevices.releasedAt)));
    expect(live).toHaveLength(1);
  }, 120_000);
});
