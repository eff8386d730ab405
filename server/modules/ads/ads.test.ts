import { readFileSync } from 'node:fs';
import { AD_ASSET_MAX_BYTES, AD_MAX_DAYS } from '@contract/ads';
import type { PackageWithEstimate } from '@contract/catalogue';
import { errorBodySchema } from '@contract/common';
import type { OrderCreateRequest } from '@contract/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adBookings, orders } from '../../db/schema';
import { type TestApp, testApp } from '../../testing';
import {
  type Buyer,
  createOrder,
  get,
  loadCatalogue,
  orderBody,
  post,
  signIn,
  testNumbers,
} from '../orders/testing';

/*
 * Ad bookings on the API (spec §2 ad-booking summary, §3, §7): the slot calls, an ad order holding its screens in
 * its create transaction, lapses and cancels freeing them, payment booking them, and the order's creative.
 */

const PNG = readFileSync(new URL('../../../public/icons/icon-192.png', import.meta.url));
const INVOICING = '/api/invoicing';
const SLOTS = `${INVOICING}/get_available_slots_details_for_rental_package/v1/`;
const SLOT_DETAILS = `${INVOICING}/get_available_slot_details/v1/`;
const UPLOAD = `${INVOICING}/ad_assets/upload/v1/`;
const ADD_DETAILS = `${INVOICING}/add_event_orders_details/v1/`;
const VENUE = 'IBC Cricket Arena, Lower Parel, Mumbai';
const [BAY_1, BAY_2, BAY_3] = ['MUM-ARENA-BAY-1', 'MUM-ARENA-BAY-2', 'MUM-ARENA-BAY-3'];
/** 10:00 in Mumbai on 1 December 2026: the seeded venues take bookings from 2026-01-01 to two years after seeding. */
const NOW = new Date('2026-12-01T10:00:00+05:30');
const RESERVATION_MS = 31 * 60_000;

let clock = NOW;
let shop: TestApp;
let arena: PackageWithEstimate;
let buyer: Buyer;
let other: Buyer;
let keys = 0;
const newKey = () => `ads-key-${++keys}`;

beforeAll(async () => {
  shop = await testApp({
    now: () => clock,
    config: { OTP_TEST_NUMBERS: testNumbers(3), ACCESS_TOKEN_TTL_SECONDS: 86_400 * 60 },
  });
  arena = (await loadCatalogue(shop.app, ['AD_MUMBAI_ARENA'])).get('AD_MUMBAI_ARENA') as PackageWithEstimate;
  buyer = await signIn(shop.app, 1);
  other = await signIn(shop.app, 2);
});

afterAll(async () => {
  await shop?.close();
});

beforeEach(() => {
  clock = NOW;
});

const configId = () => arena.ad_details?.ad_config_id ?? 0;
const range = (first: string, last: string) => ({
  from_datetime: `${first} 00:00:00`,
  to_datetime: `${last} 23:59:59`,
});
const days = (first: string, last: string) => (Date.parse(last) - Date.parse(first)) / 86_400_000 + 1;

function adOrder(
  as: Buyer,
  devices: string[],
  first: string,
  last: string,
  over: Partial<OrderCreateRequest> = {},
): OrderCreateRequest {
  const product = arena.products[0];
  if (!product) throw new Error('the arena package has no product');
  return orderBody(
    as,
    [
      {
        package_id: arena.package_id,
        products: [{ product_id: product.product_id, quantity: days(first, last) * devices.length }],
      },
    ],
    {
      shipping_details: null,
      ad_event_order_details: {
        ad_config_id: configId(),
        venue: VENUE,
        device_codes: devices,
        datetime_range: range(first, last),
      },
      ...over,
    },
  );
}

function refused(response: { statusCode: number; json(): unknown; body: string }, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  return errorBodySchema.parse(response.json()).data;
}

async function book(as: Buyer, devices: string[], first: string, last: string) {
  const response = await createOrder(shop.app, as, adOrder(as, devices, first, last), newKey());
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { order_id: string; total_amount: number };
}

async function slots(body: object = { package_id: arena.package_id }, headers: Record<string, string> = {}) {
  const response = await shop.app.inject({ method: 'POST', url: SLOTS, payload: body, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function bookedOn(device: string, window: { from_date: string; to_date: string }) {
  const answer = await slots({ package_id: arena.package_id, ...window });
  return answer.devices.find((d: { device_code: string }) => d.device_code === device).booked;
}

async function detailsOf(as: Buyer, orderId: string) {
  const response = await get(shop.app, as, `/api/commerce/order/details/v1/?order_id=${orderId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().order;
}

function upload(as: Buyer | null, filename: string, content: Buffer) {
  const boundary = '----ads-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return shop.app.inject({
    method: 'POST',
    url: UPLOAD,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(as ? { authorization: `Bearer ${as.token}` } : {}),
    },
  });
}

describe('the slots of an ad package (spec §7)', () => {
  it("answers the venue, its window from today on and each device's taken ranges, following holds and releases", async () => {
    const fresh = await slots();
    expect(fresh).toMatchObject({
      package_id: arena.package_id,
      ad_config_id: configId(),
      venue: VENUE,
      bookable_from: '2026-12-01',
    });
    expect(fresh.bookable_to >= '2028-01-01').toBe(true);
    expect(fresh.devices.map((d: { device_code: string }) => d.device_code)).toEqual([BAY_1, BAY_2, BAY_3]);

    const window = { from_date: '2026-12-01', to_date: '2026-12-31' };
    expect(await bookedOn(BAY_3, window)).toEqual([]);
    const order = await book(buyer, [BAY_3], '2026-12-10', '2026-12-12');
    expect(await bookedOn(BAY_3, window)).toEqual([range('2026-12-10', '2026-12-12')]);
    // Read from London, the hold is still the venue's days.
    const london = await slots({ package_id: arena.package_id, ...window }, { 'x-tz': 'Europe/London' });
    expect(london.devices[2].booked).toEqual([range('2026-12-10', '2026-12-12')]);

    const cancelled = await get(shop.app, buyer, `/api/commerce/order/${order.order_id}/cancel/v1/`);
    expect(cancelled.json().order_status).toBe('CANCELLED');
    expect(await bookedOn(BAY_3, window)).toEqual([]);
  });

  it("counts the venue's days whatever the buyer's zone: one day blocks one, and India's yesterday is refused", async () => {
    // 10:00 in Mumbai is 16:30 the day before at UTC-12.
    const farWest = { 'x-tz': 'Etc/GMT+12' };
    const send = (as: Buyer, first: string, last: string, headers: Record<string, string> = {}) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/commerce/order/create/v1/',
        payload: adOrder(as, [BAY_2], first, last) as object,
        headers: { authorization: `Bearer ${as.token}`, 'idempotency-key': newKey(), ...headers },
      });
    const yesterday = await send(buyer, '2026-11-30', '2026-11-30', farWest);
    expect(refused(yesterday, 400).message).toBe(
      'Your ad cannot start before today: choose a later first day',
    );

    const one = await send(buyer, '2027-03-20', '2027-03-20', farWest);
    expect(one.statusCode, one.body).toBe(200);
    const [stored] = await shop.db
      .select()
      .from(adBookings)
      .where(eq(adBookings.orderId, one.json().order_id));
    expect(stored?.fromAt.toISOString()).toBe(new Date('2027-03-20T00:00:00+05:30').toISOString());
    expect(stored?.toAt.toISOString()).toBe(new Date('2027-03-21T00:00:00+05:30').toISOString());
    expect((await detailsOf(buyer, one.json().order_id)).ad_booking.datetime_range).toEqual(
      range('2027-03-20', '2027-03-20'),
    );
    // The days either side stay free for someone else, booked from the venue's own zone.
    const third = await signIn(shop.app, 3);
    const orderIds: [Buyer, string][] = [[buyer, one.json().order_id]];
    for (const day of ['2027-03-19', '2027-03-21']) {
      const next = await send(third, day, day);
      expect(next.statusCode, next.body).toBe(200);
      orderIds.push([third, next.json().order_id]);
    }
    for (const [as, id] of orderIds) await get(shop.app, as, `/api/commerce/order/${id}/cancel/v1/`);
  });

  it('answers 404 for a package that is not an ad package', async () => {
    const response = await shop.app.inject({ method: 'POST', url: SLOTS, payload: { package_id: 1 } });
    expect(refused(response, 404).field).toBe('package_id');
  });

  it('tells device by device whether a range is free, with what overlaps it', async () => {
    await book(buyer, [BAY_1], '2026-12-15', '2026-12-16');
    const response = await shop.app.inject({
      method: 'POST',
      url: SLOT_DETAILS,
      payload: {
        ad_config_id: configId(),
        device_codes: [BAY_1, BAY_2],
        datetime_range: range('2026-12-16', '2026-12-18'),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      available: false,
      days: 3,
      devices: [
        {
          device_code: BAY_1,
          device_name: 'Arena bay 1',
          available: false,
          clashes: [range('2026-12-15', '2026-12-16')],
        },
        { device_code: BAY_2, device_name: 'Arena bay 2', available: true, clashes: [] },
      ],
    });
    const unknown = await shop.app.inject({
      method: 'POST',
      url: SLOT_DETAILS,
      payload: {
        ad_config_id: configId(),
        device_codes: ['NOPE'],
        datetime_range: range('2026-12-16', '2026-12-18'),
      },
    });
    expect(refused(unknown, 400).field).toBe('device_codes');
  });
});

describe('an ad order holds its devices (spec §3)', () => {
  it('costs days × devices × the ad price + GST, as its estimate said, and reads back as the booking', async () => {
    const body = adOrder(buyer, [BAY_1, BAY_2], '2026-12-20', '2026-12-22');
    const estimate = await shop.app.inject({
      method: 'POST',
      url: '/api/commerce/orders/price_estimate/multiple_packages/v1/',
      payload: { packages: body.packages },
    });
    expect(estimate.statusCode, estimate.body).toBe(200);
    // 3 days × 2 devices × ₹1,500, and 18 % GST on it.
    expect(estimate.json()).toMatchObject({
      taxable_amount: 9_000,
      tax_amount: 1_620,
      amount_payable: 10_620,
    });
    const response = await createOrder(shop.app, buyer, body, newKey());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().total_amount).toBe(10_620);
    const order = await detailsOf(buyer, response.json().order_id);
    expect(order.ad_booking).toEqual({
      order_id: response.json().order_id,
      ad_config_id: configId(),
      ad_name: 'Arena bay screens',
      venue: VENUE,
      devices: [
        { device_code: BAY_1, device_name: 'Arena bay 1' },
        { device_code: BAY_2, device_name: 'Arena bay 2' },
      ],
      datetime_range: range('2026-12-20', '2026-12-22'),
      days: 3,
      status: 'HELD',
      ad_assets: [],
    });
    const listed = await get(shop.app, buyer, '/api/commerce/user/orders/v1/');
    const mine = listed
      .json()
      .orders.find((o: { order_id: string }) => o.order_id === response.json().order_id);
    expect(mine.ad_booking.status).toBe('HELD');
  });

  it('refuses a second order for an overlapping day of a device with 409, and lets other days and devices through', async () => {
    await book(buyer, [BAY_2], '2027-01-03', '2027-01-05');
    const clash = await createOrder(
      shop.app,
      other,
      adOrder(other, [BAY_1, BAY_2], '2027-01-05', '2027-01-06'),
      newKey(),
    );
    const error = refused(clash, 409);
    expect(error.field).toBe('ad_event_order_details.device_codes');
    expect(error.message).toBe(
      'Arena bay 2 is already booked from 3 Jan to 5 Jan: choose other days or devices',
    );
    const theirs = await get(shop.app, other, '/api/commerce/user/orders/v1/');
    expect(theirs.json().orders).toEqual([]);
    await book(other, [BAY_2], '2027-01-06', '2027-01-07');
    await book(other, [BAY_1], '2027-01-03', '2027-01-05');
  });

  it('holds once for a create sent twice with one Idempotency-Key', async () => {
    const body = adOrder(buyer, [BAY_3], '2027-01-10', '2027-01-10');
    const first = await createOrder(shop.app, buyer, body, 'ads-same-key');
    const again = await createOrder(shop.app, buyer, body, 'ads-same-key');
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().order_id).toBe(first.json().order_id);
    const rows = await shop.db
      .select()
      .from(adBookings)
      .where(eq(adBookings.orderId, first.json().order_id as string));
    expect(rows).toHaveLength(1);
  });

  it('frees a lapsed hold its sweep has not reached yet for the next order that needs the device', async () => {
    const lapsed = await book(buyer, [BAY_3], '2027-01-14', '2027-01-15');
    clock = new Date(NOW.getTime() + RESERVATION_MS);
    expect(await bookedOn(BAY_3, { from_date: '2027-01-14', to_date: '2027-01-15' })).toEqual([]);
    await book(other, [BAY_3], '2027-01-15', '2027-01-16');
    const [row] = await shop.db.select().from(orders).where(eq(orders.id, lapsed.order_id));
    expect(row?.status).toBe('EXPIRED');
    expect((await detailsOf(buyer, lapsed.order_id)).ad_booking.status).toBe('RELEASED');
  });

  it('books the devices once paid; a payment on an expired booking is refunded, its devices left free', async () => {
    const paid = await book(buyer, [BAY_1], '2027-01-20', '2027-01-20');
    await shop.app.orders.applyOutcome(paid.order_id, 'PAID', 'pay_ad_1');
    expect((await detailsOf(buyer, paid.order_id)).ad_booking.status).toBe('BOOKED');

    const lateFree = await book(buyer, [BAY_1], '2027-01-22', '2027-01-22');
    const lateTaken = await book(buyer, [BAY_2], '2027-01-22', '2027-01-22');
    clock = new Date(NOW.getTime() + RESERVATION_MS);
    await shop.app.orders.sweep();
    await book(other, [BAY_2], '2027-01-22', '2027-01-22');
    await shop.app.orders.applyOutcome(lateFree.order_id, 'PAID', 'pay_ad_2');
    await shop.app.orders.applyOutcome(lateTaken.order_id, 'PAID', 'pay_ad_3');
    // Whether or not its screens are still free, an expired order's payment goes back.
    for (const late of [lateFree, lateTaken]) {
      const read = await detailsOf(buyer, late.order_id);
      expect(['REFUND_PENDING', 'REFUNDED']).toContain(read.order_status);
      expect(read.ad_booking.status).toBe('RELEASED');
    }
    expect(await bookedOn(BAY_1, { from_date: '2027-01-22', to_date: '2027-01-22' })).toEqual([]);
  });

  it('refuses ranges and devices the venue cannot take, on the field that names them', async () => {
    const field = async (body: OrderCreateRequest) =>
      refused(await createOrder(shop.app, buyer, body, newKey()), 400);
    const partDay = adOrder(buyer, [BAY_1], '2027-02-01', '2027-02-01');
    const detailsOfBody = partDay.ad_event_order_details as NonNullable<
      OrderCreateRequest['ad_event_order_details']
    >;
    const notWhole = await field({
      ...partDay,
      ad_event_order_details: {
        ...detailsOfBody,
        datetime_range: { from_datetime: '2027-02-01 09:00:00', to_datetime: '2027-02-01 23:59:59' },
      },
    });
    expect(notWhole).toMatchObject({
      field: 'ad_event_order_details.datetime_range',
      message: expect.stringMatching(/whole days/),
    });
    const past = await field(adOrder(buyer, [BAY_1], '2026-11-30', '2026-12-01'));
    expect(past.message).toMatch(/cannot start before today/);
    const beyond = await field(adOrder(buyer, [BAY_1], '2035-01-01', '2035-01-01'));
    expect(beyond.message).toMatch(/takes bookings from 1 Dec 2026 to/);
    const long = await field(adOrder(buyer, [BAY_1], '2027-03-01', '2027-06-30'));
    expect(long.message).toBe(`Book at most ${AD_MAX_DAYS} days at a time: choose a shorter range`);
    const device = await field(adOrder(buyer, ['BLR-MALL-1'], '2027-02-01', '2027-02-01'));
    expect(device.field).toBe('ad_event_order_details.device_codes');
    const venue = await field({
      ...partDay,
      ad_event_order_details: { ...detailsOfBody, venue: 'Somewhere else' },
    });
    expect(venue.field).toBe('ad_event_order_details.venue');
  });
});

describe('the creative of an ad order', () => {
  it('keeps a JPEG or PNG by its content and serves it back to its owner only', async () => {
    const stored = await upload(buyer, 'banner.png', PNG);
    expect(stored.statusCode, stored.body).toBe(201);
    const url = stored.json().asset_url as string;
    expect(url).toMatch(/^\/api\/invoicing\/ad_assets\/v1\/\?key=/);
    const mine = await get(shop.app, buyer, url);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.rawPayload.equals(PNG)).toBe(true);
    expect((await get(shop.app, other, url)).statusCode).toBe(404);
  });

  it('refuses a PDF, a text file named .png, a file too big and an anonymous upload', async () => {
    const pdf = refused(
      await upload(buyer, 'ad.pdf', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n')),
      415,
    );
    expect(pdf).toMatchObject({
      field: 'file',
      message: 'This file is not a JPEG or PNG image. Choose an image.',
    });
    expect(
      refused(await upload(buyer, 'ad.png', Buffer.from('just some text, not a picture')), 415).field,
    ).toBe('file');
    const big = Buffer.concat([PNG, Buffer.alloc(AD_ASSET_MAX_BYTES)]);
    expect(refused(await upload(buyer, 'huge.png', big), 413).message).toMatch(/over 5 MB/);
    expect((await upload(null, 'ad.png', PNG)).statusCode).toBe(401);
  });

  it("records a template or the buyer's own upload on their own order only", async () => {
    const order = await book(buyer, [BAY_3], '2027-02-10', '2027-02-11');
    const template = arena.ad_details?.ad_assets[1];
    if (!template) throw new Error('the arena has no second template');
    const chosen = await post(shop.app, buyer, ADD_DETAILS, {
      order_id: order.order_id,
      ad_assets: [template],
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ order_id: order.order_id, status: 'HELD', ad_assets: [template] });

    const own = (await upload(buyer, 'mine.png', PNG)).json().asset_url as string;
    const theirs = (await upload(other, 'theirs.png', PNG)).json().asset_url as string;
    const uploaded = await post(shop.app, buyer, ADD_DETAILS, {
      order_id: order.order_id,
      ad_assets: [{ asset_url: own, asset_template_image_config_id: null }],
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((await detailsOf(buyer, order.order_id)).ad_booking.ad_assets).toEqual([
      { asset_url: own, asset_template_image_config_id: null },
    ]);

    const borrowed = await post(shop.app, buyer, ADD_DETAILS, {
      order_id: order.order_id,
      ad_assets: [{ asset_url: theirs, asset_template_image_config_id: null }],
    });
    expect(refused(borrowed, 400).field).toBe('ad_assets.0.asset_url');
    const forged = await post(shop.app, buyer, ADD_DETAILS, {
      order_id: order.order_id,
      ad_assets: [
        {
          asset_url: '/images/elsewhere.png',
          asset_template_image_config_id: template.asset_template_image_config_id,
        },
      ],
    });
    expect(refused(forged, 400).field).toBe('ad_assets.0.asset_url');
    const notTheirs = await post(shop.app, other, ADD_DETAILS, {
      order_id: order.order_id,
      ad_assets: [template],
    });
    expect(refused(notTheirs, 404).message).toBe('Order not found');
    const unknown = await post(shop.app, buyer, ADD_DETAILS, { order_id: 'ord_nope', ad_assets: [template] });
    expect(refused(unknown, 404).message).toBe('Order not found');
  });
});
