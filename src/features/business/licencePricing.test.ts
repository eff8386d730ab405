import { describe, expect, it } from 'vitest';
import {
  findRate,
  MAX_PINS,
  maxPins,
  type PinRate,
  pinQuantities,
  pinRateOf,
  pinScale,
  pinsText,
  type RateProduct,
} from './licencePricing';

/** The seed's licence products as the catalogue sends them (INR, major units before GST). */
const hardwareProduct: RateProduct = {
  product_id: 10,
  product_code: 'IBC_BUSINESS_EDITION_GAME',
  name: 'IBC business edition game',
  taxable_amount: 50_000,
  gst_rate: 18,
  availability_type: 'LIMITED',
  available_quantity: 25,
  is_out_of_stock: false,
};
const premiumProduct: RateProduct = {
  product_id: 11,
  product_code: 'IBC_PREMIUM_LICENCE',
  name: 'IBC premium licence',
  taxable_amount: 1_00_000,
  gst_rate: 18,
  availability_type: 'UNLIMITED',
  available_quantity: 0,
  is_out_of_stock: false,
};
const hardware = pinRateOf(hardwareProduct, 'INR');
const premium = pinRateOf(premiumProduct, 'INR');

describe('the per-pin scale', () => {
  it('reads each rate from the catalogue in integer paise, with its GST in basis points and its stock', () => {
    expect(hardware).toEqual({
      productId: 10,
      productCode: 'IBC_BUSINESS_EDITION_GAME',
      name: 'IBC business edition game',
      unitMinor: 50_000_00,
      gstRateBp: 1800,
      unitsLeft: 25,
    });
    expect(premium.unitsLeft).toBeNull();
    expect(findRate([hardwareProduct, premiumProduct], 'IBC_PREMIUM_LICENCE', 'INR')).toEqual(premium);
    expect(findRate([hardwareProduct], 'IBC_BASIC_LICENCE', 'INR')).toBeUndefined();
  });

  it("prices one pin's first year as the hardware once plus a year's licence: ₹1,50,000 and ₹27,000 GST", () => {
    const scale = pinScale(1, { oneTime: [hardware], yearly: [premium] });
    expect(scale.firstYearMinor).toBe(1_50_000_00);
    expect(scale.firstYearGstMinor).toBe(27_000_00);
    expect(scale.firstYearWithGstMinor).toBe(1_77_000_00);
    expect(scale.renewalMinor).toBe(1_00_000_00);
  });

  it('scales every line by the pins: 3 pins are ₹4,50,000 in the first year and ₹3,00,000 a year after', () => {
    const scale = pinScale(3, { oneTime: [hardware], yearly: [premium] });
    expect(
      scale.lines.map((line) => [line.rate.productCode, line.pins, line.taxableMinor, line.gstMinor]),
    ).toEqual([
      ['IBC_BUSINESS_EDITION_GAME', 3, 1_50_000_00, 27_000_00],
      ['IBC_PREMIUM_LICENCE', 3, 3_00_000_00, 54_000_00],
    ]);
    expect(scale.firstYearMinor).toBe(4_50_000_00);
    expect(scale.firstYearWithGstMinor).toBe(5_31_000_00);
    expect(scale.renewalMinor).toBe(3_00_000_00);
  });

  it('taxes each line half up in whole paise, as the server does', () => {
    const odd: PinRate = { ...premium, unitMinor: 333, gstRateBp: 1800 };
    // 333 × 7 = 2331 paise; 18 % of it is 419.58 → 420.
    const scale = pinScale(7, { yearly: [odd] });
    expect(scale.lines[0]?.gstMinor).toBe(420);
    expect(Number.isInteger(scale.firstYearWithGstMinor)).toBe(true);
  });

  it('a page with the hardware only has no renewal', () => {
    const scale = pinScale(2, { oneTime: [hardware] });
    expect(scale.firstYearMinor).toBe(1_00_000_00);
    expect(scale.renewalMinor).toBe(0);
  });

  it('never counts fewer than no pins', () => {
    expect(pinScale(-2, { oneTime: [hardware] }).firstYearMinor).toBe(0);
  });

  it('caps the pins at the least stock of a limited rate, and at MAX_PINS', () => {
    expect(maxPins([hardware, premium])).toBe(25);
    expect(maxPins([premium])).toBe(MAX_PINS);
    expect(maxPins([pinRateOf({ ...hardwareProduct, is_out_of_stock: true }, 'INR'), premium])).toBe(0);
  });

  it('puts each rate in the cart for the pins, by product_id', () => {
    expect(pinQuantities([hardware, premium], 4)).toEqual({ 10: 4, 11: 4 });
  });

  it('words the pins', () => {
    expect(pinsText(1)).toBe('1 pin');
    expect(pinsText(2)).toBe('2 pins');
  });
});
