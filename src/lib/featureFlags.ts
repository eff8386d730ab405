import { type FeatureFlags, parseFeatureFlags } from '@contract/flags';

/** Spec §9's feature flags as this build was made with them: the FEATURE_* variables the server reads too. */
export const featureFlags: FeatureFlags = parseFeatureFlags(import.meta.env).flags;
