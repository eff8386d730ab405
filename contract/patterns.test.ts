import { describe, expect, it } from 'vitest';
import {
  ALPHANUMERIC_PATTERN,
  DIGITS_PATTERN,
  GSTIN_PATTERN,
  IFSC_PATTERN,
  MOBILE_PATTERN,
  NAME_PATTERN,
  PAN_PATTERN,
  PINCODE_PATTERN,
} from './patterns';

const cases: [string, RegExp, string[], string[]][] = [
  [
    'mobile',
    MOBILE_PATTERN,
    ['9876543210', '5000000000'],
    ['4876543210', '987654321', '98765432100', '98765 43210'],
  ],
  ['pincode', PINCODE_PATTERN, ['560001', '110011'], ['56000', '5600011', '56000a', ' 560001']],
  ['digits only', DIGITS_PATTERN, ['0', '0042'], ['', '12a', '-1', '1.5']],
  [
    'IFSC',
    IFSC_PATTERN,
    ['SBIN0001234', 'HDFC0ABC123'],
    ['SBIN1001234', 'sbin0001234', 'SBI00012345', 'SBIN000123'],
  ],
  ['name', NAME_PATTERN, ['Asha Kumar', 'José Núñez', 'आशा'], ['Asha2', 'O’Brien', '', 'a.b']],
  ['alphanumeric', ALPHANUMERIC_PATTERN, ['abc123', 'ABC'], ['ab c', 'ab-1', '']],
  ['PAN', PAN_PATTERN, ['ABCDE1234F'], ['ABCD1234F', 'abcde1234f', 'ABCDE12345', 'ABCDE1234FG']],
  [
    'GSTIN',
    GSTIN_PATTERN,
    ['27ABCDE1234F1Z5', '07AAACB1234C2ZZ'],
    ['27ABCDE1234F0Z5', '27ABCDE1234F1Y5', '2ABCDE1234F1Z5', '27abcde1234f1z5'],
  ],
];

describe('spec §5 patterns', () => {
  for (const [name, pattern, valid, invalid] of cases) {
    it(`${name}: accepts ${valid.join(', ')}; refuses ${invalid.join(', ') || 'empty'}`, () => {
      for (const value of valid) expect(pattern.test(value), value).toBe(true);
      for (const value of invalid) expect(pattern.test(value), value).toBe(false);
    });
  }
});
