import { describe, expect, it } from 'vitest';
import { splitPackageName } from './packageName';

describe('splitPackageName', () => {
  it('splits at the first hyphen only', () => {
    expect(splitPackageName('IBC home kit - Solo, no-cost EMI')).toEqual({
      white: 'IBC home kit',
      orange: 'Solo, no-cost EMI',
    });
    expect(splitPackageName('Custom designed bat')).toEqual({ white: 'Custom designed bat', orange: null });
    expect(splitPackageName('Trailing -')).toEqual({ white: 'Trailing', orange: null });
  });
});
