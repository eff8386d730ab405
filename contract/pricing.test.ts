import { describe, expect, it } from 'vitest';
import { priceEstimateRequestSchema } from './pricing';

const one = { packages: [{ package_id: 1, products: [{ product_id: 2, quantity: 1 }] }] };

describe('the price estimate request', () => {
  it('upper-cases a typed code and reads a blank one as none', () => {
    const parsed = priceEstimateRequestSchema.parse({
      ...one,
      coupon_code: ' welcome10 ',
      associate_code: '',
    });
    expect(parsed.coupon_code).toBe('WELCOME10');
    expect(parsed.associate_code).toBeNull();
  });

  it('bounds every number and string it accepts', () => {
    const refused = (body: unknown) => priceEstimateRequestSchema.safeParse(body).success === false;
    expect(refused({ packages: [] })).toBe(true);
    expect(
      refused({ packages: Array.from({ length: 21 }, (_, i) => ({ package_id: i + 1, products: [] })) }),
    ).toBe(true);
    expect(refused({ packages: [{ package_id: 1, products: [{ product_id: 2, quantity: 1.5 }] }] })).toBe(
      true,
    );
    expect(refused({ packages: [{ package_id: 1, products: [{ product_id: 2, quantity: 1001 }] }] })).toBe(
      true,
    );
    expect(refused({ packages: [{ package_id: 2_147_483_648, products: [] }] })).toBe(true);
    expect(refused({ ...one, coupon_code: 'A'.repeat(33) })).toBe(true);
    expect(refused({ ...one, coupon_code: "x'; --" })).toBe(true);
    expect(refused({ ...one, shipping_pin_code: '1'.repeat(13) })).toBe(true);
    expect(refused({ ...one, state_name: 'S'.repeat(101) })).toBe(true);
    expect(refused({ ...one, shipping_through: 'DRONE' })).toBe(true);
  });

  it('takes the request with only its packages', () => {
    expect(priceEstimateRequestSchema.safeParse(one).success).toBe(true);
  });
});
