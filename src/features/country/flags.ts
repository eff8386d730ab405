/** Spec §9 "international payments on": a build-time flag (VITE_INTERNATIONAL_PAYMENTS, default true). */
export function internationalPaymentsEnabled(value = import.meta.env.VITE_INTERNATIONAL_PAYMENTS): boolean {
  return value === undefined || !['false', '0', 'off'].includes(String(value).trim().toLowerCase());
}
