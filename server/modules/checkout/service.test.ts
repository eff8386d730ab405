import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../db/client';
import { testDatabase } from '../../testing';
import { createCatalogueService } from '../catalogue/service';
import { type OtherDiscountRule, pricingCountry, pricingState } from './rules';
import { createCheckoutService } from './service';

const NOW = new Date('2026-10-20T12:00:00+05:30');
let database: OpenDatabase;

beforeAll(async () => {
  database = await testDatabase();
});

afterAll(async () => {
  await database.close();
});

/** A festival offer: ₹1,000 off every kit order of ₹40,000 or more, in October 2026. */
const festival: OtherDiscountRule = ({ currency, grossMinor, now }) =>
  currency === 'INR' && grossMinor >= 4_000_000 && now.getUTCMonth() === 9
    ? { name: 'Festival offer', kind: 'other', rule: { type: 'flat', amountMinor: 100_000 } }
    : null;

async function service(otherDiscounts: OtherDiscountRule[]) {
  const catalogue = createCatalogueService({ db: database.db, now: () => NOW, internationalPayments: true });
  const solo = (
    await catalogue.availablePackages({
      package_codes: ['SOLO'],
      country_name_enum: 'IN',
      include_out_of_stock: true,
    })
  ).packages[0];
  if (!solo) throw new Error('SOLO is not seeded');
  const checkout = createCheckoutService({
    db: database.db,
    now: () => NOW,
    findPackage: catalogue.findPackage,
    contentVersion: catalogue.contentVersion,
    shippingChargeMinor: async () => 9_900,
    deliversTo: async () => ({ is_available: true, message: '' }),
    features: { selfPickup: true, internationalUsers: true, availabilityCheckByPincode: true },
    otherDiscounts,
  });
  const packages = [
    {
      package_id: solo.package_id,
      products: solo.products.map((p) => ({ product_id: p.product_id, quantity: p.quantity })),
    },
  ];
  return { checkout, packages };
}

describe('other (automatic) discounts', () => {
  it('names each one and takes it off before a coupon, so the subtotal rule holds', async () => {
    const { checkout, packages } = await service([festival]);
    const result = await checkout.estimate(
      { packages, coupon_code: 'FLAT500', shipping_pin_code: '400001' },
      { international: false, singlePackage: false },
      null,
    );
    expect(result.other_discounts).toEqual([{ discount_name: 'Festival offer', discount_value: 1_000 }]);
    expect(result.coupon_discount).toBe(500);
    // 47,989 (the ₹99 shipping is waived); less 1,000 and 500 = 46,489
    expect(result.total_price).toBe(47_989);
    expect(result.shipping_charges).toBe(99);
    expect(result.discounts).toBe(1_500);
    expect(result.amount_payable).toBe(46_489);
    expect(
      result.packages[0]?.products.flatMap((p) => p.applicable_discounts.map((d) => d.discount_name)),
    ).toContain('Festival offer');
  });

  it('leaves the order alone when no rule applies', async () => {
    const { checkout, packages } = await service([festival]);
    const result = await checkout.estimate(
      { packages, billing_details: { country_name_enum: 'GB' } },
      { international: true, singlePackage: false },
      null,
    );
    expect(result.other_discounts).toEqual([]);
    expect(result.discounts).toBe(0);
  });
});

describe('what the buyer chose', () => {
  it('reads the country (India when unknown) and the state in either spelling', () => {
    expect(pricingCountry({ country_name: 'gb' })).toBe('GB');
    expect(pricingCountry({ country_name: 'United Kingdom' })).toBe('IN');
    expect(pricingCountry({})).toBe('IN');
    expect(pricingCountry({ country_name: 'US', billing_details: { country_name_enum: 'AU' } })).toBe('AU');
    expect(pricingState({ state_name: 'Tamil Nadu' })).toBe('TAMIL_NADU');
    expect(pricingState({ state_name: 'Goa', billing_details: { state_name_enum: 'KARNATAKA' } })).toBe(
      'KARNATAKA',
    );
    expect(pricingState({ state_name: '  ' })).toBeNull();
  });
});
