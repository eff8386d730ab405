import { type FeatureFlags, parseFeatureFlags } from '@contract/flags';

/** Spec §9's feature flags as this build was made with them: the FEATURE_* variables the server reads too. */
export const featureFlags: FeatureFlags = parseFeatureFlags(import.meta.env).flags;

/** Spec §9 "international payments on" (FEATURE_INTERNATIONAL_PAYMENTS, default true). */
export function internationalPaymentsEnabled(
  value = import.meta.env.FEATURE_INTERNATIONAL_PAYMENTS,
): boolean {
  return parseFeatureFlags({ FEATURE_INTERNATIONAL_PAYMENTS: value }).flags.internationalPayments;
}
