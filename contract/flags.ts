/*
 * Spec §9's feature flags, one typed configuration for the server and the PWA (zod-free: the PWA reads it on
 * the first paint). Both read the same variables: the server from its environment, the PWA at build time
 * (Vite exposes FEATURE_*), e.g. FEATURE_INTERNATIONAL_PAYMENTS=false.
 */

export const FEATURE_FLAGS = {
  businessTandC: {
    variable: 'FEATURE_BUSINESS_T_AND_C',
    default: false,
    description: 'the business terms box at checkout',
  },
  adServiceLicence: {
    variable: 'FEATURE_AD_SERVICE_LICENCE',
    default: false,
    description: 'the ad service licence',
  },
  affiliatePayouts: {
    variable: 'FEATURE_AFFILIATE_PAYOUTS',
    default: false,
    description: 'affiliate payouts',
  },
  formsLogin: { variable: 'FEATURE_FORMS_LOGIN', default: true, description: 'signing in on the forms' },
  internationalPayments: {
    variable: 'FEATURE_INTERNATIONAL_PAYMENTS',
    default: true,
    description: 'the "Choose Currency" switch (INR, USD) and selling abroad',
  },
  minimumPointsCard: {
    variable: 'FEATURE_MINIMUM_POINTS_CARD',
    default: false,
    description: 'the minimum-points card',
  },
  helpGuideButton: {
    variable: 'FEATURE_HELP_GUIDE_BUTTON',
    default: false,
    description: 'the help-guide button',
  },
  availabilityCheckByPincode: {
    variable: 'FEATURE_AVAILABILITY_CHECK_BY_PINCODE',
    default: true,
    description: 'checking availability by pin code',
  },
  bookADemoRoute: {
    variable: 'FEATURE_BOOK_A_DEMO_ROUTE',
    default: false,
    description: 'the book-a-demo routes',
  },
  darkTheme: { variable: 'FEATURE_DARK_THEME', default: true, description: 'the dark theme' },
  // Spec §9 leaves these two to the build; on by default, as the shop sells abroad and has pickup points.
  selfPickup: {
    variable: 'FEATURE_SELF_PICKUP',
    default: true,
    description: 'self pickup as a delivery option',
  },
  internationalUsers: {
    variable: 'FEATURE_INTERNATIONAL_USERS',
    default: true,
    description: 'buyers abroad (the v2 price estimate)',
  },
} as const satisfies Record<string, { variable: `FEATURE_${string}`; default: boolean; description: string }>;

export type FeatureFlagName = keyof typeof FEATURE_FLAGS;
export type FeatureFlags = Record<FeatureFlagName, boolean>;
export type FeatureFlagVariable = (typeof FEATURE_FLAGS)[FeatureFlagName]['variable'];

export const FEATURE_FLAG_NAMES = Object.keys(FEATURE_FLAGS) as FeatureFlagName[];

const TRUE = ['true', '1', 'yes', 'on'];
const FALSE = ['false', '0', 'no', 'off'];

export interface ParsedFeatureFlags {
  flags: FeatureFlags;
  /** One line per variable whose value is not a boolean (that flag keeps its default). */
  problems: string[];
}

/** Reads the flags from an environment-like record; unset or empty means the default. */
export function parseFeatureFlags(
  env: Readonly<Record<string, string | boolean | undefined>>,
): ParsedFeatureFlags {
  const problems: string[] = [];
  const flags = {} as FeatureFlags;
  for (const name of FEATURE_FLAG_NAMES) {
    const { variable, default: fallback } = FEATURE_FLAGS[name];
    const raw = env[variable];
    if (typeof raw === 'boolean') {
      flags[name] = raw;
      continue;
    }
    const value = raw?.trim().toLowerCase() ?? '';
    if (TRUE.includes(value)) flags[name] = true;
    else if (FALSE.includes(value)) flags[name] = false;
    else {
      if (value !== '') problems.push(`${variable}=${JSON.stringify(raw)}: use true or false`);
      flags[name] = fallback;
    }
  }
  return { flags, problems };
}
