import { describe, expect, it } from 'vitest';
import { isPostalCodeOf } from './postal-codes';

describe('postal code formats', () => {
  it.each([
    ['IN', '110001', true],
    ['IN', 'SW1A 1AA', false],
    ['US', '10118', true],
    ['US', '10118-0110', true],
    ['US', '110001', false],
    ['GB', 'sw1a 1aa', true],
    ['GB', '110001', false],
    ['CA', 'K1A 0B1', true],
    ['AU', '2000', true],
    ['AU', '20000', false],
    ['FR', '75001', true],
    ['IN', ' ', false],
  ])('%s %s → %s', (country, code, valid) => {
    expect(isPostalCodeOf(country, code)).toBe(valid);
  });
});
