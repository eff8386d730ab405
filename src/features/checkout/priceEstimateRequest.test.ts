import { pricingCountry } from '@contract/constants';
import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  isEstimateSkipped,
  type PriceEstimateInputs,
  priceEstimateKeys,
  toEstimateRequest,
} from '@/api/priceEstimate';
import { selectedPackagesFromCart } from './priceEstimateRequest';

const lines = [
  { packageId: 2, productId: 12, quantity: 0 },
  { packageId: 2, productId: 11, quantity: 1 },
  { packageId: 1, productId: 5, quantity: 2 },
  { packageId: 3, productId: 20, quantity: 0 },
];

const inputs: PriceEstimateInputs = {
  packages: selectedPackagesFromCart(lines),
  couponCode: ' DIWALI10 ',
  associateCode: '',
  stateName: 'KARNATAKA',
  countryName: 'IN',
  shippingPinCode: '560001',
  deliveryOption: 'SHIPPING_SERVICE',
};
const pickupOn = { selfPickup: true };

describe('price estimate request (spec §3)', () => {
  it('groups the cart lines by package, zero quantities kept for the skip rule', () => {
    expect(selectedPackagesFromCart(lines)).toEqual([
      {
        packageId: 2,
        products: [
          { productId: 12, quantity: 0 },
          { productId: 11, quantity: 1 },
        ],
      },
      { packageId: 1, products: [{ productId: 5, quantity: 2 }] },
      { packageId: 3, products: [{ productId: 20, quantity: 0 }] },
    ]);
  });

  it('sends only quantities above 0, the codes, state, country, pincode, delivery option and billing enums', () => {
    expect(toEstimateRequest(inputs, pickupOn)).toEqual({
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
    const request = toEstimateRequest({ ...inputs, deliveryOption: 'SELF_PICKUP' }, { selfPickup: false });
    expect(request).not.toHaveProperty('shipping_through');
    expect(request.shipping_pin_code).toBe('560001');
  });

  it('a pickup is priced without the pincode typed for delivery', () => {
    const request = toEstimateRequest({ ...inputs, deliveryOption: 'SELF_PICKUP' }, pickupOn);
    expect(request.shipping_through).toBe('SELF_PICKUP');
    expect(request.shipping_pin_code).toBeNull();
  });

  it('sends a state abroad with spaces for underscores, its enum kept in billing_details', () => {
    const request = toEstimateRequest(
      { ...inputs, countryName: 'AU', stateName: 'NEW_SOUTH_WALES', shippingPinCode: '2000' },
      pickupOn,
    );
    expect(request.state_name).toBe('NEW SOUTH WALES');
    expect(request.billing_details).toEqual({ state_name_enum: 'NEW_SOUTH_WALES', country_name_enum: 'AU' });
  });

  it('falls back to India when the country is unknown (spec §5)', () => {
    expect(pricingCountry('us')).toBe('US');
    expect(pricingCountry('ZZ')).toBe('IN');
    expect(pricingCountry('')).toBe('IN');
    expect(pricingCountry(undefined)).toBe('IN');
    expect(
      toEstimateRequest({ ...inputs, countryName: null }, pickupOn).billing_details?.country_name_enum,
    ).toBe('IN');
  });

  it('no state chosen yet: null, not an empty name', () => {
    const request = toEstimateRequest({ ...inputs, stateName: ' ' }, pickupOn);
    expect(request.state_name).toBeNull();
    expect(request.billing_details?.state_name_enum).toBeNull();
  });

  it('the same selection in another order has the same query key; any changed input another', () => {
    const key = (over: Partial<PriceEstimateInputs>) =>
      hashKey(priceEstimateKeys.estimate({ ...inputs, ...over }, { ...pickupOn, internationalUsers: false }));
    const base = key({});
    expect(key({ packages: selectedPackagesFromCart([...lines].reverse()) })).toBe(base);
    expect(key({ stateName: 'GOA' })).not.toBe(base);
    expect(key({ couponCode: 'OTHER' })).not.toBe(base);
    expect(
      key({ packages: selectedPackagesFromCart([{ packageId: 1, productId: 5, quantity: 3 }]) }),
    ).not.toBe(base);
  });
});

describe('skipping the estimate (spec §4 step 11)', () => {
  it('skips when every package has products and every quantity is zero', () => {
    expect(
      isEstimateSkipped([{ products: [{ quantity: 0 }] }, { products: [{ quantity: 0 }, { quantity: 0 }] }]),
    ).toBe(true);
    expect(isEstimateSkipped([{ products: [{ quantity: 0 }] }, { products: [{ quantity: 1 }] }])).toBe(false);
    expect(isEstimateSkipped(selectedPackagesFromCart(lines))).toBe(false);
    expect(isEstimateSkipped(selectedPackagesFromCart([{ packageId: 1, productId: 1, quantity: 0 }]))).toBe(
      true,
    );
  });

  it('does not skip a package without products; skips an empty selection', () => {
    expect(isEstimateSkipped([{ products: [] }])).toBe(false);
    expect(isEstimateSkipped([])).toBe(true);
  });
});
