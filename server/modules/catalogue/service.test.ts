import { describe, expect, it } from 'vitest';
import { operatorAmountToMinor } from './admin';

describe('an operator’s price', () => {
  it('converts major to minor exactly and refuses a third decimal or a negative amount', () => {
    expect(operatorAmountToMinor(54999, 'INR')).toBe(5_499_900);
    expect(operatorAmountToMinor(19.99, 'USD')).toBe(1999);
    expect(operatorAmountToMinor(0.1 + 0.2, 'USD')).toBe(30);
    expect(() => operatorAmountToMinor(1.234, 'INR')).toThrow(RangeError);
    expect(() => operatorAmountToMinor(1.005, 'USD')).toThrow(RangeError);
    expect(() => operatorAmountToMinor(-1, 'INR')).toThrow(RangeError);
  });
});
