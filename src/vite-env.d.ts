/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_WHATSAPP_NUMBER?: string;
  /** Spec §9's feature flags (contract/flags.ts), e.g. FEATURE_INTERNATIONAL_PAYMENTS=false hides the currency switch. */
  readonly FEATURE_BUSINESS_T_AND_C?: string;
  readonly FEATURE_AD_SERVICE_LICENCE?: string;
  readonly FEATURE_AFFILIATE_PAYOUTS?: string;
  readonly FEATURE_FORMS_LOGIN?: string;
  readonly FEATURE_INTERNATIONAL_PAYMENTS?: string;
  readonly FEATURE_MINIMUM_POINTS_CARD?: string;
  readonly FEATURE_HELP_GUIDE_BUTTON?: string;
  readonly FEATURE_AVAILABILITY_CHECK_BY_PINCODE?: string;
  readonly FEATURE_BOOK_A_DEMO_ROUTE?: string;
  readonly FEATURE_DARK_THEME?: string;
  readonly FEATURE_SELF_PICKUP?: string;
  readonly FEATURE_INTERNATIONAL_USERS?: string;
}

/** Spec §9's feature flags, parsed from the FEATURE_* variables when the PWA is built (vite.config.ts). */
declare const __FEATURE_FLAGS__: import('@contract/flags').FeatureFlags;
