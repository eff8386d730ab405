import {
  availablePackagesResponseSchema,
  availablePriceEstimateResponseSchema,
  lastSaleResponseSchema,
  notifyMeResponseSchema,
  type Package,
  packageResponseSchema,
  packagesAvailabilityConfigSchema,
  paymentServicesResponseSchema,
} from '@contract/catalogue';
import {
  catalogueAdminListResponseSchema,
  catalogueAdminProductResponseSchema,
} from '@contract/catalogue-admin';
import { errorBodySchema } from '@contract/common';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import * as schema from '../../db/schema';
import { seed } from '../../db/seed/index';
import { fakeStaticDir, type TestApp, testApp, testConfig } from '../../testing';
import { bumpCatalogueVersion } from './repo';

const TOKEN = 'test-operator-token-catalogue';
/** The seed, the server and the tests all read this instant (only Date is faked: PGlite needs real timers). */
const NOW = new Date('2026-11-20T06:30:00.000Z');
const DAY_MS = 86_400_000;

let shop: TestApp;
let app: App;
const ids = new Map<string, number>();

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const idOf = (code: string) => {
  const id = ids.get(code);
  if (id === undefined) throw new Error(`no package ${code}`);
  return id;
};

async function getPackage(code: string, country?: string): Promise<Package> {
  const query = country === undefined ? '' : `?country_name_enum=${country}`;
  const res = await call('GET', `/api/commerce/packages/${idOf(code)}/v1/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return packageResponseSchema.parse(res.json()).package;
}

/** A write straight to the catalogue's tables, seen as another process's: the version bumped, then the poll. */
async function catalogueChanged() {
  await bumpCatalogueVersion(shop.db);
  await app.catalogueVersion.refresh();
}

async function estimate(codes: string, country = 'IN') {
  const res = await call(
    'GET',
    `/api/commerce/packages/available/price_estimate/v1/?package_codes=${codes}&country_name_enum=${country}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return availablePriceEstimateResponseSchema.parse(res.json());
}

async function available(filter: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/commerce/packages/available/v1/', filter);
  expect(res.statusCode, res.body).toBe(200);
  return availablePackagesResponseSchema.parse(res.json());
}

const admin = (path: 'price' | 'stock', payload: unknown, token = TOKEN) =>
  call('POST', `/api/commerce/admin/catalogue/${path}/v1/`, payload, { authorization: `Bearer ${token}` });

async function setStock(productCode: string, quantity: number | 'UNLIMITED') {
  const res = await admin(
    'stock',
    quantity === 'UNLIMITED'
      ? { product_code: productCode, availability_type: 'UNLIMITED' }
      : { product_code: productCode, available_quantity: quantity },
  );
  expect(res.statusCode, res.body).toBe(200);
}

/** Runs `body` with some stock changed, and puts the seeded stock back afterwards. */
async function withStock(changes: Record<string, number>, body: () => Promise<void>) {
  const before = catalogueAdminListResponseSchema.parse(
    (
      await call('GET', '/api/commerce/admin/catalogue/v1/', undefined, { authorization: `Bearer ${TOKEN}` })
    ).json(),
  );
  try {
    for (const [code, quantity] of Object.entries(changes)) await setStock(code, quantity);
    await body();
  } finally {
    for (const code of Object.keys(changes)) {
      const p = before.products.find((x) => x.product_code === code);
      if (p) await setStock(code, p.availability_type === 'UNLIMITED' ? 'UNLIMITED' : p.available_quantity);
    }
  }
}

const errorOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).data;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const minor = (major: number) => Math.round(major * 100);

const ARTWORK = new Set(
  [
    'home-kit-solo',
    'home-kit-family',
    'game',
    'steam-game',
    'game-plus-bat',
    'custom-bat',
    'bat-grip',
    'bat-cover',
    'business-licence',
    'business-kit',
    'club-edition',
    'ad-arena',
    'ad-mall',
    'headset',
    'tracked-bat',
  ].map((name) => `/images/products/${name}.svg`),
);

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  shop = await testApp({
    config: { STATIC_DIR: fakeStaticDir() },
    operatorToken: TOKEN,
    // The seeded sales are dated from NOW.
    seedNow: true,
  });
  app = shop.app;
  for (const row of await shop.db.select().from(schema.packages)) ids.set(row.packageCode, row.id);
});

afterAll(async () => {
  await shop.close();
  vi.useRealTimers();
});

describe('the seeded line', () => {
  it('has every package of the line, with artwork from public/images/products', async () => {
    const config = packagesAvailabilityConfigSchema.parse(
      (await call('GET', '/config/packagesAvailabilityConfig.json')).json(),
    );
    expect(config.packages.map((p) => p.package_code)).toEqual(
      expect.arrayContaining([
        'SOLO',
        'FAMILY',
        'SOLO_NO_COST_EMI',
        'FAMILY_NO_COST_EMI',
        'GAME_1_PROFILE',
        'GAME_5_PROFILE',
        'STEAM_GAME',
        'GAME_PLUS_BAT',
        'BAT',
        'BUSINESS_LICENCE',
        'BUSINESS_KIT',
        'CLUB_EDITION',
      ]),
    );
    expect(config.packages.filter((p) => p.package_type === 'ad').length).toBeGreaterThanOrEqual(2);
    for (const p of (await available()).packages) {
      for (const url of [
        p.pic_url,
        ...p.pictures,
        ...p.products.flatMap((x) => [x.pic_url, ...x.pictures]),
      ]) {
        expect(ARTWORK.has(url), `${p.package_code}: ${url}`).toBe(true);
      }
    }
  });

  it('sells the business licence in India only, with the three licence codes, hardware 50,000 and licence 1,00,000', async () => {
    const pkg = await getPackage('BUSINESS_LICENCE');
    expect(pkg.available_in).toEqual(['IN']);
    expect(pkg.package_type).toBe('customizable');
    const prices = Object.fromEntries(pkg.products.map((p) => [p.product_code, p.taxable_amount]));
    expect(prices).toMatchObject({ IBC_BUSINESS_EDITION_GAME: 50_000, IBC_PREMIUM_LICENCE: 100_000 });
    expect(Object.keys(prices)).toEqual(
      expect.arrayContaining(['IBC_PREMIUM_LICENCE', 'IBC_BASIC_LICENCE', 'IBC_BUSINESS_EDITION_GAME']),
    );
  });

  it('prices a customizable package at the sum of its products’ taxable amounts (spec §3)', async () => {
    for (const country of ['IN', 'US']) {
      const bat = await getPackage('BAT', country);
      expect(bat.package_type).toBe('customizable');
      expect(bat.products.every((p) => p.quantity === 0)).toBe(true);
      expect(bat.price).toBeGreaterThan(0);
      expect(minor(bat.price)).toBe(sum(bat.products.map((p) => minor(p.taxable_amount))));
    }
    // A package's own price still wins: the business licence's headline per pin.
    expect((await getPackage('BUSINESS_LICENCE')).price).toBe(150_000);
  });

  it('names the seller: IBC Cricket for most, the bat-maker partner for the custom bat', async () => {
    const bat = await getPackage('BAT');
    expect(bat.products.find((p) => p.product_code === 'IBC_CUSTOM_BAT')?.vendor_details).toEqual({
      vendor_type: 'OTHER',
      name: 'Kashmir Willow Works',
    });
    const solo = await getPackage('SOLO');
    expect(solo.products.every((p) => p.vendor_details.vendor_type === 'SELF')).toBe(true);
    expect(solo.products[0]?.vendor_details).toEqual({ vendor_type: 'SELF', vendor_name: 'IBC Cricket' });
  });

  it('is seeded idempotently and a reseed keeps an operator change', async () => {
    const counts = async () =>
      Promise.all(
        [
          schema.products,
          schema.packages,
          schema.productPrices,
          schema.packageProducts,
          schema.packageSales,
        ].map(async (table) => (await shop.db.select({ n: count() }).from(table))[0]?.n),
      );
    const before = await counts();
    expect(
      (await admin('price', { product_code: 'IBC_BAT_GRIP', currency: 'INR', amount: 300 })).statusCode,
    ).toBe(200);
    await seed(shop.db);
    expect(await counts()).toEqual(before);
    const grip = (await getPackage('BAT')).products.find((p) => p.product_code === 'IBC_BAT_GRIP');
    expect(grip?.taxable_amount).toBe(300);
    await admin('price', { product_code: 'IBC_BAT_GRIP', currency: 'INR', amount: 266.96 });
  });
});

describe('GET /api/commerce/packages/{id}/v1/', () => {
  it('answers a fixed package in INR for India by default, its price the sum of its products', async () => {
    const res = await call('GET', `/api/commerce/packages/${idOf('FAMILY')}/v1/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const pkg = packageResponseSchema.parse(res.json()).package;
    expect(pkg).toMatchObject({
      package_code: 'FAMILY',
      package_type: 'fixed',
      country_code: 'IN',
      currency: 'INR',
      quantity: 0,
      is_out_of_stock: false,
      is_shipping_required: true,
      emi_starts_from_amount: null,
      ad_details: null,
    });
    expect(pkg.products.map((p) => [p.product_code, p.quantity])).toEqual([
      ['IBC_VR_HEADSET', 1],
      ['IBC_TRACKED_BAT', 2],
      ['IBC_GAME_5_PROFILE_KEY', 1],
    ]);
    expect(minor(pkg.price)).toBe(sum(pkg.products.map((p) => minor(p.taxable_amount) * p.quantity)));
    const bat = pkg.products.find((p) => p.product_code === 'IBC_TRACKED_BAT');
    expect(bat).toMatchObject({ hsn_code: '9506', gst_rate: 12, category: { category_code: 'VR_HARDWARE' } });
    expect(minor(bat?.total_amount_for_each_product ?? 0)).toBe(minor(bat?.taxable_amount ?? 0) * 2);
    expect(pkg.categories.map((c) => c.category_code)).toEqual(['VR_HARDWARE', 'GAME']);
    expect(pkg.products.every((p) => p.price_estimate_details === undefined)).toBe(true);
  });

  it('prices the same package in USD for any other country, with no GST on export', async () => {
    const pkg = await getPackage('SOLO', 'us');
    expect(pkg).toMatchObject({ country_code: 'US', currency: 'USD', price: 597 });
    expect(pkg.products.map((p) => [p.product_code, p.taxable_amount, p.gst_rate])).toEqual([
      ['IBC_VR_HEADSET', 449, 0],
      ['IBC_TRACKED_BAT', 89, 0],
      ['IBC_GAME_1_PROFILE_KEY', 59, 0],
    ]);
    expect(pkg.original_price).toBe(499 + 89 + 69);
    expect(pkg.products[0]?.original_taxable_amount).toBe(499);
  });

  it('gives the no-cost EMI kits their monthly instalment: ₹7,999 for the headline solo kit over 6 months', async () => {
    const solo = await getPackage('SOLO_NO_COST_EMI');
    expect(solo.emi_starts_from_amount).toBe(7999);
    const [withTax] = (await estimate('SOLO_NO_COST_EMI')).packages;
    expect(solo.emi_starts_from_amount).toBe(Math.ceil((withTax?.price_estimate.total_amount ?? 0) / 6));

    const family = await getPackage('FAMILY_NO_COST_EMI');
    const [familyTotal] = (await estimate('FAMILY_NO_COST_EMI')).packages;
    expect(family.emi_starts_from_amount).toBe(
      Math.ceil((familyTotal?.price_estimate.total_amount ?? 0) / 12),
    );

    expect((await getPackage('SOLO')).emi_starts_from_amount).toBeNull();
    expect((await getPackage('BAT')).emi_starts_from_amount).toBeNull();
  });

  it('says 404 "Package not found" for an unknown id', async () => {
    const res = await call('GET', '/api/commerce/packages/99999/v1/');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toMatchObject({
      message: 'Package not found',
      res_status: 'NOT_FOUND',
      http_status_code: 404,
    });
  });

  it('says 404 with the countries for a package not sold in the country', async () => {
    const res = await call(
      'GET',
      `/api/commerce/packages/${idOf('SOLO_NO_COST_EMI')}/v1/?country_name_enum=US`,
    );
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toMatchObject({
      message: 'IBC home kit - Solo, no-cost EMI is not available in US',
      response: 'Currently available in IN',
    });
  });

  it('rejects a bad country code or id with 400 and the spec error body naming the field', async () => {
    for (const country of ['India', 'I', '1N', '']) {
      const res = await call(
        'GET',
        `/api/commerce/packages/${idOf('SOLO')}/v1/?country_name_enum=${country}`,
      );
      expect(res.statusCode, country).toBe(400);
      expect(errorOf(res), country).toMatchObject({
        field: 'country_name_enum',
        res_status: 'BAD_REQUEST',
        http_status_code: 400,
      });
      expect(errorOf(res).message).toContain('two-letter country code');
    }
    const res = await call('GET', '/api/commerce/packages/abc/v1/');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).field).toBe('id');
  });

  it('describes an ad package: venue, devices, dates, assets and the cost per device per day', async () => {
    const pkg = await getPackage('AD_MUMBAI_ARENA');
    expect(pkg.package_type).toBe('ad');
    expect(pkg.products.every((p) => p.product_type === 'ad' && p.quantity === 0)).toBe(true);
    expect(pkg.ad_details).toMatchObject({
      venue: 'IBC Cricket Arena, Lower Parel, Mumbai',
      start_date: '2026-01-01',
      cost_per_device_per_day: 1500,
    });
    // The seed keeps the venues bookable two years past the day it ran, so the window never runs out.
    expect(pkg.ad_details?.end_date.localeCompare('2028-01-01')).toBeGreaterThanOrEqual(0);
    expect(pkg.ad_details?.devices.length).toBeGreaterThanOrEqual(2);
    expect(pkg.ad_details?.devices.length).toBeLessThanOrEqual(4);
    expect(pkg.ad_details?.ad_assets[0]).toMatchObject({ asset_url: '/images/products/ad-arena.svg' });
  });
});

describe('stock (spec §5)', () => {
  it('marks the seeded club edition out of stock and keeps its sold-out product', async () => {
    const pkg = await getPackage('CLUB_EDITION');
    expect(pkg.is_out_of_stock).toBe(true);
    const sensor = pkg.products.find((p) => p.product_code === 'IBC_CLUB_PITCH_SENSOR');
    expect(sensor).toMatchObject({
      availability_type: 'LIMITED',
      available_quantity: 0,
      is_out_of_stock: true,
    });
    expect(pkg.products.filter((p) => !p.is_out_of_stock).length).toBe(2);
  });

  it('never runs out of an UNLIMITED product, whatever its quantity', async () => {
    const pkg = await getPackage('GAME_1_PROFILE');
    expect(pkg.products[0]).toMatchObject({ availability_type: 'UNLIMITED', is_out_of_stock: false });
    expect(pkg.is_out_of_stock).toBe(false);
  });

  it('one sold-out product marks every fixed package holding it out of stock, which keeps it', async () => {
    await withStock({ IBC_TRACKED_BAT: 0 }, async () => {
      for (const code of ['SOLO', 'FAMILY', 'GAME_PLUS_BAT', 'BUSINESS_KIT']) {
        const pkg = await getPackage(code);
        expect(pkg.is_out_of_stock, code).toBe(true);
        expect(pkg.products.find((p) => p.product_code === 'IBC_TRACKED_BAT')?.is_out_of_stock, code).toBe(
          true,
        );
      }
      expect((await getPackage('GAME_1_PROFILE')).is_out_of_stock).toBe(false);
    });
    expect((await getPackage('SOLO')).is_out_of_stock).toBe(false);
  });

  it('a fixed package needing more units than are left is out of stock', async () => {
    await withStock({ IBC_VR_HEADSET: 1 }, async () => {
      expect((await getPackage('BUSINESS_KIT')).is_out_of_stock).toBe(true);
      expect((await getPackage('SOLO')).is_out_of_stock).toBe(false);
    });
  });

  it('a customizable package drops its sold-out products and is out of stock only when all are', async () => {
    await withStock({ IBC_BAT_COVER: 0 }, async () => {
      const pkg = await getPackage('BAT');
      expect(pkg.products.map((p) => p.product_code)).toEqual(['IBC_CUSTOM_BAT', 'IBC_BAT_GRIP']);
      expect(pkg.is_out_of_stock).toBe(false);
    });
    await withStock({ IBC_BAT_COVER: 0, IBC_BAT_GRIP: 0, IBC_CUSTOM_BAT: 0 }, async () => {
      const pkg = await getPackage('BAT');
      expect(pkg.products).toEqual([]);
      expect(pkg.is_out_of_stock).toBe(true);
    });
    expect((await getPackage('BAT')).products).toHaveLength(3);
  });

  it('an ad package drops a sold-out ad product too', async () => {
    await withStock({ IBC_AD_SLOT_BENGALURU_MALL: 0 }, async () => {
      const pkg = await getPackage('AD_BENGALURU_MALL');
      expect(pkg.products).toEqual([]);
      expect(pkg.is_out_of_stock).toBe(true);
    });
    const pkg = await getPackage('AD_BENGALURU_MALL');
    expect(pkg.products).toHaveLength(1);
    expect(pkg.products[0]?.availability_type).toBe('UNLIMITED');
  });
});

describe('GET /api/commerce/packages/available/price_estimate/v1/', () => {
  it('totals taxable, GST per line (rounded half up) and amount in INR', async () => {
    const res = await call(
      'GET',
      '/api/commerce/packages/available/price_estimate/v1/?package_codes=SOLO,FAMILY&country_name_enum=IN',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const body = availablePriceEstimateResponseSchema.parse(res.json());
    expect(body).toMatchObject({ country_code: 'IN', currency: 'INR' });
    expect(body.packages.map((p) => p.package_code)).toEqual(['SOLO', 'FAMILY']);
    const solo = body.packages[0];
    // ₹30,500 × 18 % + ₹6,250 × 12 % + ₹4,236.44 × 18 % = 5,490 + 750 + 762.56: whole rupees with GST
    expect(solo?.price_estimate).toEqual({
      total_taxable_amount: 40_986.44,
      total_tax: 7_002.56,
      total_amount: 47_989,
      total_discount: 0,
    });
    for (const pkg of body.packages) {
      const lines = pkg.products.map((p) => p.price_estimate_details);
      for (const [i, line] of lines.entries()) {
        const p = pkg.products[i];
        expect(line?.quantity).toBe(p?.quantity);
        expect(minor(line?.total_taxable_amount ?? -1)).toBe(
          minor(p?.taxable_amount ?? 0) * (p?.quantity ?? 0),
        );
        expect(minor(line?.total_tax ?? -1)).toBe(
          Math.floor(minor(line?.total_taxable_amount ?? 0) * ((p?.gst_rate ?? 0) / 100) + 0.5 + 1e-9),
        );
        expect(minor(line?.total_amount ?? -1)).toBe(
          minor(line?.total_taxable_amount ?? 0) + minor(line?.total_tax ?? 0),
        );
      }
      expect(minor(pkg.price_estimate.total_tax)).toBe(sum(lines.map((l) => minor(l?.total_tax ?? 0))));
      expect(minor(pkg.price_estimate.total_amount)).toBe(
        minor(pkg.price_estimate.total_taxable_amount) + minor(pkg.price_estimate.total_tax),
      );
    }
  });

  it('shows every seeded price with GST in whole rupees in India and whole cents abroad', async () => {
    for (const country of ['IN', 'US', 'GB']) {
      const codes = (await available({ country_name_enum: country })).packages.map((p) => p.package_code);
      expect(codes.length).toBeGreaterThan(0);
      const body = await estimate(codes.join(','), country);
      const step = country === 'IN' ? 100 : 1;
      for (const pkg of body.packages) {
        const withGst = minor(pkg.price_estimate.total_amount);
        expect(withGst % step, `${country} ${pkg.package_code}: ${pkg.price_estimate.total_amount}`).toBe(0);
        expect(pkg.price_estimate.total_amount).toBe(withGst / 100);
        for (const product of pkg.products) {
          // One unit with its GST, as the product's own card shows it.
          const unit = minor(product.taxable_amount);
          const unitWithGst = unit + Math.floor((unit * product.gst_rate) / 100 + 0.5 + 1e-9);
          expect(unitWithGst % step, `${country} ${product.product_code}`).toBe(0);
        }
      }
    }
  });

  it('charges no GST on export (USD)', async () => {
    const body = await estimate('SOLO,GAME_PLUS_BAT', 'GB');
    expect(body.currency).toBe('USD');
    expect(body.packages[0]?.price_estimate).toEqual({
      total_taxable_amount: 597,
      total_tax: 0,
      total_amount: 597,
      total_discount: 0,
    });
    expect(body.packages[1]?.price_estimate.total_amount).toBe(148);
  });

  it('accepts a repeated parameter and leaves out packages not sold in the country', async () => {
    const res = await call(
      'GET',
      '/api/commerce/packages/available/price_estimate/v1/?package_codes=SOLO&package_codes=SOLO_NO_COST_EMI&country_name_enum=US',
    );
    expect(res.statusCode).toBe(200);
    expect(
      availablePriceEstimateResponseSchema.parse(res.json()).packages.map((p) => p.package_code),
    ).toEqual(['SOLO']);
  });

  it('estimates a customizable package at its default quantities (0) while showing its own price', async () => {
    const [pkg] = (await estimate('BUSINESS_LICENCE')).packages;
    expect(pkg?.price).toBe(150_000);
    expect(pkg?.price_estimate.total_amount).toBe(0);
    expect(pkg?.products.every((p) => p.quantity === 0)).toBe(true);
  });

  it('charges a fixed package its own (bundle) price, spread over its lines and taxed per line', async () => {
    await shop.db.insert(schema.packagePrices).values({
      packageId: idOf('FAMILY'),
      currency: 'INR',
      priceMinor: 5_000_000,
      originalPriceMinor: 5_500_000,
    });
    // Like every catalogue write, then this process's poll.
    await catalogueChanged();
    try {
      const pkg = await getPackage('FAMILY');
      expect(pkg.price).toBe(50_000);
      expect(pkg.original_price).toBe(55_000);
      const [estimated] = (await estimate('FAMILY')).packages;
      expect(estimated?.price_estimate.total_taxable_amount).toBe(50_000);
      expect(sum(estimated?.products.map((p) => minor(p.total_amount_for_each_product)) ?? [])).toBe(
        5_000_000,
      );
      expect(estimated?.price_estimate.total_tax).toBeGreaterThan(50_000 * 0.12);
    } finally {
      await shop.db
        .delete(schema.packagePrices)
        .where(
          and(eq(schema.packagePrices.packageId, idOf('FAMILY')), eq(schema.packagePrices.currency, 'INR')),
        );
      await catalogueChanged();
    }
  });

  it('says 404 naming unknown package codes, and 400 without any', async () => {
    const res = await call(
      'GET',
      '/api/commerce/packages/available/price_estimate/v1/?package_codes=SOLO,NOPE,ALSO_NOPE',
    );
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('Package not found: NOPE, ALSO_NOPE');
    const none = await call('GET', '/api/commerce/packages/available/price_estimate/v1/?package_codes=');
    expect(none.statusCode).toBe(400);
    expect(errorOf(none)).toMatchObject({ field: 'package_codes' });
    const missing = await call('GET', '/api/commerce/packages/available/price_estimate/v1/');
    expect(missing.statusCode).toBe(400);
  });
});

describe('POST /api/commerce/packages/available/v1/', () => {
  it('lists what India can buy by default, in the seeded order', async () => {
    const body = await available();
    expect(body).toMatchObject({ country_code: 'IN', currency: 'INR' });
    expect(body.packages.map((p) => p.package_code).slice(0, 4)).toEqual([
      'SOLO',
      'FAMILY',
      'SOLO_NO_COST_EMI',
      'FAMILY_NO_COST_EMI',
    ]);
    expect(body.packages.length).toBeGreaterThanOrEqual(14);
  });

  it('leaves out packages not sold in the country', async () => {
    const us = (await available({ country_name_enum: 'US' })).packages.map((p) => p.package_code);
    expect(us).toContain('SOLO');
    expect(us).not.toContain('SOLO_NO_COST_EMI');
    expect(us).not.toContain('BUSINESS_LICENCE');
    expect(us).not.toContain('CLUB_EDITION');
    const gb = (await available({ country_name_enum: 'GB' })).packages.map((p) => p.package_code);
    expect(gb).toContain('CLUB_EDITION');
  });

  it('narrows by codes, package types, product types, categories and stock', async () => {
    const codes = (await available({ package_codes: ['GAME_1_PROFILE', 'BAT', 'UNKNOWN'] })).packages;
    expect(codes.map((p) => p.package_code)).toEqual(['GAME_1_PROFILE', 'BAT']);

    const ads = (await available({ package_types: ['ad'] })).packages;
    expect(ads.map((p) => p.package_code)).toEqual(['AD_MUMBAI_ARENA', 'AD_BENGALURU_MALL']);
    expect(ads.every((p) => p.ad_details !== null)).toBe(true);

    const games = (await available({ product_types: ['game'], package_types: ['fixed'] })).packages;
    expect(games.map((p) => p.package_code)).toEqual(
      expect.arrayContaining(['SOLO', 'GAME_1_PROFILE', 'GAME_5_PROFILE', 'STEAM_GAME', 'GAME_PLUS_BAT']),
    );
    expect(games.map((p) => p.package_code)).not.toContain('BAT');

    const licences = (await available({ category_codes: ['LICENCE'] })).packages.map((p) => p.package_code);
    expect(licences.sort()).toEqual(['BUSINESS_KIT', 'BUSINESS_LICENCE']);

    const inStock = (await available({ include_out_of_stock: false })).packages.map((p) => p.package_code);
    expect(inStock).not.toContain('CLUB_EDITION');
    expect(inStock).toContain('SOLO');
  });

  it('rejects unknown package and product types with the spec messages, naming the field', async () => {
    const badPackage = await call('POST', '/api/commerce/packages/available/v1/', {
      package_types: ['bundle'],
    });
    expect(badPackage.statusCode).toBe(400);
    expect(errorOf(badPackage)).toMatchObject({ res_status: 'BAD_REQUEST', http_status_code: 400 });
    expect(errorOf(badPackage).message).toContain('Invalid package type');
    expect(errorOf(badPackage).field).toMatch(/^package_types/);

    const badProduct = await call('POST', '/api/commerce/packages/available/v1/', {
      product_types: ['hardware'],
    });
    expect(badProduct.statusCode).toBe(400);
    expect(errorOf(badProduct).message).toContain('Invalid product type');
    expect(errorOf(badProduct).field).toMatch(/^product_types/);

    const badCountry = await call('POST', '/api/commerce/packages/available/v1/', {
      country_name_enum: 'USA',
    });
    expect(badCountry.statusCode).toBe(400);
    expect(errorOf(badCountry).field).toBe('country_name_enum');
  });
});

describe('GET /api/commerce/packages/{id}/last_sale/v1/', () => {
  it('tells when the sold-out club edition last sold (seed sales) and how many sold in 30 days', async () => {
    const res = await call('GET', `/api/commerce/packages/${idOf('CLUB_EDITION')}/last_sale/v1/`);
    expect(res.statusCode).toBe(200);
    const body = lastSaleResponseSchema.parse(res.json());
    expect(body.package_code).toBe('CLUB_EDITION');
    expect(body.units_sold_last_30_days).toBe(3);
    expect(NOW.getTime() - Date.parse(body.last_sale_datetime ?? '')).toBeGreaterThan(3 * DAY_MS);
    // The seed's latest club-edition sale is 4 days old.
    expect(body.last_sale_datetime).toBe(new Date(NOW.getTime() - 4 * DAY_MS).toISOString());
    expect(body.expected_restock_date).toBeNull();
  });

  it('reads the sales the order module records', async () => {
    const soldAt = new Date(NOW.getTime() - 3_600_000);
    await shop.db
      .insert(schema.packageSales)
      .values({ packageId: idOf('STEAM_GAME'), quantity: 2, soldAt, orderId: 'ORD-1' });
    const body = lastSaleResponseSchema.parse(
      (await call('GET', `/api/commerce/packages/${idOf('STEAM_GAME')}/last_sale/v1/`)).json(),
    );
    expect(body).toMatchObject({ last_sale_datetime: soldAt.toISOString(), units_sold_last_30_days: 2 });
  });

  it('says null and 0 for a package that never sold, 404 for an unknown one', async () => {
    const body = lastSaleResponseSchema.parse(
      (await call('GET', `/api/commerce/packages/${idOf('SOLO')}/last_sale/v1/`)).json(),
    );
    expect(body).toMatchObject({ last_sale_datetime: null, units_sold_last_30_days: 0 });
    const res = await call('GET', '/api/commerce/packages/99999/last_sale/v1/');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('Package not found');
  });
});

describe('POST /api/commerce/packages/{id}/notify_me/v1/', () => {
  const url = () => `/api/commerce/packages/${idOf('CLUB_EDITION')}/notify_me/v1/`;
  const stored = async () =>
    (
      await shop.db
        .select({ n: count() })
        .from(schema.notifyMeRequests)
        .where(eq(schema.notifyMeRequests.packageId, idOf('CLUB_EDITION')))
    )[0]?.n;

  it('stores a request once per contact: a repeat answers created: false', async () => {
    const first = await call('POST', url(), { email: 'Coach@Example.com', country_name_enum: 'GB' });
    expect(first.statusCode).toBe(201);
    const created = notifyMeResponseSchema.parse(first.json());
    expect(created).toMatchObject({ package_code: 'CLUB_EDITION', created: true });

    const again = await call('POST', url(), { email: 'coach@example.com' });
    expect(again.statusCode).toBe(200);
    expect(notifyMeResponseSchema.parse(again.json())).toEqual({ ...created, created: false });

    const withPhone = await call('POST', url(), {
      email: 'coach@example.com',
      phone_number: '+919876543210',
    });
    expect(notifyMeResponseSchema.parse(withPhone.json())).toEqual({ ...created, created: false });

    const phone = await call('POST', url(), { phone_number: '+447700900123' });
    expect(phone.statusCode).toBe(201);
    expect(await stored()).toBe(2);

    const [row] = await shop.db
      .select()
      .from(schema.notifyMeRequests)
      .where(eq(schema.notifyMeRequests.id, created.notify_me_id));
    expect(row).toMatchObject({ email: 'coach@example.com', countryCode: 'GB' });
  });

  it('keeps one row when the same request races itself', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => call('POST', url(), { email: 'race@example.com' }).then((r) => r.json())),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.notify_me_id)).size).toBe(1);
  });

  it('needs an e-mail or a phone number, each valid', async () => {
    const none = await call('POST', url(), {});
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).message).toContain('Enter an email id or a mobile number');
    const badEmail = await call('POST', url(), { email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(errorOf(badEmail)).toMatchObject({ field: 'email' });
    const badPhone = await call('POST', url(), { phone_number: '98765' });
    expect(errorOf(badPhone)).toMatchObject({ field: 'phone_number' });
  });

  it('says 404 for an unknown package', async () => {
    const res = await call('POST', '/api/commerce/packages/99999/notify_me/v1/', { email: 'a@example.com' });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/invoicing/packages/payment_services/v1/', () => {
  it('offers the card modal for every package and the payment link for INR, each described', async () => {
    const res = await call('POST', '/api/invoicing/packages/payment_services/v1/', {
      package_codes: ['SOLO', 'BUSINESS_LICENCE', 'AD_MUMBAI_ARENA'],
    });
    expect(res.statusCode).toBe(200);
    const body = paymentServicesResponseSchema.parse(res.json());
    expect(body.packages.map((p) => [p.package_code, p.package_id])).toEqual([
      ['SOLO', idOf('SOLO')],
      ['BUSINESS_LICENCE', idOf('BUSINESS_LICENCE')],
      ['AD_MUMBAI_ARENA', idOf('AD_MUMBAI_ARENA')],
    ]);
    for (const p of body.packages) {
      expect(p.payment_services_details.map((s) => s.payment_service)).toEqual([
        'CARD_MODAL',
        'PAYMENT_LINK',
      ]);
      expect(p.payment_services_details.every((s) => s.payment_service_description.length > 20)).toBe(true);
    }
  });

  it('offers only the card modal for USD', async () => {
    const body = paymentServicesResponseSchema.parse(
      (
        await call('POST', '/api/invoicing/packages/payment_services/v1/', {
          package_codes: ['SOLO'],
          country_name_enum: 'US',
        })
      ).json(),
    );
    expect(body.packages[0]?.payment_services_details.map((s) => s.payment_service)).toEqual(['CARD_MODAL']);
  });

  it('says 404 for unknown codes and 400 for none', async () => {
    const unknown = await call('POST', '/api/invoicing/packages/payment_services/v1/', {
      package_codes: ['NOPE'],
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe('Package not found: NOPE');
    const none = await call('POST', '/api/invoicing/packages/payment_services/v1/', { package_codes: [] });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none)).toMatchObject({ field: 'package_codes' });
  });
});

describe('GET /config/packagesAvailabilityConfig.json', () => {
  it('says whether international payments are on as the server is configured (FEATURE_INTERNATIONAL_PAYMENTS)', async () => {
    const off = shop.build({
      config: { features: { ...testConfig().features, internationalPayments: false } },
    });
    const res = await off.inject({ method: 'GET', url: '/config/packagesAvailabilityConfig.json' });
    expect(packagesAvailabilityConfigSchema.parse(res.json()).international_payments_enabled).toBe(false);
    await off.close();
  });

  it('is generated from the database, revalidated on every load', async () => {
    const res = await call('GET', '/config/packagesAvailabilityConfig.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = packagesAvailabilityConfigSchema.parse(res.json());
    expect(body.international_payments_enabled).toBe(true);
    expect(body.packages.find((p) => p.package_code === 'CLUB_EDITION')).toEqual({
      package_code: 'CLUB_EDITION',
      package_type: 'fixed',
      available_in: ['IN', 'GB', 'AU'],
      is_out_of_stock: true,
    });
    expect(body.packages.find((p) => p.package_code === 'BUSINESS_LICENCE')?.available_in).toEqual(['IN']);

    await withStock({ IBC_CLUB_PITCH_SENSOR: 4 }, async () => {
      const after = packagesAvailabilityConfigSchema.parse(
        (await call('GET', '/config/packagesAvailabilityConfig.json')).json(),
      );
      expect(after.packages.find((p) => p.package_code === 'CLUB_EDITION')?.is_out_of_stock).toBe(false);
    });
  });
});

describe('operator calls: /api/commerce/admin/catalogue/…', () => {
  it('refuses a missing or wrong token (401) and other machines (403), changing nothing', async () => {
    const wrong = await admin(
      'price',
      { product_code: 'IBC_VR_HEADSET', currency: 'INR', amount: 1 },
      'nope',
    );
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong).res_status).toBe('UNAUTHORIZED');
    const missing = await call('POST', '/api/commerce/admin/catalogue/stock/v1/', {
      product_code: 'IBC_VR_HEADSET',
      available_quantity: 0,
    });
    expect(missing.statusCode).toBe(401);
    expect((await call('GET', '/api/commerce/admin/catalogue/v1/')).statusCode).toBe(401);
    const remote = await app.inject({
      method: 'POST',
      url: '/api/commerce/admin/catalogue/stock/v1/',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { product_code: 'IBC_VR_HEADSET', available_quantity: 0 },
    });
    expect(remote.statusCode).toBe(403);
    const headset = (await getPackage('SOLO')).products[0];
    expect(headset).toMatchObject({
      product_code: 'IBC_VR_HEADSET',
      taxable_amount: 30_500,
      available_quantity: 120,
    });
  });

  it('changes a price (major units in, minor stored) and the next GET and estimate show it', async () => {
    const res = await admin('price', { product_code: 'IBC_VR_HEADSET', currency: 'INR', amount: 54_999 });
    expect(res.statusCode, res.body).toBe(200);
    expect(catalogueAdminProductResponseSchema.parse(res.json()).product.prices).toEqual([
      // The old "original" (₹33,050) is below the new price, so it is no longer an offer.
      { currency: 'INR', taxable_amount: 54_999, original_taxable_amount: null },
      { currency: 'USD', taxable_amount: 449, original_taxable_amount: 499 },
    ]);
    const [row] = await shop.db
      .select()
      .from(schema.productPrices)
      .innerJoin(schema.products, eq(schema.products.id, schema.productPrices.productId))
      .where(
        and(eq(schema.products.productCode, 'IBC_VR_HEADSET'), eq(schema.productPrices.currency, 'INR')),
      );
    expect(row?.product_prices.taxableAmountMinor).toBe(5_499_900);

    const solo = await getPackage('SOLO');
    expect(solo.products[0]?.taxable_amount).toBe(54_999);
    expect(solo.price).toBe(54_999 + 6_250 + 4_236.44);
    const [estimated] = (await estimate('SOLO')).packages;
    expect(estimated?.products[0]?.price_estimate_details?.total_tax).toBe(9_899.82);

    const back = await admin('price', {
      product_code: 'IBC_VR_HEADSET',
      currency: 'INR',
      amount: 30_500,
      original_amount: 33_050,
    });
    expect(back.statusCode).toBe(200);
    expect((await getPackage('SOLO')).products[0]).toMatchObject({
      taxable_amount: 30_500,
      original_taxable_amount: 33_050,
    });
  });

  it('changes stock and the next GET shows it', async () => {
    const res = await admin('stock', { product_code: 'IBC_GAME_5_PROFILE_KEY', available_quantity: 0 });
    expect(catalogueAdminProductResponseSchema.parse(res.json()).product).toMatchObject({
      availability_type: 'LIMITED',
      available_quantity: 0,
      is_out_of_stock: true,
    });
    expect((await getPackage('GAME_5_PROFILE')).is_out_of_stock).toBe(true);
    await setStock('IBC_GAME_5_PROFILE_KEY', 'UNLIMITED');
    expect((await getPackage('GAME_5_PROFILE')).is_out_of_stock).toBe(false);
  });

  it('rejects bad input with the field named, and unknown products with 404', async () => {
    const cases: [unknown, string][] = [
      [{ product_code: 'IBC_VR_HEADSET', currency: 'EUR', amount: 1 }, 'currency'],
      [{ product_code: 'IBC_VR_HEADSET', currency: 'INR', amount: 1.234 }, 'amount'],
      [{ product_code: 'IBC_VR_HEADSET', currency: 'INR', amount: -5 }, 'amount'],
      [
        { product_code: 'IBC_VR_HEADSET', currency: 'INR', amount: 100, original_amount: 90 },
        'original_amount',
      ],
    ];
    for (const [payload, field] of cases) {
      const res = await admin('price', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).field).toBe(field);
    }
    const noQuantity = await admin('stock', { product_code: 'IBC_VR_HEADSET' });
    expect(noQuantity.statusCode).toBe(400);
    expect(errorOf(noQuantity).field).toBe('available_quantity');
    const unknown = await admin('price', { product_code: 'NOPE', currency: 'INR', amount: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe('Product not found: NOPE');
    expect((await getPackage('SOLO')).products[0]?.taxable_amount).toBe(30_500);
  });

  it('lists products with prices and stock, and packages with their stock', async () => {
    const res = await call('GET', '/api/commerce/admin/catalogue/v1/', undefined, {
      authorization: `Bearer ${TOKEN}`,
    });
    const list = catalogueAdminListResponseSchema.parse(res.json());
    expect(list.products.find((p) => p.product_code === 'IBC_CLUB_PITCH_SENSOR')).toMatchObject({
      is_out_of_stock: true,
      prices: [
        { currency: 'INR', taxable_amount: 21_185.59 },
        { currency: 'USD', taxable_amount: 349 },
      ],
    });
    expect(list.packages.find((p) => p.package_code === 'CLUB_EDITION')?.is_out_of_stock).toBe(true);
  });

  it('stays open during maintenance, while buyers get 503', async () => {
    const maintenance = (enabled: boolean) =>
      call('POST', '/api/maintenance/admin/v1/', { enabled }, { authorization: `Bearer ${TOKEN}` });
    await maintenance(true);
    try {
      expect((await call('GET', `/api/commerce/packages/${idOf('SOLO')}/v1/`)).statusCode).toBe(503);
      const res = await call('GET', '/api/commerce/admin/catalogue/v1/', undefined, {
        authorization: `Bearer ${TOKEN}`,
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await maintenance(false);
    }
  });
});
