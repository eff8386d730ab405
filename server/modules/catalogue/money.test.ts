import { describe, expect, it } from 'vitest';
import {
  allocateProportionally,
  divideHalfUp,
  lineTaxMinor,
  monthlyInstalmentMinor,
  taxableFromInclusive,
  toMajor,
  toMinor,
} from './money';

describe('money in minor units', () => {
  it('converts major to minor exactly and refuses a third decimal', () => {
    expect(toMinor(54999)).toBe(5_499_900);
    expect(toMinor(19.99)).toBe(1999);
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(() => toMinor(1.234)).toThrow(RangeError);
    expect(() => toMinor(-1)).toThrow(RangeError);
    expect(toMajor(1250)).toBe(12.5);
  });

  it('rounds half up', () => {
    expect(divideHalfUp(5, 10)).toBe(1);
    expect(divideHalfUp(4, 10)).toBe(0);
    expect(divideHalfUp(15, 10)).toBe(2);
    expect(divideHalfUp(25, 10)).toBe(3);
  });

  it('taxes a line as a whole, rounded half up once', () => {
    // ₹30,507.63 at 18 % = 5,491.3734 → 5,491.37
    expect(lineTaxMinor(3_050_763, 1, 1800)).toBe(549_137);
    // 3 × 0.25 at 10 % = 0.075 → 0.08 (per line, not 3 × 0.03)
    expect(lineTaxMinor(25, 3, 1000)).toBe(8);
    expect(lineTaxMinor(99_999, 7, 0)).toBe(0);
  });

  it('derives the taxable amount from a GST-inclusive shelf price', () => {
    const taxable = taxableFromInclusive(toMinor(35_999), 1800);
    expect(taxable + lineTaxMinor(taxable, 1, 1800)).toBe(toMinor(35_999));
    expect(taxableFromInclusive(toMinor(118), 1800)).toBe(toMinor(100));
  });

  it('rounds a monthly instalment up to a whole major unit', () => {
    expect(monthlyInstalmentMinor(toMinor(47_993), 6)).toBe(toMinor(7_999));
    expect(monthlyInstalmentMinor(toMinor(47_994), 6)).toBe(toMinor(7_999));
    expect(monthlyInstalmentMinor(toMinor(47_994.01), 6)).toBe(toMinor(8_000));
  });

  it('spreads a bundle price over lines in proportion, adding up exactly', () => {
    expect(allocateProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateProportionally(50_000, [44_900, 8_900, 5_900])).toEqual([37_605, 7_454, 4_941]);
    expect(allocateProportionally(10, [0, 0])).toEqual([10, 0]);
    expect(allocateProportionally(10, [])).toEqual([]);
  });
});
