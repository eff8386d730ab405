import type { PackageWithEstimate } from '@contract/catalogue';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, testApp } from '../../testing';
import {
  type Buyer,
  createOrder,
  loadCatalogue,
  orderBody,
  signIn,
  testNumbers,
  wholePackage,
} from '../orders/testing';
import { CouponsUsageError, couponsViaDatabase, parseCouponsCommand } from './cli';

const OPERATOR = 'coupons-operator-token';
const ESTIMATE = '/api/commerce/orders/price_estimate/multiple_packages/v1/';
let shop: TestApp;
let buyer: Buyer;
let solo: ReturnType<typeof wholePackage>;
let keys = 0;

beforeAll(async () => {
  shop = await testApp({ operatorToken: OPERATOR, config: { OTP_TEST_NUMBERS: testNumbers(1) } });
  buyer = await signIn(shop.app, 1);
  solo = wholePackage((await loadCatalogue(shop.app, ['SOLO'])).get('SOLO') as PackageWithEstimate);
});

afterAll(async () => {
  await shop.close();
});

const estimate = (coupon_code: string, associate_code?: string) =>
  shop.app.inject({
    method: 'POST',
    url: ESTIMATE,
    payload: { packages: [solo], coupon_code, ...(associate_code ? { associate_code } : {}) },
  });
const order = (coupon_code: string) =>
  createOrder(shop.app, buyer, orderBody(buyer, [solo], { coupon_code }), `coupons-cli-${++keys}`);
const operator = (method: 'GET' | 'POST', url: string, payload?: object, token: string | null = OPERATOR) =>
  shop.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });

describe('npm run shop -- coupons issue', () => {
  it('takes a percent or an amount in major units, its limits, expiry and packages; one use per buyer unless told', () => {
    expect(
      parseCouponsCommand([
        'issue',
        'monsoon15',
        '--percent',
        '15',
        '--max-discount',
        '2,000',
        '--currency',
        'inr',
        '--min-order',
        '10000',
        '--total',
        '500',
        '--days',
        '30',
        '--packages',
        'bat,game_plus_bat',
      ]),
    ).toEqual({
      kind: 'issue',
      input: {
        code: 'MONSOON15',
        kind: 'percent',
        value: 1_500,
        currency: 'INR',
        max_discount_minor: 200_000,
        minimum_order_minor: 1_000_000,
        usage_limit_per_buyer: 1,
        usage_limit_total: 500,
        valid_days: 30,
        package_codes: ['BAT', 'GAME_PLUS_BAT'],
      },
    });
    expect(
      parseCouponsCommand([
        'issue',
        'USA5',
        '--amount',
        '5',
        '--currency',
        'USD',
        '--per-buyer',
        'unlimited',
      ]),
    ).toMatchObject({
      input: {
        kind: 'flat',
        value: 500,
        currency: 'USD',
        usage_limit_per_buyer: null,
        usage_limit_total: null,
      },
    });
  });

  it('explains what is wrong: no discount, both, a flat coupon or a cap without a currency, a bad code', () => {
    expect(() => parseCouponsCommand(['issue', 'X1'])).toThrow(/--percent N or --amount N/);
    expect(() => parseCouponsCommand(['issue', 'X1', '--percent', '5', '--amount', '5'])).toThrow(
      CouponsUsageError,
    );
    expect(() => parseCouponsCommand(['issue', 'X1', '--amount', '500'])).toThrow(
      /flat coupon needs its currency/,
    );
    expect(() => parseCouponsCommand(['issue', 'X1', '--percent', '5', '--max-discount', '9'])).toThrow(
      /cap needs its currency/,
    );
    expect(() => parseCouponsCommand(['issue', 'X1', '--percent', '120'])).toThrow(/at most 100 %/);
    expect(() => parseCouponsCommand(['issue', 'NO SPACES', '--percent', '5'])).toThrow(/letters, digits/);
    expect(() => parseCouponsCommand(['issue', 'X1', '--percent', '-5'])).toThrow(CouponsUsageError);
    expect(() => parseCouponsCommand(['revoke'])).toThrow(/Name the coupon code/);
    expect(() => parseCouponsCommand(['refund'])).toThrow(CouponsUsageError);
  });
});

describe('npm run shop -- coupons list | issue | revoke', () => {
  it('an issued coupon is taken by the next estimate; revoked, it is refused at the estimate and at order creation', async () => {
    const issued = await operator('POST', '/api/commerce/admin/coupons/v1/', {
      code: 'TEAM20',
      kind: 'percent',
      value: 2_000,
      currency: 'INR',
      max_discount_minor: null,
      minimum_order_minor: 0,
      usage_limit_per_buyer: 1,
      usage_limit_total: null,
      valid_days: null,
      package_codes: null,
    });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({ code: 'TEAM20', status: 'active', uses: 0 });
    const priced = await estimate('TEAM20');
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().coupon_discount).toBeGreaterThan(0);
    expect((await order('TEAM20')).statusCode).toBe(200);

    const listed = await operator('GET', '/api/commerce/admin/coupons/v1/');
    expect(listed.json().coupons).toContainEqual(expect.objectContaining({ code: 'TEAM20', uses: 1 }));

    const revoked = await operator('POST', '/api/commerce/admin/coupons/revoke/v1/', { code: 'team20' });
    expect(revoked.json()).toEqual({ kind: 'coupon', code: 'TEAM20' });
    for (const refused of [await estimate('TEAM20'), await order('TEAM20')]) {
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().data).toMatchObject({
        field: 'coupon_code',
        message: 'This coupon code is not valid',
      });
    }
  });

  it('without a server, writes the database, and a running shop sees it within its version poll', async () => {
    expect(
      await couponsViaDatabase(
        shop.db,
        parseCouponsCommand(['issue', 'FLAT250', '--amount', '250', '--currency', 'INR', '--days', '7']),
      ),
    ).toMatch(/^Coupon issued: FLAT250 +active +₹250 off/);
    await vi.waitFor(async () => expect((await estimate('FLAT250')).json().coupon_discount).toBe(250), {
      timeout: 5_000,
    });
    await couponsViaDatabase(shop.db, parseCouponsCommand(['revoke', 'FLAT250']));
    await vi.waitFor(async () => expect((await estimate('FLAT250')).statusCode).toBe(400), {
      timeout: 5_000,
    });

    const printed = await couponsViaDatabase(shop.db, parseCouponsCommand(['list']));
    expect(printed).toMatch(/FLAT250 +revoked +₹250 off/);
    expect(printed).toMatch(/DIWALI2024 +expired +15 % in INR/);
    expect(printed).toMatch(
      /WELCOME10 +active +10 % \(at most ₹5,000\) in INR +orders from ₹1,000 +1 per buyer/,
    );
  });

  it('revokes a referral code too, and refuses a code that is taken or unknown', async () => {
    expect((await estimate('', 'ACADEMY-MEERA')).statusCode).toBe(200);
    expect(await couponsViaDatabase(shop.db, parseCouponsCommand(['revoke', 'ACADEMY-MEERA']))).toBe(
      'The referral code ACADEMY-MEERA is revoked: it is refused from now on.',
    );
    await vi.waitFor(async () => expect((await estimate('', 'ACADEMY-MEERA')).statusCode).toBe(400), {
      timeout: 5_000,
    });
    await expect(
      couponsViaDatabase(shop.db, parseCouponsCommand(['issue', 'WELCOME10', '--percent', '5'])),
    ).rejects.toThrow(/exists already/);
    await expect(
      couponsViaDatabase(
        shop.db,
        parseCouponsCommand(['issue', 'BATS9', '--percent', '9', '--packages', 'NOPE']),
      ),
    ).rejects.toThrow(/No package NOPE/);
    await expect(couponsViaDatabase(shop.db, parseCouponsCommand(['revoke', 'NOPE']))).rejects.toThrow(
      /No coupon or referral code NOPE/,
    );
  });

  it('is offered to the operator only', async () => {
    expect((await operator('GET', '/api/commerce/admin/coupons/v1/', undefined, null)).statusCode).toBe(401);
    expect(
      (await operator('POST', '/api/commerce/admin/coupons/revoke/v1/', { code: 'FLAT500' }, 'wrong'))
        .statusCode,
    ).toBe(401);
    expect((await estimate('FLAT500')).statusCode).toBe(200);
  });
});
