import type { SelectedPackage } from '@/api/priceEstimate';

/** A cart line as the estimate needs it (src/state/cart.ts CartItem). */
export interface SelectedLine {
  packageId: number;
  productId: number;
  quantity: number;
}

/** The cart's lines as selected packages, every product kept (zero quantities too, for the skip rule). */
export function selectedPackagesFromCart(lines: readonly SelectedLine[]): SelectedPackage[] {
  const byPackage = new Map<number, Map<number, number>>();
  for (const line of lines) {
    const products = byPackage.get(line.packageId) ?? new Map<number, number>();
    products.set(line.productId, (products.get(line.productId) ?? 0) + Math.max(0, line.quantity));
    byPackage.set(line.packageId, products);
  }
  return [...byPackage.entries()].map(([packageId, products]) => ({
    packageId,
    products: [...products.entries()].map(([productId, quantity]) => ({ productId, quantity })),
  }));
}
