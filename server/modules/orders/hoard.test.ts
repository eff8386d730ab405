import type { PackageWithEstimate } from '@contract/catalogue';
import { errorBodySchema } from '@contract/common';
import type { OrderCreateRequest } from '@contract/orders';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adBookingDevices, adBookings, orders, products } from '../../db/schema';
import { describeOnPostgres, type TestApp, testApp } from '../../testing';
import {
  type Buyer,
  CREATE_MULTI,
  createOrder,
  get,
  loadCatalogue,
  orderBody,
  signIn,
  testNumbers,
  wholePackage,
} from './testing';

/*
 * No hoarding: what one order may take, what one buyer's unpaid orders may hold at once, how fast orders come from
 * one account and one address, and a new order replacing the buyer's unpaid one for the same items.
 */

const ARENA = 'IBC Cricket Arena, Lower Parel, Mumbai';
const MALL = 'IBC Experience Zone, Koramangala, Bengaluru';
const ARENA_BAYS = ['MUM-ARENA-BAY-1', 'MUM-ARENA-BAY-2', 'MUM-ARENA-BAY-3'];
const MALL_SCREENS = ['BLR-MALL-1', 'BLR-MALL-2', 'BLR-MALL-3'];
const OPEN = ['CREATED', 'PENDING', 'FAILED'] as const;

let START = new Date('2026-12-01T10:00:00+05:30');
let clock = START;
let keys = 0;
const newKey = () => `hoard-key-${++keys}`;

function refused(response: { statusCode: number; json(): unknown; body: string }, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  const body = errorBodySchema.parse(response.json());
  expect(body.data.http_status_code).toBe(status);
  return body.data;
}

function accepted(response: { statusCode: number; json(): unknown; body: string }) {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { order_id: string; order_status: string };
}

/** The shop's helpers over one test app. */
function shopOf(shop: () => TestApp, catalogue: () => Map<string, PackageWithEstimate>) {
  const pkg = (code: string) => {
    const found = catalogue().get(code);
    if (!found) throw new Error(`no ${code}`);
    return found;
  };
  const productId = (code: string) => {
    for (const p of catalogue().values()) {
      const found = p.products.find((product) => product.product_code === code);
      if (found) return found.product_id;
    }
    throw new Error(`no ${code}`);
  };
  return {
    pkg,
    productId,
    /** Units of the BAT package's grip and cover. */
    batParts: (grip: number, cover: number) => ({
      package_id: pkg('BAT').package_id,
      products: [
        ...(grip > 0 ? [{ product_id: productId('IBC_BAT_GRIP'), quantity: grip }] : []),
        ...(cover > 0 ? [{ product_id: productId('IBC_BAT_COVER'), quantity: cover }] : []),
      ],
    }),
    stock: async (code: string) => {
      const [row] = await shop().db.select().from(products).where(eq(products.productCode, code));
      return row?.availableQuantity ?? -1;
    },
    setStock: async (code: string, quantity: number) => {
      await shop()
        .db.update(products)
        .set({ availableQuantity: quantity })
        .where(eq(products.productCode, code));
    },
    /** The buyer's unpaid orders and the units they hold. */
    unpaid: async (buyer: Buyer) => {
      const rows = await shop()
        .db.select()
        .from(orders)
        .where(and(eq(orders.userId, buyer.userId), inArray(orders.status, [...OPEN])));
      const units = rows.flatMap((r) => r.reservation).reduce((sum, line) => sum + line.quantity, 0);
      return { ids: rows.map((r) => r.id), units };
    },
    statusOf: async (buyer: Buyer, orderId: string) =>
      (await get(shop().app, buyer, `/api/commerce/order/${orderId}/status/v1/`)).json().order_status,
  };
}

describe('no hoarding', () => {
  let shop: TestApp;
  let catalogue: Map<string, PackageWithEstimate>;
  let buyers: Buyer[];
  const { pkg, batParts, stock, setStock, unpaid, statusOf } = shopOf(
    () => shop,
    () => catalogue,
  );
  const buyer = (n: number) => buyers[n - 1] as Buyer;
  const order = (as: Buyer, body: OrderCreateRequest, ip?: string, key = newKey()) =>
    ip === undefined
      ? createOrder(shop.app, as, body, key)
      : shop.app.inject({
          method: 'POST',
          url: CREATE_MULTI,
          payload: body,
          remoteAddress: ip,
          headers: { authorization: `Bearer ${as.token}`, 'idempotency-key': key },
        });

  beforeAll(async () => {
    shop = await testApp({
      now: () => clock,
      config: {
        OTP_TEST_NUMBERS: testNumbers(6),
        ACCESS_TOKEN_TTL_SECONDS: 86_400 * 60,
        ORDER_CREATE_LIMIT_PER_HOUR: 12,
        ORDER_CREATE_IP_LIMIT_PER_HOUR: 15,
      },
    });
    catalogue = await loadCatalogue(shop.app, [
      'SOLO',
      'GAME_1_PROFILE',
      'GAME_PLUS_BAT',
      'BAT',
      'AD_MUMBAI_ARENA',
      'AD_BENGALURU_MALL',
    ]);
    buyers = [];
    for (let n = 1; n <= 6; n += 1) buyers.push(await signIn(shop.app, n));
  }, 60_000);

  afterAll(async () => {
    await shop?.close();
  });

  // Each test starts a day later (a fresh rate window), with every earlier unpaid order expired.
  beforeEach(async () => {
    START = new Date(START.getTime() + 86_400_000);
    clock = START;
    await shop.app.orders.expireDue(1000);
  });

  it('one unpaid order cannot hold all 120 headsets: a product is taken at most its maximum per order', async () => {
    const before = await stock('IBC_VR_HEADSET');
    expect(before).toBe(120);
    const all = await order(buyer(1), orderBody(buyer(1), [wholePackage(pkg('SOLO'), 120)]));
    const error = refused(all, 400);
    const headsetLine = pkg('SOLO').products.findIndex((p) => p.product_code === 'IBC_VR_HEADSET');
    expect(error.field).toBe(`packages.0.products.${headsetLine}.quantity`);
    expect(error.message).toBe('Order at most 10 of IBC VR headset at a time: lower the quantity');
    refused(await order(buyer(1), orderBody(buyer(1), [wholePackage(pkg('SOLO'), 11)])), 400);
    expect(await stock('IBC_VR_HEADSET')).toBe(120);

    // The catalogue's own maximum wins over the default: 5 designed bats, 20 grips.
    const grips = await order(buyer(1), orderBody(buyer(1), [batParts(21, 0)]));
    expect(refused(grips, 400).message).toBe('Order at most 20 of Bat grip at a time: lower the quantity');

    accepted(await order(buyer(1), orderBody(buyer(1), [wholePackage(pkg('SOLO'), 10)])));
    expect(await stock('IBC_VR_HEADSET')).toBe(110);
  });

  it("one buyer's unpaid orders hold at most 20 units; another buyer still buys", async () => {
    const a = buyer(2);
    accepted(await order(a, orderBody(a, [wholePackage(pkg('SOLO'), 5)]))); // 5 headsets + 5 bats
    accepted(await order(a, orderBody(a, [batParts(10, 0)]))); // 10 grips
    expect((await unpaid(a)).units).toBe(20);
    const over = refused(await order(a, orderBody(a, [batParts(0, 1)])), 409);
    expect(over.message).toBe(
      'You already have unpaid orders holding 20 units, and one buyer may hold 20. Pay for or cancel them first.',
    );
    expect((await unpaid(a)).units).toBe(20);

    const b = buyer(3);
    accepted(await order(b, orderBody(b, [wholePackage(pkg('SOLO'), 2), batParts(0, 1)])));

    // Cancelling one of them makes room again.
    const [first] = (await unpaid(a)).ids;
    await get(shop.app, a, `/api/commerce/order/${first}/cancel/v1/`);
    accepted(await order(a, orderBody(a, [batParts(0, 1)])));
  });

  it('a buyer creating order after order for everything never holds more than the cap, and the next buyer buys', async () => {
    const before = await stock('IBC_VR_HEADSET');
    const hoarder = buyer(4);
    const answers = [];
    for (let i = 0; i < 15; i += 1) {
      answers.push(await order(hoarder, orderBody(hoarder, [wholePackage(pkg('SOLO'), 10)])));
    }
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(12);
    expect(answers.slice(12).every((a) => a.statusCode === 429)).toBe(true);
    const held = await unpaid(hoarder);
    expect(held.ids).toHaveLength(1);
    expect(await stock('IBC_VR_HEADSET')).toBe(before - 10);
    const next = buyer(5);
    accepted(await order(next, orderBody(next, [wholePackage(pkg('SOLO'), 10)])));
    expect(await stock('IBC_VR_HEADSET')).toBe(before - 20);
  });

  it("a new order for the same items cancels the buyer's older unpaid one, and its stock comes back exactly", async () => {
    const a = buyer(1);
    const before = { headset: await stock('IBC_VR_HEADSET'), bat: await stock('IBC_TRACKED_BAT') };
    const older = accepted(await order(a, orderBody(a, [wholePackage(pkg('SOLO'), 2)])));
    expect(await stock('IBC_VR_HEADSET')).toBe(before.headset - 2);
    const newer = accepted(await order(a, orderBody(a, [wholePackage(pkg('SOLO'), 3)])));
    expect(await statusOf(a, older.order_id)).toBe('CANCELLED');
    expect(await statusOf(a, newer.order_id)).toBe('CREATED');
    expect(await stock('IBC_VR_HEADSET')).toBe(before.headset - 3);
    expect(await stock('IBC_TRACKED_BAT')).toBe(before.bat - 3);

    // Sharing one product is enough (the bat); an order for other items leaves it alone.
    const bundle = accepted(await order(a, orderBody(a, [wholePackage(pkg('GAME_PLUS_BAT'))])));
    expect(await statusOf(a, newer.order_id)).toBe('CANCELLED');
    const grips = accepted(await order(a, orderBody(a, [batParts(2, 0)])));
    expect(await statusOf(a, bundle.order_id)).toBe('CREATED');
    expect((await unpaid(a)).ids.sort()).toEqual([bundle.order_id, grips.order_id].sort());
    expect(await stock('IBC_VR_HEADSET')).toBe(before.headset);
    expect(await stock('IBC_TRACKED_BAT')).toBe(before.bat - 1);
    // Another buyer's order is never touched.
    const b = buyer(2);
    accepted(await order(b, orderBody(b, [wholePackage(pkg('GAME_PLUS_BAT'))])));
    expect(await statusOf(a, bundle.order_id)).toBe('CREATED');
  });

  it('paying again after a failed payment replaces the failed order (spec §4 step 6), giving its stock back', async () => {
    const a = buyer(4);
    const before = await stock('IBC_VR_HEADSET');
    const failed = (await order(a, orderBody(a, [wholePackage(pkg('SOLO'))]))).json();
    const details = failed.payment_details;
    const chose = await shop.app.inject({
      method: 'POST',
      url: '/pay/sandbox/api/choose',
      payload: {
        provider_order_id: details.provider_order_id,
        choice: 'failure',
        token: details.checkout_token,
      },
    });
    expect(chose.statusCode, chose.body).toBe(200);
    expect(await statusOf(a, failed.order_id)).toBe('FAILED');
    const again = accepted(await order(a, orderBody(a, [wholePackage(pkg('SOLO'))])));
    expect(await statusOf(a, failed.order_id)).toBe('CANCELLED');
    expect(await statusOf(a, again.order_id)).toBe('CREATED');
    expect(await stock('IBC_VR_HEADSET')).toBe(before - 1);
  });

  it("the buyer's own hold on the last unit never blocks their new order for it", async () => {
    const a = buyer(3);
    const before = await stock('IBC_VR_HEADSET');
    await setStock('IBC_VR_HEADSET', 1);
    try {
      const older = accepted(await order(a, orderBody(a, [wholePackage(pkg('SOLO'))])));
      expect(await stock('IBC_VR_HEADSET')).toBe(0);
      const again = accepted(await order(a, orderBody(a, [wholePackage(pkg('SOLO'))])));
      expect(await statusOf(a, older.order_id)).toBe('CANCELLED');
      expect(await statusOf(a, again.order_id)).toBe('CREATED');
      expect(await stock('IBC_VR_HEADSET')).toBe(0);
    } finally {
      await setStock('IBC_VR_HEADSET', before);
    }
  });

  it('the creation rate: the 13th order of an account in an hour is 429 with Retry-After; replays do not count', async () => {
    const a = buyer(6);
    const body = orderBody(a, [wholePackage(pkg('GAME_1_PROFILE'))], { shipping_details: null });
    let lastKey = '';
    for (let i = 0; i < 12; i += 1) {
      lastKey = newKey();
      accepted(await order(a, body, undefined, lastKey));
    }
    const replay = accepted(await order(a, body, undefined, lastKey));
    accepted(await order(a, body, undefined, lastKey));
    const thirteenth = await order(a, body);
    const error = refused(thirteenth, 429);
    // 10:00 local is 04:30 UTC: the hour's window ends at 05:00 UTC.
    expect(thirteenth.headers['retry-after']).toBe('1800');
    expect(error.time_in_seconds).toBe(1800);
    expect(error.message).toBe('You have placed too many orders this hour. Try again in 30 minutes.');
    // Refused, it cancelled nothing.
    expect(await statusOf(a, replay.order_id)).toBe('CREATED');
    clock = new Date(START.getTime() + 1800_000);
    accepted(await order(a, body));
  });

  it('the creation rate per address: one network cannot place more than its hourly orders over many accounts', async () => {
    const ip = '203.0.113.7';
    const game = (as: Buyer) =>
      orderBody(as, [wholePackage(pkg('GAME_1_PROFILE'))], { shipping_details: null });
    for (const [n, times] of [
      [1, 8],
      [2, 7],
    ] as const) {
      for (let i = 0; i < times; i += 1) accepted(await order(buyer(n), game(buyer(n)), ip));
    }
    const refusedHere = refused(await order(buyer(3), game(buyer(3)), ip), 429);
    expect(refusedHere.message).toBe(
      'Too many orders were placed from your network this hour. Try again in 30 minutes.',
    );
    accepted(await order(buyer(3), game(buyer(3)), '198.51.100.9'));
  });

  describe('ad screen-days', () => {
    const adOrder = (as: Buyer, venue: 'arena' | 'mall', devices: number, first: string, last: string) => {
      const p = pkg(venue === 'arena' ? 'AD_MUMBAI_ARENA' : 'AD_BENGALURU_MALL');
      const days = (Date.parse(last) - Date.parse(first)) / 86_400_000 + 1;
      const codes = (venue === 'arena' ? ARENA_BAYS : MALL_SCREENS).slice(0, devices);
      return orderBody(
        as,
        [
          {
            package_id: p.package_id,
            products: [{ product_id: p.products[0]?.product_id ?? 0, quantity: days * devices }],
          },
        ],
        {
          shipping_details: null,
          ad_event_order_details: {
            ad_config_id: p.ad_details?.ad_config_id ?? 0,
            venue: venue === 'arena' ? ARENA : MALL,
            device_codes: codes,
            datetime_range: { from_datetime: `${first} 00:00:00`, to_datetime: `${last} 23:59:59` },
          },
        },
      );
    };
    /** Screen-days (devices × days) the buyer's unpaid ad orders hold. */
    const heldScreenDays = async (as: Buyer) => {
      const rows = await shop.db
        .select({ days: adBookings.days })
        .from(adBookings)
        .innerJoin(orders, eq(orders.id, adBookings.orderId))
        .innerJoin(adBookingDevices, eq(adBookingDevices.bookingId, adBookings.id))
        .where(and(eq(orders.userId, as.userId), inArray(orders.status, [...OPEN])));
      return rows.reduce((sum, row) => sum + row.days, 0);
    };
    const day = (offset: number) =>
      new Date(START.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

    it('8 unpaid ad orders can no longer hold 642 screen-days: one buyer holds at most 300, and 900 a day', async () => {
      const a = buyer(5);
      // All three screens of a venue for 90 days: 270 screen-days.
      accepted(await order(a, adOrder(a, 'arena', 3, day(1), day(90))));
      const tooMuch = refused(await order(a, adOrder(a, 'mall', 3, day(1), day(90))), 409);
      expect(tooMuch.message).toBe(
        'Your unpaid ad orders already hold 270 screen-days (devices × days), and one buyer may hold 300. Pay for or cancel them first.',
      );
      expect(tooMuch.field).toBe('ad_event_order_details.device_codes');
      accepted(await order(a, adOrder(a, 'mall', 3, day(1), day(10))));
      expect(await heldScreenDays(a)).toBe(300);

      // Eight more orders at the arena, each replacing the last: the buyer never holds more than the cap.
      for (let i = 0; i < 8; i += 1) {
        accepted(await order(a, adOrder(a, 'arena', 3, day(1 + i * 25), day(25 + i * 25))));
        expect(await heldScreenDays(a)).toBe(30 + 75);
      }
      // 270 + 30 + 8 × 75 = 900 screen-days put on hold today: a hold cannot be renewed all day long.
      const renewed = await order(a, adOrder(a, 'arena', 1, day(1), day(1)));
      const error = refused(renewed, 429);
      expect(Number(renewed.headers['retry-after'])).toBeGreaterThan(0);
      expect(error.message).toMatch(/^You have put 900 ad screen-days on hold today/);
      // Another buyer books the days the first one let go.
      accepted(await order(buyer(6), adOrder(buyer(6), 'arena', 3, day(1), day(30))));
    });
  });
});

describeOnPostgres('no hoarding under concurrency (PostgreSQL)', () => {
  let shop: TestApp;
  let catalogue: Map<string, PackageWithEstimate>;
  let hoarder: Buyer;
  let other: Buyer;
  const { pkg, batParts, stock, unpaid } = shopOf(
    () => shop,
    () => catalogue,
  );

  beforeAll(async () => {
    shop = await testApp({
      now: () => START,
      config: { OTP_TEST_NUMBERS: testNumbers(2), ACCESS_TOKEN_TTL_SECONDS: 86_400 },
    });
    catalogue = await loadCatalogue(shop.app, ['SOLO', 'BAT']);
    hoarder = await signIn(shop.app, 1);
    other = await signIn(shop.app, 2);
  }, 60_000);

  afterAll(async () => {
    await shop?.close();
  });

  it('one buyer firing 30 orders at once for 10 headsets each holds one order, and another buyer buys', async () => {
    const before = await stock('IBC_VR_HEADSET');
    const body = orderBody(hoarder, [wholePackage(pkg('SOLO'), 10)]);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => createOrder(shop.app, hoarder, body, `hoard-at-once-${i}`)),
    );
    expect(answers.every((a) => [200, 409, 429].includes(a.statusCode))).toBe(true);
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThan(0);
    const held = await unpaid(hoarder);
    expect(held.ids).toHaveLength(1);
    expect(held.units).toBe(20);
    expect(await stock('IBC_VR_HEADSET')).toBe(before - 10);
    const bought = await createOrder(
      shop.app,
      other,
      orderBody(other, [wholePackage(pkg('SOLO'), 10)]),
      'other-buyer-1',
    );
    expect(bought.statusCode, bought.body).toBe(200);
  }, 60_000);

  it("concurrent orders of one buyer for different items never hold more than the buyer's cap", async () => {
    for (const id of (await unpaid(other)).ids)
      await get(shop.app, other, `/api/commerce/order/${id}/cancel/v1/`);
    const codes = ['IBC_BAT_GRIP', 'IBC_BAT_COVER', 'IBC_VR_HEADSET', 'IBC_TRACKED_BAT'];
    const before = await Promise.all(codes.map(stock));
    const bodies = [
      orderBody(other, [batParts(10, 0)]),
      orderBody(other, [batParts(0, 10)]),
      orderBody(other, [wholePackage(pkg('SOLO'), 5)]),
    ];
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, i) => createOrder(shop.app, other, bodies[i % 3], `different-${i}`)),
    );
    expect(answers.every((a) => [200, 409, 429].includes(a.statusCode))).toBe(true);
    const held = (await unpaid(other)).units;
    expect(held).toBeGreaterThanOrEqual(10);
    expect(held).toBeLessThanOrEqual(20);
    const after = await Promise.all(codes.map(stock));
    expect(before.reduce((a, b) => a + b, 0) - after.reduce((a, b) => a + b, 0)).toBe(held);
  }, 60_000);
});
