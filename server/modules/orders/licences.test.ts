import type { PackageWithEstimate } from '@contract/catalogue';
import { errorBodySchema } from '@contract/common';
import { userBusinessLicencesResponseSchema } from '@contract/licences';
import type { OrderCreateResponse } from '@contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing';
import { issueInvite } from '../invites/cli';
import { type Buyer, createOrder, get, loadCatalogue, orderBody, post, signIn, testNumbers } from './testing';

/* Spec §3 licence device: a paid licence holds one licence per pin, each registered by its buyer to one device. */

const LICENCES = '/api/commerce/user/business_licences/v1/';
const DEVICE = '/api/commerce/user/business_licence_device/v1/';
let shop: TestApp;
let licence: PackageWithEstimate;
let buyer: Buyer;
let other: Buyer;
let keys = 0;

beforeAll(async () => {
  shop = await testApp({ config: { OTP_TEST_NUMBERS: testNumbers(3) } });
  const catalogue = await loadCatalogue(shop.app, ['BUSINESS_LICENCE']);
  const found = catalogue.get('BUSINESS_LICENCE');
  if (!found) throw new Error('no BUSINESS_LICENCE');
  licence = found;
  buyer = await signIn(shop.app, 1);
  other = await signIn(shop.app, 2);
});

afterAll(async () => {
  await shop.close();
});

/** A licence order for `pins` pins of the hardware and the premium licence, with a fresh invite. */
async function licenceOrder(as: Buyer, pins: number): Promise<OrderCreateResponse> {
  const { code } = await issueInvite(
    shop.db,
    { issued_to: null, max_uses: 1, valid_days: null, code: null },
    new Date(),
  );
  const products = licence.products
    .filter((p) => p.product_code === 'IBC_BUSINESS_EDITION_GAME' || p.product_code === 'IBC_PREMIUM_LICENCE')
    .map((p) => ({ product_id: p.product_id, quantity: pins }));
  const body = orderBody(as, [{ package_id: licence.package_id, products }], {
    shipping_details: null,
    invite_code: code,
  });
  const response = await createOrder(shop.app, as, body, `licence-key-${++keys}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function licencesOf(as: Buyer) {
  const response = await get(shop.app, as, LICENCES);
  expect(response.statusCode, response.body).toBe(200);
  return userBusinessLicencesResponseSchema.parse(response.json()).licences;
}

describe('business licences and their devices', () => {
  it('an unpaid licence order holds no licence; once paid, one per pin, each without a device yet', async () => {
    const order = await licenceOrder(buyer, 2);
    expect(await licencesOf(buyer)).toEqual([]);
    await shop.app.orders.applyOutcome(order.order_id, 'PAID', 'pay_licence');
    // The provider's word may arrive twice: still one licence per pin.
    await shop.app.orders.applyOutcome(order.order_id, 'PAID', 'pay_licence');
    const licences = await licencesOf(buyer);
    expect(licences.map((l) => [l.order_id, l.product_code, l.pin, l.device])).toEqual([
      [order.order_id, 'IBC_PREMIUM_LICENCE', 1, null],
      [order.order_id, 'IBC_PREMIUM_LICENCE', 2, null],
    ]);
    expect(await licencesOf(other)).toEqual([]);
  });

  it('the buyer registers a device per pin, optional name and code, and may replace it', async () => {
    const [first, second] = await licencesOf(buyer);
    if (!first || !second) throw new Error('two licences expected');
    const registered = await post(shop.app, buyer, DEVICE, {
      user_business_licence_id: first.user_business_licence_id,
      device_id: 'VR-BAY-0001',
      device_name: 'Bay 1',
      device_code: '',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().licence.device).toEqual({
      device_id: 'VR-BAY-0001',
      device_name: 'Bay 1',
      device_code: null,
    });
    const replaced = await post(shop.app, buyer, DEVICE, {
      user_business_licence_id: first.user_business_licence_id,
      device_id: 'VR-BAY-0002',
      device_code: 'B2',
    });
    expect(replaced.json().licence.device).toEqual({
      device_id: 'VR-BAY-0002',
      device_name: null,
      device_code: 'B2',
    });
    // One device runs one licence.
    const twice = await post(shop.app, buyer, DEVICE, {
      user_business_licence_id: second.user_business_licence_id,
      device_id: 'VR-BAY-0002',
    });
    expect(twice.statusCode).toBe(409);
    expect(errorBodySchema.parse(twice.json()).data).toMatchObject({ field: 'device_id' });
    expect((await licencesOf(buyer)).map((l) => l.device?.device_id ?? null)).toEqual(['VR-BAY-0002', null]);
  });

  it("refuses another buyer's licence as not found, bad input with its field, and no session", async () => {
    const [first] = await licencesOf(buyer);
    if (!first) throw new Error('a licence expected');
    const foreign = await post(shop.app, other, DEVICE, {
      user_business_licence_id: first.user_business_licence_id,
      device_id: 'VR-THEIRS-1',
    });
    expect(foreign.statusCode).toBe(404);
    expect((await licencesOf(buyer))[0]?.device?.device_id).toBe('VR-BAY-0002');
    const bad = await post(shop.app, buyer, DEVICE, {
      user_business_licence_id: first.user_business_licence_id,
      device_id: 'has spaces',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('A device ID has letters, digits and _ . : - only');
    expect((await get(shop.app, null, LICENCES)).statusCode).toBe(401);
  });
});
