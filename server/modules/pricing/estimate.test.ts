import { describe, expect, it } from 'vitest';
import { discountAmountMinor, estimateLines, noCostEmi, splitTax } from './estimate';

/*
 * Worked GST examples. Every expected figure is worked out by hand in the comment beside it (amounts in paise),
 * never by the code under test.
 */

const headset = { taxableMinor: 100_000, gstRateBp: 1800, packageCode: 'SOLO' }; // ₹1,000.00 at 18 %
const bat = { taxableMinor: 33_333, gstRateBp: 1200, packageCode: 'BAT' }; // ₹333.33 at 12 %

describe('GST by supply', () => {
  it('within the seller state: CGST + SGST, each half of the line tax', () => {
    const estimate = estimateLines([headset, bat], 'intra_state');
    // headset: 1000.00 × 18 % = 180.00 → CGST 90.00, SGST 90.00
    // bat: 333.33 × 12 % = 39.9996 → 40.00 (half up) → CGST 20.00, SGST 20.00
    expect(estimate.lines.map((l) => [l.cgstMinor, l.sgstMinor, l.igstMinor])).toEqual([
      [9_000, 9_000, 0],
      [2_000, 2_000, 0],
    ]);
    expect(estimate.taxMinor).toBe(22_000); // 180.00 + 40.00
    expect(estimate.taxableMinor).toBe(133_333); // 1000.00 + 333.33
    expect(estimate.goodsMinor).toBe(155_333); // 1333.33 + 220.00
  });

  it('to another Indian state: IGST, the whole line tax', () => {
    const estimate = estimateLines([headset, bat], 'inter_state');
    expect(estimate.igstMinor).toBe(22_000); // 180.00 + 40.00
    expect(estimate.cgstMinor + estimate.sgstMinor).toBe(0);
  });

  it('on export: no GST at all', () => {
    const estimate = estimateLines([headset, bat], 'export');
    expect(estimate.taxMinor).toBe(0);
    expect(estimate.goodsMinor).toBe(133_333); // the taxable amounts alone
  });

  it('rounds each line half up, not the order total', () => {
    // Two lines of ₹0.25 at 18 %: each 4.5 paise → 5 (half up), so 10 paise; 18 % of 50 paise would be 9.
    const tiny = { taxableMinor: 25, gstRateBp: 1800, packageCode: 'BAT' };
    const estimate = estimateLines([tiny, tiny], 'inter_state');
    expect(estimate.lines.map((l) => l.taxMinor)).toEqual([5, 5]);
    expect(estimate.taxMinor).toBe(10);
  });

  it('gives the odd paisa of an intra-state tax to CGST', () => {
    expect(splitTax(5, 'intra_state')).toEqual({ cgstMinor: 3, sgstMinor: 2, igstMinor: 0, taxMinor: 5 });
  });
});

describe('discounts', () => {
  const kit = { taxableMinor: 100_000, gstRateBp: 1800, packageCode: 'SOLO' }; // gross 1180.00
  const grip = { taxableMinor: 50_000, gstRateBp: 1200, packageCode: 'BAT' }; // gross 560.00

  it('coupon then referral: each spread over the lines by what they cost, GST taken back out', () => {
    const estimate = estimateLines([kit, grip], 'inter_state', [
      { name: 'Coupon WELCOME10', kind: 'coupon', rule: { type: 'percent', rateBp: 1_000 } },
      { name: 'Referral CLUB-RAHUL', kind: 'association', rule: { type: 'percent', rateBp: 500 } },
    ]);
    // gross 1180.00 + 560.00 = 1740.00
    expect(estimate.grossMinor).toBe(174_000);
    // coupon 10 % of 1740.00 = 174.00: 118.00 on the kit (1180/1740), 56.00 on the grip
    // referral 5 % of what is left (1062.00 + 504.00 = 1566.00) = 78.30: 53.10 on the kit, 25.20 on the grip
    expect(estimate.discounts.map((d) => d.amountMinor)).toEqual([17_400, 7_830]);
    const [k, g] = estimate.lines;
    expect(k?.discounts).toEqual([
      { name: 'Coupon WELCOME10', amountMinor: 11_800 },
      { name: 'Referral CLUB-RAHUL', amountMinor: 5_310 },
    ]);
    // kit: 1180.00 − 118.00 − 53.10 = 1008.90 → taxable 1008.90 ÷ 1.18 = 855.00, tax 153.90
    expect([k?.amountMinor, k?.taxableMinor, k?.taxMinor]).toEqual([100_890, 85_500, 15_390]);
    // grip: 560.00 − 56.00 − 25.20 = 478.80 → taxable 478.80 ÷ 1.12 = 427.50, tax 51.30
    expect([g?.amountMinor, g?.taxableMinor, g?.taxMinor]).toEqual([47_880, 42_750, 5_130]);
    // 1740.00 − 252.30 = 1487.70 = taxable 1282.50 + tax 205.20
    expect(estimate.discountMinor).toBe(25_230);
    expect(estimate.goodsMinor).toBe(148_770);
    expect(estimate.taxableMinor + estimate.taxMinor).toBe(148_770);
  });

  it('takes the GST back out of a discounted line half up', () => {
    // ₹1.00 at 18 % = ₹1.18; ₹0.01 off → 1.17 ÷ 1.18 = 0.9915… → 99 paise taxable, 18 paise tax
    const estimate = estimateLines(
      [{ taxableMinor: 100, gstRateBp: 1800, packageCode: 'BAT' }],
      'intra_state',
      [{ name: 'Festival', kind: 'other', rule: { type: 'flat', amountMinor: 1 } }],
    );
    expect(estimate.lines[0]).toMatchObject({ amountMinor: 117, taxableMinor: 99, taxMinor: 18 });
    expect(estimate.lines[0]).toMatchObject({ cgstMinor: 9, sgstMinor: 9 });
  });

  it('applies a package-limited discount to that package only', () => {
    const estimate = estimateLines([kit, grip], 'export', [
      { name: 'Bat fan', kind: 'coupon', rule: { type: 'percent', rateBp: 500 }, packageCodes: ['BAT'] },
    ]);
    // export: grip 500.00, 5 % = 25.00; the kit (1000.00) untouched
    expect(estimate.lines.map((l) => l.discountMinor)).toEqual([0, 2_500]);
    expect(estimate.lines[0]?.amountMinor).toBe(100_000);
  });

  it('caps a percent discount and never takes more than the lines cost', () => {
    // 10 % of 1180.00 = 118.00, capped at 50.00
    expect(discountAmountMinor({ type: 'percent', rateBp: 1_000, maxMinor: 5_000 }, 118_000)).toBe(5_000);
    // ₹500 off a ₹300 order takes ₹300
    expect(discountAmountMinor({ type: 'flat', amountMinor: 50_000 }, 30_000)).toBe(30_000);
    // 12.5 % of 0.99 = 0.12375 → 12 paise; of 1.00 = 12.5 paise → 13 (half up)
    expect(discountAmountMinor({ type: 'percent', rateBp: 1_250 }, 99)).toBe(12);
    expect(discountAmountMinor({ type: 'percent', rateBp: 1_250 }, 100)).toBe(13);
  });

  it('keeps the catalogue figures of a line no discount touches', () => {
    const plain = estimateLines([kit], 'inter_state');
    const discounted = estimateLines([kit, grip], 'inter_state', [
      { name: 'Bat fan', kind: 'coupon', rule: { type: 'percent', rateBp: 500 }, packageCodes: ['BAT'] },
    ]);
    expect(discounted.lines[0]).toMatchObject({ taxableMinor: 100_000, taxMinor: 18_000 });
    expect(plain.lines[0]).toMatchObject({ taxableMinor: 100_000, taxMinor: 18_000 });
  });
});

describe('no-cost EMI', () => {
  it('offers the instalment over the longest tenure, rounded up to a rupee (spec §9: from ₹7,999)', () => {
    // ₹47,989 over 6 months = 7,998.17 → ₹7,999
    expect(noCostEmi(4_798_900, [6], 'INR')).toEqual({
      pricingType: 'NO_COST_EMI',
      instalmentMinor: 799_900,
      months: 6,
    });
    // over 12 months: 3,999.08 → ₹4,000
    expect(noCostEmi(4_798_900, [6, 12], 'INR').instalmentMinor).toBe(400_000);
  });

  it('is full payment when a package chosen has no EMI, abroad, or for nothing', () => {
    expect(noCostEmi(4_798_900, [6, null], 'INR').pricingType).toBe('FULL_PAYMENT');
    expect(noCostEmi(50_000, [6], 'USD')).toEqual({
      pricingType: 'FULL_PAYMENT',
      instalmentMinor: 0,
      months: null,
    });
    expect(noCostEmi(0, [6], 'INR').pricingType).toBe('FULL_PAYMENT');
  });
});
