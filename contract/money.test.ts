import { describe, expect, it, vi } from 'vitest';
import { currencyForCountry, divideHalfUp, formatMoney, isCurrency, toMajor, toMinor } from './money';

describe('toMinor', () => {
  it('converts whole and fractional major units to integer minor units', () => {
    expect(toMinor(7999, 'INR')).toBe(799_900);
    expect(toMinor(12.5, 'USD')).toBe(1250);
    expect(toMinor(0, 'USD')).toBe(0);
  });

  it('is safe against binary float error', () => {
    expect(toMinor(0.1 + 0.2, 'USD')).toBe(30);
    expect(toMinor(1.1 + 2.2, 'INR')).toBe(330);
    expect(toMinor(19.99, 'USD')).toBe(1999); // 19.99 * 100 is 1998.9999999999998
    expect(toMinor(4.35, 'USD')).toBe(435); // 4.35 * 100 is 434.99999999999994
  });

  it('rounds half up (away from zero)', () => {
    expect(toMinor(1.005, 'USD')).toBe(101); // 1.005 * 100 is 100.49999999999999
    expect(toMinor(1.004, 'USD')).toBe(100);
    expect(toMinor(2.675, 'INR')).toBe(268);
    expect(toMinor(0.005, 'USD')).toBe(1);
    expect(toMinor(-1.005, 'USD')).toBe(-101);
  });

  it('handles exponent notation and tiny amounts', () => {
    expect(toMinor(1e-7, 'USD')).toBe(0);
    expect(toMinor(1e21 / 1e10, 'INR')).toBe(1e13);
    expect(toMinor(-0.001, 'USD')).toBe(0);
    expect(Object.is(toMinor(-0.001, 'USD'), -0)).toBe(false);
  });

  it('rejects non-finite and unsafe amounts', () => {
    expect(() => toMinor(Number.NaN, 'USD')).toThrow(RangeError);
    expect(() => toMinor(Number.POSITIVE_INFINITY, 'INR')).toThrow(RangeError);
    expect(() => toMinor(1e20, 'INR')).toThrow(RangeError);
  });
});

describe('toMajor', () => {
  it('converts minor units back to major units', () => {
    expect(toMajor(1250, 'USD')).toBe(12.5);
    expect(toMajor(10_000_000, 'INR')).toBe(100_000);
    expect(toMajor(toMinor(0.1 + 0.2, 'USD'), 'USD')).toBe(0.3);
  });

  it('rejects fractional minor units', () => {
    expect(() => toMajor(12.5, 'USD')).toThrow(RangeError);
  });
});

describe('currency helpers', () => {
  it('uses INR for India and USD everywhere else', () => {
    expect(currencyForCountry('IN')).toBe('INR');
    expect(currencyForCountry('in')).toBe('INR');
    expect(currencyForCountry('US')).toBe('USD');
    expect(currencyForCountry('GB')).toBe('USD');
    expect(currencyForCountry(undefined)).toBe('USD');
  });

  it('recognises the supported currencies', () => {
    expect(isCurrency('INR')).toBe(true);
    expect(isCurrency('EUR')).toBe(false);
  });
});

describe('divideHalfUp', () => {
  it('rounds half up', () => {
    expect(divideHalfUp(5, 10)).toBe(1);
    expect(divideHalfUp(4, 10)).toBe(0);
    expect(divideHalfUp(15, 10)).toBe(2);
    expect(divideHalfUp(25, 10)).toBe(3);
  });
});

describe('formatMoney', () => {
  it('formats INR in en-IN with lakh grouping and no decimals for a zero fraction', () => {
    expect(formatMoney(toMinor(100_000, 'INR'), 'INR')).toBe('₹1,00,000');
    expect(formatMoney(toMinor(7999, 'INR'), 'INR')).toBe('₹7,999');
    expect(formatMoney(toMinor(50_000, 'INR'), 'INR')).toBe('₹50,000');
    expect(formatMoney(toMinor(1_234_567.5, 'INR'), 'INR')).toBe('₹12,34,567.50');
  });

  it('formats USD in en-US', () => {
    expect(formatMoney(129_900, 'USD')).toBe('$1,299');
    expect(formatMoney(1250, 'USD')).toBe('$12.50');
    expect(formatMoney(5, 'USD')).toBe('$0.05');
    expect(formatMoney(0, 'USD')).toBe('$0');
  });

  it('shows exactly two decimals whenever the fraction is not zero', () => {
    expect(formatMoney(toMinor(0.1 + 0.2, 'USD'), 'USD')).toBe('$0.30');
    expect(formatMoney(toMinor(1.005, 'INR'), 'INR')).toBe('₹1.01');
  });

  it('formats negative amounts', () => {
    expect(formatMoney(-50_000, 'INR')).toBe('-₹500');
  });

  it('keeps the minor digits of a whole amount when asked, for the operator price lists', () => {
    expect(formatMoney(5_499_900, 'INR', { alwaysFraction: true })).toBe('₹54,999.00');
    expect(formatMoney(34_900, 'USD', { alwaysFraction: true })).toBe('$349.00');
    expect(formatMoney(2_118_559, 'INR', { alwaysFraction: true })).toBe('₹21,185.59');
  });
});

describe('prepareMoneyFormat', () => {
  it("builds the currency's formatter, which the first price then uses instead of building its own", async () => {
    vi.resetModules();
    const fresh = await import('./money');
    const original = Intl.NumberFormat;
    let built = 0;
    Intl.NumberFormat = new Proxy(original, {
      construct: (target, args: ConstructorParameters<typeof Intl.NumberFormat>) => {
        built += 1;
        return new target(...args);
      },
    });
    try {
      fresh.prepareMoneyFormat('INR');
      expect(built).toBe(1);
      expect(fresh.formatMoney(toMinor(7999, 'INR'), 'INR')).toBe('₹7,999');
      expect(built).toBe(1);
    } finally {
      Intl.NumberFormat = original;
    }
  });
});
