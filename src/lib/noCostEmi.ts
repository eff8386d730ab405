import { type Currency, PACKAGE_CODES } from '@contract/constants';

/** The packages sold on no-cost EMI (the catalogue gives these, and only these, an EMI tenure). */
const NO_COST_EMI_PACKAGES: ReadonlySet<string> = new Set([
  PACKAGE_CODES.soloNoCostEmi,
  PACKAGE_CODES.familyNoCostEmi,
]);

export const EMI_NOT_WITH_OTHER_PRODUCTS =
  'No-cost EMI is for the no-cost EMI kit bought on its own: with other products in the cart, the order is paid in full.';

/**
 * Why an order holding a no-cost EMI kit is paid in full, or null when nothing needs saying: the server offers EMI
 * only when every package in the order offers it, in rupees.
 */
export function noCostEmiWithheld(packageCodes: readonly string[], currency: Currency): string | null {
  if (currency !== 'INR') return null;
  const onEmi = (code: string) => NO_COST_EMI_PACKAGES.has(code);
  return packageCodes.some(onEmi) && !packageCodes.every(onEmi) ? EMI_NOT_WITH_OTHER_PRODUCTS : null;
}
