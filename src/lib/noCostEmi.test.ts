import { describe, expect, it } from 'vitest';
import { EMI_NOT_WITH_OTHER_PRODUCTS, noCostEmiWithheld } from './noCostEmi';

describe('why no-cost EMI is not offered', () => {
  it('says so when the EMI kit shares the order with another product, in rupees', () => {
    expect(noCostEmiWithheld(['SOLO_NO_COST_EMI', 'SOLO_NO_COST_EMI', 'GAME_1_PROFILE'], 'INR')).toBe(
      EMI_NOT_WITH_OTHER_PRODUCTS,
    );
  });

  it('says nothing when every package offers EMI, when none does, or abroad', () => {
    expect(noCostEmiWithheld(['SOLO_NO_COST_EMI', 'FAMILY_NO_COST_EMI'], 'INR')).toBeNull();
    expect(noCostEmiWithheld(['SOLO', 'GAME_1_PROFILE'], 'INR')).toBeNull();
    expect(noCostEmiWithheld([], 'INR')).toBeNull();
    expect(noCostEmiWithheld(['SOLO_NO_COST_EMI', 'GAME_1_PROFILE'], 'USD')).toBeNull();
  });
});
