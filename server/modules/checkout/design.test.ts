import { BAT_ENGRAVING_MAX_LENGTH } from '@contract/bat-design';
import type { PackageWithEstimate, Product } from '@contract/catalogue';
import { errorBodySchema } from '@contract/common';
import type { Order, OrderCreateResponse } from '@contract/orders';
import type { PriceEstimateResponse } from '@contract/pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing';
import {
  type Buyer,
  CREATE_MULTI,
  createOrder,
  get,
  loadCatalogue,
  orderBody,
  signIn,
  testNumbers,
} from '../orders/testing';

const MULTI = '/api/commerce/orders/price_estimate/multiple_packages/v1/';
const DESIGN = {
  willow: 'ENGLISH_1',
  size: 'SH',
  weight: 'W_2LB8_2LB10',
  handle: 'OVAL',
  grip: 'CHEVRON',
  engraving: 'ASHA',
};

let shop: TestApp;
let bat: PackageWithEstimate;
let customBat: Product;
let buyer: Buyer;

beforeAll(async () => {
  shop = await testApp({
    now: () => new Date('2026-06-01T10:00:00+05:30'),
    config: { OTP_TEST_NUMBERS: testNumbers(1) },
  });
  const catalogue = await loadCatalogue(shop.app, ['BAT']);
  const found = catalogue.get('BAT');
  if (!found) throw new Error('no BAT package');
  bat = found;
  const product = bat.products.find((p) => p.product_code === 'IBC_CUSTOM_BAT');
  if (!product) throw new Error('no custom bat');
  customBat = product;
  buyer = await signIn(shop.app, 1);
});

afterAll(async () => {
  await shop.close();
});

function option(group: string, code: string) {
  const found = customBat.customization_options?.groups
    .find((g) => g.group === group)
    ?.options.find((o) => o.code === code);
  if (!found) throw new Error(`no ${group} ${code}`);
  return found;
}

function batLine(customization: unknown, quantity = 1) {
  return {
    package_id: bat.package_id,
    products: [{ product_id: customBat.product_id, quantity, customization }],
  };
}

async function estimate(packages: unknown[]) {
  const response = await shop.app.inject({ method: 'POST', url: MULTI, payload: { packages } });
  return response;
}

function refused(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(400);
  return errorBodySchema.parse(response.json()).data;
}

describe('the custom bat, designed', () => {
  it('lists its choices with their prices from the catalogue, and only on the bat', () => {
    const groups = customBat.customization_options?.groups.map((g) => g.group);
    expect(groups).toEqual(['willow', 'size', 'weight', 'handle', 'grip']);
    expect(customBat.customization_options?.engraving_max_length).toBe(BAT_ENGRAVING_MAX_LENGTH);
    // ₹8,400 with GST on the finest willow: ₹7,500 before 12 %.
    expect(option('willow', 'ENGLISH_1')).toMatchObject({
      label: 'English willow grade 1',
      price_delta: 7500,
    });
    expect(option('size', 'SH').length_mm).toBe(851);
    const grip = bat.products.find((p) => p.product_code === 'IBC_BAT_GRIP');
    expect(grip?.customization_options).toBeNull();
  });

  it('prices a design on the server: the bat plus its options, with GST, and describes it', async () => {
    const response = await estimate([batLine(DESIGN, 2)]);
    expect(response.statusCode, response.body).toBe(200);
    const line = (response.json() as PriceEstimateResponse).packages[0]?.products[0];
    const unit = customBat.taxable_amount + option('willow', 'ENGLISH_1').price_delta;
    expect(line?.taxable_amount).toBe(unit);
    expect(line?.price_estimate_details.total_taxable_amount).toBe(2 * unit);
    // Whole rupees with GST: ₹4,984 + ₹8,400 for each bat.
    expect(line?.price_estimate_details.total_amount).toBe(2 * (4_984 + 8_400));
    expect(line?.customization).toEqual(DESIGN);
    expect(line?.customization_description).toBe(
      "English willow grade 1, SH, 2lb 8oz–2lb 10oz, oval handle, chevron grip, engraved 'ASHA'",
    );
  });

  it('prices two designs of the bat as two lines', async () => {
    const plain = { ...DESIGN, willow: 'KASHMIR', grip: 'OCTOPUS', engraving: '' };
    const response = await estimate([
      {
        package_id: bat.package_id,
        products: [
          { product_id: customBat.product_id, quantity: 1, customization: DESIGN },
          { product_id: customBat.product_id, quantity: 1, customization: plain },
        ],
      },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const lines = (response.json() as PriceEstimateResponse).packages[0]?.products ?? [];
    expect(lines.map((l) => l.price_estimate_details.total_amount)).toEqual([4_984 + 8_400, 4_984 + 112]);
  });

  it('refuses an unknown option, a too-long or odd engraving, a missing design and the same design twice', async () => {
    expect(refused(await estimate([batLine({ ...DESIGN, willow: 'BALSA' })])).field).toBe(
      'packages.0.products.0.customization.willow',
    );
    const long = refused(
      await estimate([batLine({ ...DESIGN, engraving: 'A'.repeat(BAT_ENGRAVING_MAX_LENGTH + 1) })]),
    );
    expect(long.field).toBe('packages.0.products.0.customization.engraving');
    expect(long.message).toContain(`${BAT_ENGRAVING_MAX_LENGTH} letters`);
    expect(refused(await estimate([batLine({ ...DESIGN, engraving: 'A<b>' })])).field).toBe(
      'packages.0.products.0.customization.engraving',
    );
    expect(refused(await estimate([batLine(null)])).field).toBe('packages.0.products.0.customization');
    const twice = await estimate([
      {
        package_id: bat.package_id,
        products: [
          { product_id: customBat.product_id, quantity: 1, customization: DESIGN },
          { product_id: customBat.product_id, quantity: 2, customization: DESIGN },
        ],
      },
    ]);
    expect(refused(twice).field).toBe('packages.0.products.1.customization');
    const grip = bat.products.find((p) => p.product_code === 'IBC_BAT_GRIP');
    const gripDesigned = await estimate([
      {
        package_id: bat.package_id,
        products: [{ product_id: grip?.product_id, quantity: 1, customization: DESIGN }],
      },
    ]);
    expect(refused(gripDesigned).field).toBe('packages.0.products.0.customization');
  });

  it('creates the order at the server’s price, whatever price the client sends, and keeps the design', async () => {
    const tampered = {
      package_id: bat.package_id,
      products: [
        {
          product_id: customBat.product_id,
          quantity: 1,
          taxable_amount: 1,
          price: 1,
          customization: { ...DESIGN, price_delta: 0, price: 1 },
        },
      ],
    };
    const response = await createOrder(
      shop.app,
      buyer,
      orderBody(buyer, [tampered as never]),
      'bat-order-1',
      CREATE_MULTI,
    );
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json() as OrderCreateResponse;
    expect(created.total_amount).toBe(4_984 + 8_400);
    const read = await get(shop.app, buyer, `/api/commerce/order/details/v1/?order_id=${created.order_id}`);
    const product = (read.json().order as Order).packages[0]?.products[0];
    expect(product?.customization).toEqual(DESIGN);
    expect(product?.customization_description).toBe(
      "English willow grade 1, SH, 2lb 8oz–2lb 10oz, oval handle, chevron grip, engraved 'ASHA'",
    );
    expect(product?.total_amount_for_each_product).toBe(4_984 + 8_400);
    const mine = await get(shop.app, buyer, '/api/commerce/user/orders/v1/');
    expect(JSON.stringify(mine.json())).toContain("engraved 'ASHA'");
  });
});
