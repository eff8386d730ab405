import type { PackageWithEstimate } from '@contract/catalogue';
import type { PriceEstimateResponse } from '@contract/pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, coupons } from '../../db/schema';
import { type TestApp, testApp, testConfig } from '../../testing';

const NOW = new Date('2026-06-01T10:00:00+05:30');
const OPERATOR = 'checkout-operator-token';
const PHONE = { phone_number: '9999999901', country_code: '+91' };

let shop: TestApp;
let catalogue: Map<string, PackageWithEstimate>;
let buyer: { token: string; userId: string };

const V1 = '/api/commerce/orders/price_estimate/v1/';
const MULTI = '/api/commerce/orders/price_estimate/multiple_packages/v1/';
const V2 = '/api/commerce/orders/price_estimate/multiple_packages/v2/';
/** The plainest design of the custom bat: every option that adds nothing. */
const PLAIN_BAT = {
  willow: 'KASHMIR',
  size: 'SH',
  weight: 'W_2LB7_2LB9',
  handle: 'ROUND',
  grip: 'CHEVRON',
  engraving: '',
};

beforeAll(async () => {
  shop = await testApp({
    now: () => NOW,
    operatorToken: OPERATOR,
    config: { OTP_TEST_NUMBERS: new Map([[`${PHONE.country_code}${PHONE.phone_number}`, '123456']]) },
  });
  const codes = ['SOLO', 'SOLO_NO_COST_EMI', 'FAMILY', 'GAME_1_PROFILE', 'BAT', 'BUSINESS_LICENCE'];
  const listed = await shop.app.inject({
    method: 'GET',
    url: `/api/commerce/packages/available/price_estimate/v1/?package_codes=${codes.join(',')}&country_name_enum=IN`,
  });
  catalogue = new Map(
    (listed.json().packages as PackageWithEstimate[]).map((pkg) => [pkg.package_code, pkg]),
  );
  await shop.app.inject({ method: 'POST', url: '/api/user/login/phone_number/v1/', payload: PHONE });
  const verified = await shop.app.inject({
    method: 'POST',
    url: '/api/user/verify/phone_number_otp/v1/',
    payload: { ...PHONE, otp: '123456' },
  });
  buyer = { token: verified.json().access_token, userId: verified.json().user_id };
});

afterAll(async () => {
  await shop.close();
});

function pkg(code: string): PackageWithEstimate {
  const found = catalogue.get(code);
  if (!found) throw new Error(`no ${code} in the catalogue`);
  return found;
}

/** The package as the cart sends it: every product it holds, `sets` times over. */
function whole(code: string, sets = 1) {
  const p = pkg(code);
  return {
    package_id: p.package_id,
    products: p.products
      .filter((product) => product.quantity > 0)
      .map((product) => ({ product_id: product.product_id, quantity: product.quantity * sets })),
  };
}

function productId(code: string, productCode: string): number {
  const found = pkg(code).products.find((p) => p.product_code === productCode);
  if (!found) throw new Error(`no ${productCode} in ${code}`);
  return found.product_id;
}

async function estimate(url: string, payload: unknown, token?: string) {
  const response = await shop.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

async function ok(url: string, payload: unknown, token?: string): Promise<PriceEstimateResponse> {
  const { status, body } = await estimate(url, payload, token);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as PriceEstimateResponse;
}

async function refused(url: string, payload: unknown, status = 400, token?: string) {
  const response = await estimate(url, payload, token);
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.data).toMatchObject({ http_status_code: status });
  expect(typeof response.body.data.message).toBe('string');
  expect(response.body.data.res_status).toBeTruthy();
  return response.body.data as { message: string; field?: string };
}

const karnataka = { billing_details: { state_name_enum: 'KARNATAKA', country_name_enum: 'IN' } };

describe('the price estimate in India', () => {
  it('prices a kit as its product page does, with CGST + SGST within Karnataka', async () => {
    const result = await ok(V1, { packages: [whole('SOLO')], ...karnataka });
    const page = pkg('SOLO').price_estimate;
    expect(result.currency).toBe('INR');
    expect(result.total_price).toBe(page.total_amount);
    expect(result.total_price).toBe(47_989);
    expect(result.tax_amount).toBe(page.total_tax);
    expect(result.taxable_amount).toBe(page.total_taxable_amount);
    expect(result.gst.supply).toBe('intra_state');
    expect(result.gst.cgst + result.gst.sgst).toBeCloseTo(result.tax_amount, 2);
    expect(result.gst.igst).toBe(0);
    expect(result.pricing_type).toBe('FULL_PAYMENT');
    expect(result.emi_amount_starting_from).toBe(0);
    expect(result.amount_payable).toBe(47_989);
    // Every line as on the product page.
    const lines = result.packages[0]?.products ?? [];
    for (const product of pkg('SOLO').products) {
      const line = lines.find((l) => l.product_id === product.product_id);
      expect(line?.price_estimate_details.total_amount).toBe(product.price_estimate_details?.total_amount);
    }
    expect(result.packages[0]?.price_estimate.total_amount).toBe(47_989);
  });

  it('charges IGST to another state, and falls back to India without a country', async () => {
    const result = await ok(MULTI, { packages: [whole('SOLO')], state_name: 'Tamil Nadu' });
    expect(result.country_code).toBe('IN');
    expect(result.gst).toMatchObject({ supply: 'inter_state', cgst: 0, sgst: 0, igst: result.tax_amount });
    expect(result.total_price).toBe(47_989);
  });

  it('multiplies a fixed package by whole sets and adds packages together', async () => {
    const result = await ok(MULTI, { packages: [whole('SOLO', 2), whole('GAME_1_PROFILE')] });
    expect(result.packages.map((p) => p.quantity)).toEqual([2, 1]);
    const game = pkg('GAME_1_PROFILE').price_estimate.total_amount;
    expect(result.total_price).toBe(2 * 47_989 + game);
  });

  it('offers no-cost EMI on an EMI kit, from ₹7,999 as its page says', async () => {
    const result = await ok(MULTI, { packages: [whole('SOLO_NO_COST_EMI')] });
    expect(result.pricing_type).toBe('NO_COST_EMI');
    expect(result.emi_amount_starting_from).toBe(7_999);
    expect(result.emi_amount_starting_from).toBe(pkg('SOLO_NO_COST_EMI').emi_starts_from_amount);
    expect(result.emi_tenure_months).toBe(6);
  });

  it('reports shipping by pincode as a waived charge, none for self pickup or for keys only', async () => {
    const shipped = await ok(MULTI, { packages: [whole('SOLO')], shipping_pin_code: '110001' });
    expect(shipped.is_shipping_required).toBe(true);
    expect(shipped.shipping_charges).toBe(149);
    // Spec §2: free shipping, the ₹149 shown struck through; the buyer pays the goods only.
    expect(shipped.total_price).toBe(47_989);
    expect(shipped.amount_payable).toBe(47_989);

    const pickup = await ok(MULTI, {
      packages: [whole('SOLO')],
      shipping_pin_code: '110001',
      shipping_through: 'SELF_PICKUP',
    });
    expect(pickup.shipping_charges).toBe(0);

    const keys = await ok(MULTI, { packages: [whole('GAME_1_PROFILE')], shipping_pin_code: '110001' });
    expect(keys.is_shipping_required).toBe(false);
    expect(keys.shipping_charges).toBe(0);

    const licence = pkg('BUSINESS_LICENCE');
    const licenceOnly = await ok(MULTI, {
      packages: [
        {
          package_id: licence.package_id,
          products: [{ product_id: productId('BUSINESS_LICENCE', 'IBC_PREMIUM_LICENCE'), quantity: 1 }],
        },
      ],
      shipping_pin_code: '110001',
    });
    expect(licenceOnly.is_shipping_required).toBe(false);
  });

  it('prices the products chosen in a customizable package', async () => {
    const bat = pkg('BAT');
    const customBat = bat.products.find((p) => p.product_code === 'IBC_CUSTOM_BAT');
    const result = await ok(MULTI, {
      packages: [
        {
          package_id: bat.package_id,
          products: [{ product_id: customBat?.product_id, quantity: 2, customization: PLAIN_BAT }],
        },
      ],
    });
    const line = result.packages[0]?.products[0];
    expect(line?.quantity).toBe(2);
    expect(line?.price_estimate_details.total_taxable_amount).toBe(2 * (customBat?.taxable_amount ?? 0));
    // 12 % on the bat, rounded once for the line
    expect(line?.price_estimate_details.total_tax).toBeCloseTo(
      Math.round(2 * (customBat?.taxable_amount ?? 0) * 12) / 100,
      2,
    );
  });

  it('is never cached', async () => {
    const { headers } = await estimate(MULTI, { packages: [whole('SOLO')] });
    expect(headers['cache-control']).toBe('no-store');
  });
});

describe('the international estimate (v2)', () => {
  it('prices abroad in USD with no GST', async () => {
    const result = await ok(V2, {
      packages: [whole('SOLO')],
      billing_details: { country_name_enum: 'US', state_name_enum: 'CALIFORNIA' },
    });
    expect(result.currency).toBe('USD');
    expect(result.gst.supply).toBe('export');
    expect(result.tax_amount).toBe(0);
    expect(result.total_price).toBe(result.taxable_amount);
    expect(result.pricing_type).toBe('FULL_PAYMENT');
  });

  it('refuses a country abroad on v1, and a package not sold there', async () => {
    const abroad = await refused(MULTI, { packages: [whole('SOLO')], country_name: 'US' });
    expect(abroad.field).toBe('billing_details.country_name_enum');
    const emiAbroad = await refused(V2, {
      packages: [whole('SOLO_NO_COST_EMI')],
      billing_details: { country_name_enum: 'US' },
    });
    expect(emiAbroad.message).toContain('not available in US');
  });

  it('sells only in India when international users are off', async () => {
    const app = shop.build({
      now: () => NOW,
      config: { features: { ...testConfig().features, internationalUsers: false } },
    });
    try {
      const response = await app.inject({
        method: 'POST',
        url: V2,
        payload: { packages: [whole('SOLO')], billing_details: { country_name_enum: 'GB' } },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().data.message).toBe('We sell only in India for now');
    } finally {
      await app.close();
    }
  });
});

describe('coupons and referral codes', () => {
  it('takes WELCOME10 off: 10 % of ₹47,989 = ₹4,798.90', async () => {
    const result = await ok(MULTI, { packages: [whole('SOLO')], coupon_code: ' welcome10 ' });
    expect(result.coupon_code).toBe('WELCOME10');
    expect(result.coupon_discount).toBe(4_798.9);
    expect(result.discounts).toBe(4_798.9);
    expect(result.total_price).toBe(47_989);
    // spec §5: subtotal = total − coupon − association − other discounts
    expect(result.amount_payable).toBe(43_190.1);
    expect(result.packages[0]?.price_estimate.total_discount).toBe(4_798.9);
    expect(result.taxable_amount + result.tax_amount).toBeCloseTo(43_190.1, 2);
  });

  it('takes FLAT500 off an order of ₹5,000 or more and refuses a smaller one', async () => {
    const result = await ok(MULTI, { packages: [whole('SOLO')], coupon_code: 'FLAT500' });
    expect(result.coupon_discount).toBe(500);
    const small = await refused(MULTI, { packages: [whole('GAME_1_PROFILE')], coupon_code: 'FLAT500' });
    expect(small).toMatchObject({
      field: 'coupon_code',
      message: 'This coupon needs an order of at least ₹5,000',
    });
  });

  it('refuses an unknown, expired, wrong-currency or not-applicable coupon on the coupon field', async () => {
    const cases: [string, unknown, string][] = [
      ['NOPE', { packages: [whole('SOLO')] }, 'This coupon code is not valid'],
      ['DIWALI2024', { packages: [whole('SOLO')] }, 'This coupon has expired'],
      ['WORLD20', { packages: [whole('SOLO')] }, 'This coupon is only for orders in USD'],
      ['BATFAN5', { packages: [whole('SOLO')] }, 'This coupon does not apply to the packages you chose'],
    ];
    for (const [code, body, message] of cases) {
      const error = await refused(MULTI, { ...(body as object), coupon_code: code });
      expect(error).toMatchObject({ field: 'coupon_code', message });
    }
    const junk = await refused(MULTI, { packages: [whole('SOLO')], coupon_code: 'drop table;' });
    expect(junk.field).toBe('coupon_code');
  });

  it('counts a signed-in buyer’s uses: WELCOME10 once per buyer', async () => {
    await shop.db
      .insert(couponRedemptions)
      .values({ couponCode: 'WELCOME10', userId: buyer.userId, orderId: 'o-1' });
    const used = await refused(
      MULTI,
      { packages: [whole('SOLO')], coupon_code: 'WELCOME10' },
      400,
      buyer.token,
    );
    expect(used).toMatchObject({ field: 'coupon_code', message: 'You have already used this coupon' });
    // Another buyer (here: not signed in) may still use it.
    await ok(MULTI, { packages: [whole('SOLO')], coupon_code: 'WELCOME10' });
    // A bad token is the client's cue to refresh, not a silent anonymous estimate.
    const bad = await estimate(MULTI, { packages: [whole('SOLO')] }, 'not-a-token');
    expect(bad.status).toBe(400);
    expect(bad.body.data.res_status).toBe('INVALID_TOKEN');
  });

  it('refuses a coupon used up overall, or not active yet', async () => {
    await shop.db.insert(coupons).values([
      { code: 'ONEONLY', kind: 'flat', value: 10_000, currency: 'INR', validFrom: NOW, usageLimitTotal: 1 },
      { code: 'SOON', kind: 'percent', value: 500, validFrom: new Date('2026-07-01T00:00:00Z') },
    ]);
    // The insert bumped the catalogue version (a trigger); this process sees it at its next poll.
    await shop.app.catalogueVersion.refresh();
    await ok(MULTI, { packages: [whole('SOLO')], coupon_code: 'ONEONLY' });
    await shop.db
      .insert(couponRedemptions)
      .values({ couponCode: 'ONEONLY', userId: buyer.userId, orderId: 'o-2' });
    const usedUp = await refused(MULTI, { packages: [whole('SOLO')], coupon_code: 'ONEONLY' });
    expect(usedUp).toMatchObject({ field: 'coupon_code', message: 'This coupon has been used up' });
    const soon = await refused(MULTI, { packages: [whole('SOLO')], coupon_code: 'SOON' });
    expect(soon).toMatchObject({ field: 'coupon_code', message: 'This coupon is not active yet' });
  });

  it('gives the association discount for a referral code: CLUB-RAHUL 5 % of ₹47,989 = ₹2,399.45', async () => {
    const result = await ok(MULTI, { packages: [whole('SOLO')], associate_code: 'club-rahul' });
    expect(result.association_discount).toBe(2_399.45);
    expect(result.associate_name).toBe('Rahul Dravid Cricket Club');
    expect(result.amount_payable).toBe(45_589.55);
    const inactive = await refused(MULTI, { packages: [whole('SOLO')], associate_code: 'CLUB-OLD' });
    expect(inactive).toMatchObject({ field: 'associate_code', message: 'This referral code is not valid' });
  });

  it('takes a coupon or a referral code, not both', async () => {
    const both = await refused(MULTI, {
      packages: [whole('SOLO')],
      coupon_code: 'WELCOME10',
      associate_code: 'CLUB-RAHUL',
    });
    expect(both).toMatchObject({ field: 'associate_code' });
  });
});

describe('stock', () => {
  it('flags a product asked for beyond its stock, and the package with it', async () => {
    const set = await shop.app.inject({
      method: 'POST',
      url: '/api/commerce/admin/catalogue/stock/v1/',
      headers: { authorization: `Bearer ${OPERATOR}` },
      payload: { product_code: 'IBC_CUSTOM_BAT', available_quantity: 1 },
    });
    expect(set.statusCode).toBe(200);
    const bat = pkg('BAT');
    const result = await ok(MULTI, {
      packages: [
        {
          package_id: bat.package_id,
          products: [
            { product_id: productId('BAT', 'IBC_CUSTOM_BAT'), quantity: 2, customization: PLAIN_BAT },
          ],
        },
      ],
    });
    expect(result.packages[0]?.products[0]).toMatchObject({ available_quantity: 1, is_out_of_stock: true });
    expect(result.packages[0]?.is_out_of_stock).toBe(true);
    expect(result.is_out_of_stock).toBe(true);
  });
});

describe('bad input: a 4xx with the spec body, never a 500', () => {
  it('refuses what the catalogue does not have or does not allow', async () => {
    const solo = pkg('SOLO');
    expect((await refused(MULTI, { packages: [{ package_id: 999_999, products: [] }] }, 404)).field).toBe(
      'packages.0.package_id',
    );
    const notIn = await refused(MULTI, {
      packages: [
        {
          package_id: solo.package_id,
          products: [{ product_id: productId('BAT', 'IBC_BAT_GRIP'), quantity: 1 }],
        },
      ],
    });
    expect(notIn.field).toBe('packages.0.products.0.product_id');
    const partial = await refused(MULTI, {
      packages: [{ package_id: solo.package_id, products: [whole('SOLO').products[0]] }],
    });
    expect(partial.message).toContain('comes as a set');
    const twice = await refused(MULTI, { packages: [whole('SOLO'), whole('SOLO')] });
    expect(twice.field).toBe('packages.1.package_id');
    const zero = await refused(MULTI, {
      packages: [
        { package_id: solo.package_id, products: whole('SOLO').products.map((p) => ({ ...p, quantity: 0 })) },
      ],
    });
    expect(zero).toMatchObject({ field: 'packages', message: 'Choose at least one product' });
    const two = await refused(V1, { packages: [whole('SOLO'), whole('GAME_1_PROFILE')] });
    expect(two.field).toBe('packages');
  });

  it('refuses malformed fields with the field named', async () => {
    const solo = whole('SOLO');
    const bodies: [unknown, string][] = [
      [{}, 'packages'],
      [{ packages: [] }, 'packages'],
      [
        { packages: [{ ...solo, products: [{ product_id: 1, quantity: 1001 }] }] },
        'packages.0.products.0.quantity',
      ],
      [
        { packages: [{ ...solo, products: [{ product_id: 1, quantity: -1 }] }] },
        'packages.0.products.0.quantity',
      ],
      [
        { packages: [{ ...solo, products: [{ product_id: 1, quantity: '2' }] }] },
        'packages.0.products.0.quantity',
      ],
      [{ packages: [{ package_id: 2_147_483_648, products: [] }] }, 'packages.0.package_id'],
      [{ packages: [solo], shipping_through: 'DRONE' }, 'shipping_through'],
      [{ packages: [solo], coupon_code: 'X'.repeat(33) }, 'coupon_code'],
      [
        { packages: [solo], billing_details: { state_name_enum: 'K'.repeat(101) } },
        'billing_details.state_name_enum',
      ],
    ];
    for (const [body, field] of bodies) {
      expect((await refused(MULTI, body)).field).toBe(field);
    }
    expect((await refused(MULTI, { packages: [solo], shipping_pin_code: '11000' })).field).toBe(
      'shipping_pin_code',
    );
  });

  it('answers a body that is not JSON with the spec body', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: MULTI,
      headers: { 'content-type': 'application/json' },
      payload: '{"packages": [',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.http_status_code).toBe(400);
  });
});

describe('estimates kept per catalogue version', () => {
  it('answers the same request alike, and prices an operator change on the next one', async () => {
    const game = whole('GAME_1_PROFILE');
    const productCode = pkg('GAME_1_PROFILE').products[0]?.product_code ?? '';
    const first = await ok(MULTI, { packages: [game] });
    expect(await ok(MULTI, { packages: [game] })).toEqual(first);

    const setPrice = (amount: number) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/commerce/admin/catalogue/price/v1/',
        headers: { authorization: `Bearer ${OPERATOR}` },
        payload: { product_code: productCode, currency: 'INR', amount, original_amount: null },
      });
    const before = pkg('GAME_1_PROFILE').products[0]?.taxable_amount ?? 0;
    expect((await setPrice(2000)).statusCode).toBe(200);
    try {
      // ₹2,000 taxable + 18 % GST (₹360) = ₹2,360.
      const changed = await ok(MULTI, { packages: [game] });
      expect(changed.taxable_amount).toBe(2000);
      expect(changed.tax_amount).toBe(360);
      expect(changed.total_price).toBe(2360);
    } finally {
      expect((await setPrice(before)).statusCode).toBe(200);
    }
    expect((await ok(MULTI, { packages: [game] })).total_price).toBe(first.total_price);
  });
});
