import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  buildPriceEstimateRequest,
  EMPTY_PRICE_ESTIMATE,
  estimateSubtotal,
  isEstimateSkipped,
  type PriceEstimateInputs,
  priceEstimateQueryKey,
  pricingCountry,
  selectedPackages,
} from './priceEstimateRequest';

const lines = [
  { packageId: 2, productId: 11, quantity: 1 },
  { packageId: 2, productId: 12, quantity: 0 },
  { packageId: 1, productId: 5, quantity: 2 },
  { packageId: 3, productId: 20, quantity: 0 },
];

const inputs: PriceEstimateInputs = {
  lines,
  couponCode: ' DIWALI10 ',
  associateCode: '',
  stateNameEnum: 'KARNATAKA',
  countryCode: 'IN',
  pinCode: '560001',
  deliveryOption: 'SHIPPING_SERVICE',
  selfPickupEnabled: true,
};

describe('price estimate request (spec §3)', () => {
  it('sends only quantities above 0, the codes, state, country, pincode, delivery option and billing enums', () => {
    expect(buildPriceEstimateRequest(inputs)).toEqual({
      packages: [
        { package_id: 1, products: [{ product_id: 5, quantity: 2 }] },
        { package_id: 2, products: [{ product_id: 11, quantity: 1 }] },
      ],
      coupon_code: 'DIWALI10',
      associate_code: null,
      state_name: 'KARNATAKA',
      country_name: 'IN',
      shipping_pin_code: '560001',
      shipping_through: 'SHIPPING_SERVICE',
      billing_details: { state_name_enum: 'KARNATAKA', country_name_enum: 'IN' },
    });
  });

  it('sends shipping_through only with the self pickup feature on', () => {
    expect(buildPriceEstimateRequest({ ...inputs, selfPickupEnabled: false })).not.toHaveProperty(
      'shipping_through',
    );
  });

  it('a pickup is priced without the pincode typed for delivery', () => {
    const request = buildPriceEstimateRequest({ ...inputs, deliveryOption: 'SELF_PICKUP' });
    expect(request.shipping_through).toBe('SELF_PICKUP');
    expect(request.shipping_pin_code).toBeNull();
  });

  it('sends a state abroad with spaces for underscores, its enum kept in billing_details', () => {
    const request = buildPriceEstimateRequest({
      ...inputs,
      countryCode: 'AU',
      stateNameEnum: 'NEW_SOUTH_WALES',
      pinCode: '2000',
    });
    expect(request.state_name).toBe('NEW SOUTH WALES');
    expect(request.billing_details).toEqual({ state_name_enum: 'NEW_SOUTH_WALES', country_name_enum: 'AU' });
  });

  it("takes the selected country, else the buyer's, and falls back to India when unknown (spec §5)", () => {
    expect(pricingCountry('us', 'IN')).toBe('US');
    expect(pricingCountry('', 'GB')).toBe('GB');
    expect(pricingCountry('ZZ', null)).toBe('IN');
    expect(pricingCountry(undefined, undefined)).toBe('IN');
    expect(
      buildPriceEstimateRequest({ ...inputs, countryCode: null, userCountryCode: 'XX' }).country_name,
    ).toBe('IN');
  });

  it('no state chosen yet: null, not an empty name', () => {
    const request = buildPriceEstimateRequest({ ...inputs, stateNameEnum: '' });
    expect(request.state_name).toBeNull();
    expect(request.billing_details.state_name_enum).toBeNull();
  });

  it('the same selection in another order has the same query key; any changed input another', () => {
    const a = priceEstimateQueryKey(buildPriceEstimateRequest(inputs));
    const b = priceEstimateQueryKey(buildPriceEstimateRequest({ ...inputs, lines: [...lines].reverse() }));
    expect(hashKey(a)).toBe(hashKey(b));
    const other = priceEstimateQueryKey(buildPriceEstimateRequest({ ...inputs, stateNameEnum: 'GOA' }));
    expect(hashKey(other)).not.toBe(hashKey(a));
    const quantity = priceEstimateQueryKey(
      buildPriceEstimateRequest({
        ...inputs,
        lines: [{ packageId: 1, productId: 5, quantity: 3 }, ...lines.slice(0, 2)],
      }),
    );
    expect(hashKey(quantity)).not.toBe(hashKey(a));
  });
});

describe('skipping the estimate (spec §4 step 11)', () => {
  it('skips when every package has products and every quantity is zero', () => {
    expect(
      isEstimateSkipped([{ products: [{ quantity: 0 }] }, { products: [{ quantity: 0 }, { quantity: 0 }] }]),
    ).toBe(true);
    expect(isEstimateSkipped([{ products: [{ quantity: 0 }] }, { products: [{ quantity: 1 }] }])).toBe(false);
    expect(isEstimateSkipped(selectedPackages(lines))).toBe(false);
    expect(isEstimateSkipped(selectedPackages([{ packageId: 1, productId: 1, quantity: 0 }]))).toBe(true);
  });

  it('does not skip a package without products (the server says what it costs)', () => {
    expect(isEstimateSkipped([{ products: [] }])).toBe(false);
    // Nothing selected: nothing to price.
    expect(isEstimateSkipped([])).toBe(true);
  });
});

describe('subtotal (spec §3)', () => {
  it('is the total less coupon, association and other discounts', () => {
    // 12,499.00 − 1,000.00 − 500.00 − (250.00 + 99.00) = 10,650.00
    expect(
      estimateSubtotal({
        ...EMPTY_PRICE_ESTIMATE,
        totalPrice: 1_249_900,
        couponDiscount: 100_000,
        associationDiscount: 50_000,
        otherDiscounts: [
          { discountName: 'Festival', discountValue: 25_000 },
          { discountName: 'Bundle', discountValue: 9_900 },
        ],
      }),
    ).toBe(1_065_000);
  });
});
