import { toMinor } from '@contract/money';
import { describe, expect, it } from 'vitest';
import {
  allocateProportionally,
  gstOfLine,
  lineTaxMinor,
  monthlyInstalmentMinor,
  priceLines,
  supplyOf,
  taxableFromInclusive,
} from './pricing';

const inr = (major: number) => toMinor(major, 'INR');

describe('GST', () => {
  it('taxes a line as a whole, rounded half up once', () => {
    // ₹30,507.63 at 18 % = 5,491.3734 → 5,491.37
    expect(lineTaxMinor(3_050_763, 1, 1800)).toBe(549_137);
    // 3 × 0.25 at 10 % = 0.075 → 0.08 (per line, not 3 × 0.03)
    expect(lineTaxMinor(25, 3, 1000)).toBe(8);
    expect(lineTaxMinor(99_999, 7, 0)).toBe(0);
  });

  it('knows the supply: the seller’s state, another Indian state, or an export', () => {
    expect(supplyOf({ countryCode: 'IN', buyerState: 'KARNATAKA', sellerState: 'karnataka' })).toBe(
      'intra_state',
    );
    expect(supplyOf({ countryCode: 'IN', buyerState: 'MAHARASHTRA', sellerState: 'KARNATAKA' })).toBe(
      'inter_state',
    );
    expect(supplyOf({ countryCode: 'IN' })).toBe('inter_state');
    expect(supplyOf({ countryCode: 'US', buyerState: 'KARNATAKA', sellerState: 'KARNATAKA' })).toBe('export');
    expect(supplyOf({ countryCode: 'GB' })).toBe('export');
  });

  it('splits intra-state GST into CGST and SGST that add up, charges IGST inter-state and nothing on export', () => {
    const line = { unitTaxableMinor: 3_050_763, quantity: 1, gstRateBp: 1800 };
    expect(gstOfLine(line, 'intra_state')).toEqual({
      cgstMinor: 274_569,
      sgstMinor: 274_568,
      igstMinor: 0,
      taxMinor: 549_137,
    });
    expect(gstOfLine(line, 'inter_state')).toEqual({
      cgstMinor: 0,
      sgstMinor: 0,
      igstMinor: 549_137,
      taxMinor: 549_137,
    });
    expect(gstOfLine(line, 'export')).toEqual({ cgstMinor: 0, sgstMinor: 0, igstMinor: 0, taxMinor: 0 });
  });

  it('derives the taxable amount from a GST-inclusive shelf price', () => {
    const taxable = taxableFromInclusive(inr(35_999), 1800);
    expect(taxable + lineTaxMinor(taxable, 1, 1800)).toBe(inr(35_999));
    expect(taxableFromInclusive(inr(118), 1800)).toBe(inr(100));
    expect(inr(100) + lineTaxMinor(inr(100), 1, 1800)).toBe(inr(118));
  });
});

describe('package prices', () => {
  it('rounds a monthly no-cost EMI instalment up to a whole major unit', () => {
    expect(monthlyInstalmentMinor(inr(47_993), 6, 'INR')).toBe(inr(7_999));
    expect(monthlyInstalmentMinor(inr(47_994), 6, 'INR')).toBe(inr(7_999));
    expect(monthlyInstalmentMinor(inr(47_994.01), 6, 'INR')).toBe(inr(8_000));
  });

  it('spreads a bundle price over lines in proportion, adding up exactly', () => {
    expect(allocateProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateProportionally(50_000, [44_900, 8_900, 5_900])).toEqual([37_605, 7_454, 4_941]);
    expect(allocateProportionally(10, [0, 0])).toEqual([10, 0]);
    expect(allocateProportionally(10, [])).toEqual([]);
  });

  it('prices lines at their own rates, a bundle price spread over them, and no GST on export', () => {
    const lines = [
      { unitTaxableMinor: inr(100), quantity: 2, gstRateBp: 1800 },
      { unitTaxableMinor: inr(50), quantity: 1, gstRateBp: 1200 },
    ];
    expect(priceLines(lines, { supply: 'inter_state' })).toMatchObject({
      taxableMinor: inr(250),
      taxMinor: inr(36) + inr(6),
      amountMinor: inr(292),
    });
    const bundled = priceLines(lines, { supply: 'inter_state', bundleTaxableMinor: inr(200) });
    expect(bundled.lines.map((l) => l.lineTaxableMinor)).toEqual([inr(160), inr(40)]);
    expect(bundled.taxMinor).toBe(inr(28.8) + inr(4.8));
    const exported = priceLines(lines, { supply: 'export' });
    expect(exported).toMatchObject({ taxableMinor: inr(250), taxMinor: 0, amountMinor: inr(250) });
    expect(exported.lines.map((l) => l.gstRateBp)).toEqual([0, 0]);
  });
});
