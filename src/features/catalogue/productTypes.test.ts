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

  it("lists each path's package codes, all of them the contract's", () => {
    expect(PRODUCT_PAGES['/'].packageCodes).toEqual(['SOLO', 'FAMILY']);
    expect(PRODUCT_PAGES['/ibc-kit'].packageCodes).toEqual(['SOLO', 'FAMILY']);
    expect(PRODUCT_PAGES['/ibc-kit-no-cost-emi'].packageCodes).toEqual([
      'SOLO_NO_COST_EMI',
      'FAMILY_NO_COST_EMI',
    ]);
    expect(PRODUCT_PAGES['/ibc-game'].packageCodes).toEqual(['GAME_1_PROFILE', 'GAME_5_PROFILE']);
    expect(PRODUCT_PAGES['/ibc-steam-game'].packageCodes).toEqual(['STEAM_GAME']);
    expect(PRODUCT_PAGES['/ibc-game-plus-bat'].packageCodes).toEqual(['GAME_PLUS_BAT']);
    expect(PRODUCT_PAGES['/custom-designed-bat'].packageCodes).toEqual(['BAT']);
    const known = new Set<string>(Object.values(PACKAGE_CODES));
    for (const path of PRODUCT_PATHS) {
      for (const code of PRODUCT_PAGES[path].packageCodes) expect(known.has(code), code).toBe(true);
    }
  });

  it('gives each route a title and a description', () => {
    expect(productHead('/ibc-game').meta[0]).toEqual({
      title: 'IBC cricket game for VR headsets | IBC Cricket',
    });
    expect(productHead('/ibc-game').meta[1]?.content).toMatch(/one or five player profiles/);
  });
});
