import { LICENCE_PRODUCT_CODE_LIST } from '@contract/constants';
import type { Currency } from '@contract/money';
import type { EstimateFeatures, PriceEstimateInputs, SelectedPackage } from '@/api/priceEstimate';
import { featureFlags } from '@/lib/featureFlags';
import type { CartItem } from './cart';

/*
 * What the cart's lines ask the price estimate for: the cart and the checkout price the same lines the same way,
 * so both read this one selection.
 */

/** Spec §9 feature flags as built: v2 for international users, the delivery option only with self pickup. */
export const cartEstimateFeatures: EstimateFeatures = {
  selfPickup: featureFlags.selfPickup,
  internationalUsers: featureFlags.internationalUsers,
};

/** A line the estimate can price: sold in the buyer's country, priced in their currency and in stock. */
function priceable(line: CartItem, currency: Currency): boolean {
  return line.currency === currency && !line.unavailable && !line.outOfStock;
}

/**
 * What the cart asks the estimate for. A fixed package is priced whole or not at all (the server refuses part of a
 * set), so one blocked part keeps the package out; a customizable package leaves out only its blocked lines.
 */
export function cartSelectedPackages(items: readonly CartItem[], currency: Currency): SelectedPackage[] {
  const packages = new Map<number, { fixed: boolean; lines: CartItem[] }>();
  for (const line of items) {
    const group = packages.get(line.packageId) ?? { fixed: line.packageType === 'fixed', lines: [] };
    group.lines.push(line);
    packages.set(line.packageId, group);
  }
  const selected: SelectedPackage[] = [];
  for (const [packageId, group] of packages) {
    const lines = group.fixed
      ? group.lines.every((line) => priceable(line, currency))
        ? group.lines
        : []
      : group.lines.filter((line) => priceable(line, currency));
    if (lines.length === 0) continue;
    selected.push({
      packageId,
      products: lines.map((line) => ({
        productId: line.productId,
        quantity: line.quantity,
        ...(line.customization ? { customization: line.customization } : {}),
      })),
    });
  }
  return selected;
}

export function cartEstimateInputs(
  items: readonly CartItem[],
  currency: Currency,
  countryCode: string,
): PriceEstimateInputs {
  return { packages: cartSelectedPackages(items, currency), countryName: countryCode };
}

/**
 * Whether the cart holds something to ship, as the server decides it: a physical product that is not a licence
 * (the estimate's is_shipping_required replaces this guess once it answers).
 */
export function cartNeedsShipping(
  items: readonly Pick<CartItem, 'productType' | 'productCode' | 'quantity'>[],
) {
  return items.some(
    (line) =>
      line.quantity > 0 &&
      line.productType === 'default' &&
      !LICENCE_PRODUCT_CODE_LIST.includes(line.productCode),
  );
}
