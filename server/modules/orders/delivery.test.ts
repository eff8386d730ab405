import type { PackageWithEstimate } from '@contract/catalogue';
import { errorBodySchema } from '@contract/common';
import type { OrderCreateRequest } from '@contract/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import type { TestApp } from '../../testing';
import { testApp } from '../../testing';
import {
  BILLING,
  type Buyer,
  createOrder,
  loadCatalogue,
  orderBody,
  SHIPPING,
  signIn,
  testNumbers,
  wholePackage,
} from './testing';

/*
 * Orders only where the shop delivers: an order, and its estimate, to a pincode the availability check refuses is
 * refused on the field the pincode came from, and a postal code must fit its country's format.
 */

const CREATE_V2 = '/api/commerce/order/create/multiple_packages/v2/';
const ESTIMATE_V2 = '/api/commerce/orders/price_estimate/multiple_packages/v2/';

let shop: TestApp;
let solo: PackageWithEstimate;
let buyer: Buyer;
let keys = 0;
const newKey = () => `delivery-key-${++keys}`;

beforeAll(async () => {
  shop = await testApp({
    now: () => new Date('2026-12-01T10:00:00+05:30'),
    config: {
      OTP_TEST_NUMBERS: testNumbers(1),
      ACCESS_TOKEN_TTL_SECONDS: 86_400,
      ORDER_CREATE_LIMIT_PER_HOUR: 100,
    },
  });
  solo = (await loadCatalogue(shop.app, ['SOLO'])).get('SOLO') as PackageWithEstimate;
  buyer = await signIn(shop.app, 1);
});

afterAll(async () => {
  await shop?.close();
});

function refused(response: { statusCode: number; json(): unknown; body: string }) {
  expect(response.statusCode, response.body).toBe(400);
  return errorBodySchema.parse(response.json()).data;
}

const estimate = (pincode: string, country = 'IN') =>
  shop.app.inject({
    method: 'POST',
    url: ESTIMATE_V2,
    payload: {
      packages: [wholePackage(solo)],
      shipping_pin_code: pincode,
      country_name: country,
      billing_details: { state_name_enum: null, country_name_enum: country },
    },
  });

/** An order shipped to `pincode` in `country`, billed there to `postal`. */
function shippedTo(country: string, pincode: string, postal = pincode): OrderCreateRequest {
  const abroad = country !== 'IN';
  return orderBody(buyer, [wholePackage(solo)], {
    country_name: country,
    state_name: abroad ? null : 'KARNATAKA',
    billing_details: {
      ...BILLING,
      ...(abroad ? { state: 'Somewhere', state_name_enum: null, country: country } : {}),
      country_name_enum: country,
      postal_code: postal,
    },
    shipping_details: { ...SHIPPING, email: buyer.email, pin_code: pincode, country },
  });
}

describe('orders only where the shop delivers', () => {
  it('refuses an order to 999999, a pincode the availability check does not know, and creates nothing', async () => {
    const check = await shop.app.inject({
      method: 'GET',
      url: '/api/invoicing/check_availability_for_pincode/v1/?pincode=999999',
    });
    expect(check.json()).toMatchObject({ is_available: false });
    const before = await shop.db.select().from(orders).where(eq(orders.userId, buyer.userId));

    const error = refused(await createOrder(shop.app, buyer, shippedTo('IN', '999999', '560001'), newKey()));
    expect(error.field).toBe('shipping_details.pin_code');
    expect(error.message).toBe('999999 is not a pincode we know. Check it, or choose self pickup');
    const after = await shop.db.select().from(orders).where(eq(orders.userId, buyer.userId));
    expect(after).toHaveLength(before.length);
  });

  it('refuses the estimate to 999999 on the field it took the pincode from', async () => {
    const error = refused(await estimate('999999'));
    expect(error.field).toBe('shipping_pin_code');
    expect(error.message).toBe('999999 is not a pincode we know. Check it, or choose self pickup');
  });

  it('refuses a postal code that does not fit its country, naming the field', async () => {
    // A UK postcode in an Indian order, on either address.
    const ukInIndia = refused(
      await createOrder(shop.app, buyer, shippedTo('IN', 'SW1A 1AA', '560001'), newKey()),
    );
    expect(ukInIndia).toMatchObject({ field: 'shipping_details.pin_code', message: 'enter a valid pincode' });
    const ukBilling = refused(
      await createOrder(shop.app, buyer, shippedTo('IN', '560001', 'SW1A 1AA'), newKey()),
    );
    expect(ukBilling).toMatchObject({
      field: 'billing_details.postal_code',
      message: 'enter a valid pincode',
    });

    // "110001" as a New York ZIP.
    const asZip = refused(await createOrder(shop.app, buyer, shippedTo('US', '110001'), newKey(), CREATE_V2));
    expect(asZip).toMatchObject({
      field: 'billing_details.postal_code',
      message: 'Enter a valid ZIP code, e.g. 10118 or 10118-0110',
    });
    const shippedZip = refused(
      await createOrder(shop.app, buyer, shippedTo('US', '110001', '10118'), newKey(), CREATE_V2),
    );
    expect(shippedZip.field).toBe('shipping_details.pin_code');
    expect(refused(await estimate('110001', 'US')).field).toBe('shipping_pin_code');
    expect(refused(await estimate('10118', 'GB')).message).toBe('Enter a valid postcode, e.g. SW1A 1AA');
    expect(refused(await estimate('SW1A 1AA', 'AU')).message).toBe('Enter a valid postcode, e.g. 2000');
    expect(refused(await estimate('2000', 'CA')).message).toBe('Enter a valid postal code, e.g. K1A 0B1');
  });

  it('takes valid postal codes of every country it sells to', async () => {
    for (const [country, code] of [
      ['IN', '560001'],
      ['US', '10118'],
      ['US', '10118-0110'],
      ['GB', 'SW1A 1AA'],
      ['GB', 'M1 1AE'],
      ['CA', 'K1A 0B1'],
      ['AU', '2000'],
    ] as const) {
      const priced = await estimate(code, country);
      expect(priced.statusCode, `${country} ${code}: ${priced.body}`).toBe(200);
      const placed = await createOrder(shop.app, buyer, shippedTo(country, code), newKey(), CREATE_V2);
      expect(placed.statusCode, `${country} ${code}: ${placed.body}`).toBe(200);
    }
  });
});
