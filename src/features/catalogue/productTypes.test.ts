import { PACKAGE_CODES } from '@contract/catalogue';
import { describe, expect, it } from 'vitest';
import { PRODUCT_PAGES, PRODUCT_PATHS, productHead, productTypeForPath } from './productTypes';

describe('product types and package codes by path (spec §2, §9)', () => {
  it('derives the product type from the path', () => {
    expect(productTypeForPath('/')).toBe('homeKit');
    expect(productTypeForPath('/ibc-kit')).toBe('homeKit');
    expect(productTypeForPath('/ibc-kit-no-cost-emi')).toBe('homeKit');
    expect(productTypeForPath('/ibc-game')).toBe('game');
    expect(productTypeForPath('/ibc-steam-game')).toBe('game');
    expect(productTypeForPath('/ibc-game-plus-bat')).toBe('gamePlusBat');
    expect(productTypeForPath('/custom-designed-bat')).toBe('bat');
    expect(productTypeForPath('/custom-designed-bat/')).toBe('bat');
    expect(productTypeForPath('/help')).toBeUndefined();
  });

  it("sells on every product page at least one package, each a code of the contract's", () => {
    const known = new Set<string>(Object.values(PACKAGE_CODES));
    for (const path of PRODUCT_PATHS) {
      expect(PRODUCT_PAGES[path].packageCodes.length, path).toBeGreaterThan(0);
      for (const code of PRODUCT_PAGES[path].packageCodes) expect(known.has(code), code).toBe(true);
    }
    // The home page is the home kit's page (spec §2): the same packages as /ibc-kit.
    expect(PRODUCT_PAGES['/'].packageCodes).toEqual(PRODUCT_PAGES['/ibc-kit'].packageCodes);
  });

  it('gives each route a title and a description', () => {
    expect(productHead('/ibc-game').meta[0]).toEqual({
      title: 'IBC cricket game for VR headsets | IBC Cricket',
    });
    expect(productHead('/ibc-game').meta[1]?.content).toMatch(/one or five player profiles/);
  });
});
