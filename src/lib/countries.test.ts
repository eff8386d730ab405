import { STATE_COUNTRIES } from '@contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countryName } from './countries';

describe('countryName', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('names every country the shop sells to as Intl does, without building Intl.DisplayNames', () => {
    const displayNames = new Intl.DisplayNames(['en'], { type: 'region' });
    const expected = STATE_COUNTRIES.map((code) => displayNames.of(code));
    const built = vi.spyOn(Intl, 'DisplayNames');
    expect(STATE_COUNTRIES.map((code) => countryName(code.toLowerCase()))).toEqual(expected);
    expect(built).not.toHaveBeenCalled();
  });

  it('names any other region through Intl, and keeps a code it cannot name', () => {
    expect(countryName('de')).toBe('Germany');
    expect(countryName('not-a-region')).toBe('not-a-region');
  });
});
