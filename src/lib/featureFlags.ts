import type { FeatureFlags } from '@contract/flags';

/** Spec §9's feature flags as this build was made with them (vite.config.ts): the FEATURE_* variables the server reads too. */
export const featureFlags: FeatureFlags = __FEATURE_FLAGS__;
