import type { PackageWithEstimate } from '@contract/catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orders, products } from '../../db/schema';
import { describeOnPostgres, type TestApp, testApp } from '../../testing';
import {
  type Buyer,
  createOrder,
  loadCatalogue,
  orderBody,
  signIn,
  testNumbers,
  wholePackage,
} from './testing';

/*
 * What concurrent buyers do to rows, on PostgreSQL with real parallel connections (PGlite has one connection, so it
 * cannot show it): npm test's PostgreSQL run (TEST_DATABASE_URL).
 */

describeOnPostgres('orders under concurrency (PostgreSQL)', () => {
  const NOW = new Date('2026-06-01T10:00:00+05:30');
  let shop: TestApp;
  let solo: PackageWithEstimate;
  let buyer: Buyer;
  /** A buyer's new order replaces their unpaid one for the same items: concurrent orders come from many buyers. */
  let crowd: Buyer[];

  beforeAll(async () => {
    shop = await testApp({
      now: () => NOW,
      // Every request comes from one address here: its limits are not under test.
      config: {
        OTP_TEST_NUMBERS: testNumbers(31),
        OTP_IP_LIMIT_PER_HOUR: 1000,
        OTP_NETWORK_LIMIT_PER_HOUR: 1000,
        ACCESS_TOKEN_TTL_SECONDS: 86_400,
        ORDER_CREATE_IP_LIMIT_PER_HOUR: 1000,
      },
    });
    solo = (await loadCatalogue(shop.app, ['SOLO'])).get('SOLO') as PackageWithEstimate;
    buyer = await signIn(shop.app, 1);
    crowd = [];
    for (let n = 2; n <= 31; n += 1) crowd.push(await signIn(shop.app, n));
  }, 60_000);

  const member = (i: number) => crowd[i] as Buyer;

  afterAll(async () => {
    await shop?.close();
  });

  async function stock(code: string) {
    const [row] = await shop.db.select().from(products).where(eq(products.productCode, code));
    return row?.availableQuantity ?? -1;
  }

  it('50 concurrent identical creates with one key make one order and one provider payment', async () => {
    const before = await stock('IBC_VR_HEADSET');
    const body = orderBody(buyer, [wholePackage(solo)]);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => createOrder(shop.app, buyer, body, 'one-key-for-fifty')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.every((s) => s === 200),
      JSON.stringify(answers.find((a) => a.statusCode !== 200)?.body),
    ).toBe(true);
    const ids = new Set(answers.map((a) => a.json().order_id));
    const providerOrders = new Set(answers.map((a) => a.json().payment_details.provider_order_id));
    expect(ids.size).toBe(1);
    expect(providerOrders.size).toBe(1);
    const rows = await shop.db.select().from(orders).where(eq(orders.userId, buyer.userId));
    expect(rows).toHaveLength(1);
    expect(await stock('IBC_VR_HEADSET')).toBe(before - 1);
  }, 60_000);

  it('concurrent orders taking the same products in either order all go through, each reserving its own units', async () => {
    const catalogue = await loadCatalogue(shop.app, ['SOLO', 'FAMILY', 'GAME_PLUS_BAT']);
    const [family, bundle] = [
      catalogue.get('FAMILY'),
      catalogue.get('GAME_PLUS_BAT'),
    ] as PackageWithEstimate[];
    const before = { headset: await stock('IBC_VR_HEADSET'), bat: await stock('IBC_TRACKED_BAT') };
    const bodies = (as: Buyer) => [
      orderBody(as, [wholePackage(solo), wholePackage(bundle as PackageWithEstimate)]),
      orderBody(as, [
        wholePackage(bundle as PackageWithEstimate),
        wholePackage(family as PackageWithEstimate),
      ]),
    ];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        createOrder(shop.app, member(i), bodies(member(i))[i % 2], `either-order-${i}`),
      ),
    );
    expect(
      answers.every((a) => a.statusCode === 200),
      answers.map((a) => a.body).join('\n'),
    ).toBe(true);
    const idOf = async (code: string) =>
      (await shop.db.select().from(products).where(eq(products.productCode, code)))[0]?.id;
    const [headsetId, batId] = [await idOf('IBC_VR_HEADSET'), await idOf('IBC_TRACKED_BAT')];
    const ids = new Set(answers.map((a) => a.json().order_id as string));
    const lines = (await shop.db.select().from(orders))
      .filter((r) => ids.has(r.id))
      .flatMap((r) => r.reservation);
    const reserved = {
      headset: lines.filter((l) => l.product_id === headsetId).reduce((n, l) => n + l.quantity, 0),
      bat: lines.filter((l) => l.product_id === batId).reduce((n, l) => n + l.quantity, 0),
    };
    expect(reserved.headset).toBeGreaterThan(0);
    expect(await stock('IBC_VR_HEADSET')).toBe(before.headset - reserved.headset);
    expect(await stock('IBC_TRACKED_BAT')).toBe(before.bat - reserved.bat);
  }, 60_000);

  it('concurrent orders for the last N units sell exactly N', async () => {
    const N = 5;
    // The crowd's earlier orders go first, so only the N units are left to sell.
    const open = await shop.db
      .select({ id: orders.id, userId: orders.userId })
      .from(orders)
      .where(eq(orders.status, 'CREATED'));
    for (const row of open) {
      const owner = [buyer, ...crowd].find((b) => b.userId === row.userId) as Buyer;
      await shop.app.inject({
        method: 'GET',
        url: `/api/commerce/order/${row.id}/cancel/v1/`,
        headers: { authorization: `Bearer ${owner.token}` },
      });
    }
    await shop.db
      .update(products)
      .set({ availableQuantity: N })
      .where(eq(products.productCode, 'IBC_VR_HEADSET'));
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        createOrder(shop.app, member(i), orderBody(member(i), [wholePackage(solo)]), `last-units-${i}`),
      ),
    );
    const sold = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(sold).toHaveLength(N);
    expect(
      refused.every((a) => a.statusCode === 409),
      refused.map((a) => a.body).join('\n'),
    ).toBe(true);
    expect(await stock('IBC_VR_HEADSET')).toBe(0);
  }, 60_000);
});
