import { toMinor } from '@contract/money';
import { describe, expect, it, vi } from 'vitest';
import { formatMoney } from './money';

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
