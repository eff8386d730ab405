import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, parseFeatureFlags } from './flags';

describe('feature flags', () => {
  it('has spec §9’s defaults when nothing is set', () => {
    const { flags, problems } = parseFeatureFlags({});
    expect(problems).toEqual([]);
    expect(flags).toEqual({
      businessTandC: false,
      adServiceLicence: false,
      affiliatePayouts: false,
      formsLogin: true,
      internationalPayments: true,
      minimumPointsCard: false,
      helpGuideButton: false,
      availabilityCheckByPincode: true,
      bookADemoRoute: false,
      darkTheme: true,
      selfPickup: true,
      internationalUsers: true,
    });
  });

  it('reads the FEATURE_* variables, and names a value that is not a boolean', () => {
    const { flags, problems } = parseFeatureFlags({
      FEATURE_INTERNATIONAL_PAYMENTS: 'false',
      FEATURE_BOOK_A_DEMO_ROUTE: ' On ',
      FEATURE_DARK_THEME: '',
      FEATURE_SELF_PICKUP: 'sometimes',
    });
    expect(flags).toMatchObject({
      internationalPayments: false,
      bookADemoRoute: true,
      darkTheme: true,
      selfPickup: true,
    });
    expect(problems).toEqual(['FEATURE_SELF_PICKUP="sometimes": use true or false']);
    expect(Object.values(FEATURE_FLAGS).every((f) => f.variable.startsWith('FEATURE_'))).toBe(true);
  });
});
