import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdBookingSummary } from './AdBookingSummary';

const amountBeside = (label: string) => screen.getByText(label).nextSibling?.textContent;

describe('AdBookingSummary', () => {
  it('shows the days, devices, cost per device per day, each discount and the total', () => {
    // 7 days × 2 devices at ₹2,360 = ₹33,040; coupon ₹3,304, referral ₹500, launch offer ₹236 → ₹29,000.
    render(
      <AdBookingSummary
        days={7}
        devices={2}
        costPerDevicePerDay={236_000}
        couponDiscount={330_400}
        associationDiscount={50_000}
        otherDiscounts={[{ name: 'Launch offer', value: 23_600 }]}
        total={2_900_000}
        currency="INR"
      />,
    );
    expect(amountBeside('Total days selected')).toBe('7');
    expect(amountBeside('Number of devices')).toBe('2');
    expect(amountBeside('Cost per device per day')).toBe('₹2,360');
    expect(amountBeside('Coupon discount')).toBe('−₹3,304');
    expect(amountBeside('Association discount')).toBe('−₹500');
    expect(amountBeside('Launch offer')).toBe('−₹236');
    expect(amountBeside('Total')).toBe('₹29,000');
  });

  it('leaves out the discounts that are zero, in USD', () => {
    render(
      <AdBookingSummary
        days={3}
        devices={1}
        costPerDevicePerDay={2_850}
        couponDiscount={0}
        associationDiscount={0}
        otherDiscounts={[]}
        total={8_550}
        currency="USD"
      />,
    );
    expect(amountBeside('Cost per device per day')).toBe('$28.50');
    expect(amountBeside('Total')).toBe('$85.50');
    expect(screen.queryByText('Coupon discount')).toBeNull();
    expect(screen.queryByText('Association discount')).toBeNull();
  });
});
