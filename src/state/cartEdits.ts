import { designDeltaMinor, designDescription } from '@contract/bat-design-price';
import type { PackageWithEstimate } from '@contract/catalogue';
import { SINGLE_QUANTITY_PRODUCT_CODES } from '@contract/constants';
import { type Currency, currencyForCountry } from '@contract/money';
import { useSnapshot } from 'valtio';
import {
  addedCount,
  type CartItem,
  type CartMetadata,
  type CartState,
  cartStore,
  estimateOf,
  lineTotal,
  pricing,
  touch,
} from './cart';
import { countryStore } from './country';

/*
 * What the cart sheet, the cart's price check and a paid order do to the cart's lines. Apart from ./cart, which a
 * product page needs to add to the cart and show its count, so none of this rides in a page's first load.
 */

/** Spec §2: these codes always DISPLAY quantity 1; the cart stores and prices the real quantity. */
export function isSingleQuantityProduct(productCode: string): boolean {
  return SINGLE_QUANTITY_PRODUCT_CODES.includes(productCode);
}

/** Sets a line's quantity (spec §4: 0 or less removes the line). */
export function updateItemQuantity(id: string, quantity: number): void {
  const index = cartStore.items.findIndex((line) => line.id === id);
  const line = cartStore.items[index];
  if (!line) return;
  if (!Number.isFinite(quantity) || quantity <= 0) {
    cartStore.items.splice(index, 1);
  } else {
    line.quantity = Math.floor(quantity);
    line.itemTotal = lineTotal(line);
  }
  touch();
}

export function removeItem(id: string): void {
  updateItemQuantity(id, 0);
}

export function clearCart(): void {
  cartStore.items = [];
  touch();
}

/**
 * Applies what the server says now about the cart's packages (the price estimate endpoint for the buyer's
 * country): a changed price is applied and remembered so the line can say so; stock and availability are
 * flagged, never silently dropped; a currency change re-prices without a "price changed" note.
 */
export function applyCatalogueCheck(
  packages: readonly Pick<
    PackageWithEstimate,
    'package_code' | 'package_type' | 'currency' | 'products' | 'available_in'
  >[],
  countryCode: string,
  now = Date.now(),
): void {
  const byCode = new Map(packages.map((p) => [p.package_code, p]));
  for (const line of cartStore.items) {
    const pkg = byCode.get(line.packageCode);
    const product = pkg?.products.find(
      (p) => p.product_id === line.productId || p.product_code === line.productCode,
    );
    if (!pkg || !product || (pkg.available_in.length > 0 && !pkg.available_in.includes(countryCode))) {
      line.unavailable = true;
      continue;
    }
    // A design is priced from the catalogue's options; one whose choice is no longer offered cannot be bought.
    const options = product.customization_options;
    const delta =
      line.customization && options ? designDeltaMinor(options, line.customization, pkg.currency) : 0;
    if (delta === null) {
      line.unavailable = true;
      continue;
    }
    line.unavailable = false;
    line.outOfStock = product.is_out_of_stock;
    if (line.customization && options) {
      line.customizationDescription = designDescription(options, line.customization);
    }
    const base = pricing(pkg, product);
    const price = base.price + delta;
    const { packageLineAmount } = base;
    if (pkg.currency !== line.currency) {
      line.currency = pkg.currency;
      line.priceChangedFrom = null;
    } else if (price !== line.price) {
      line.priceChangedFrom = line.price;
    } else if (line.priceChangedFrom === price) {
      line.priceChangedFrom = null;
    }
    line.price = price;
    line.packageLineAmount = line.packageType === 'fixed' ? packageLineAmount : null;
    line.description = product.description;
    // The catalogue's estimate is for the plain product: a design's line is priced by the cart's own estimate.
    if (!line.customization) {
      line.priceEstimateDetails = estimateOf(product, pkg.currency) ?? line.priceEstimateDetails;
    }
    line.itemTotal = lineTotal(line);
  }
  cartStore.metadata.pricesCheckedAt = now;
  cartStore.metadata.countryCode = countryCode;
  touch();
}

/** Whether a line can be bought at its price in `currency` (the buyer's current one): sold there, in stock. */
export function isLineBuyable(
  line: Pick<CartItem, 'currency' | 'outOfStock' | 'unavailable'>,
  currency: Currency,
) {
  return line.currency === currency && !line.outOfStock && !line.unavailable;
}

/** The spec's Cart view of the store, in the buyer's current currency. */
export interface CartSummary {
  items: readonly CartItem[];
  isEmpty: boolean;
  totalItems: number;
  totalUniqueItems: number;
  /** What the buyer added (the badge): packages for fixed groups, product quantities for customizable lines. */
  addedCount: number;
  /** Sum of the lines that can be bought in `currency` (out-of-stock, unavailable and not yet re-priced lines are not). */
  cartTotal: number;
  currency: Currency;
  metadata: CartMetadata;
}

export function summarizeCart(state: Pick<CartState, 'items' | 'metadata'>, currency: Currency): CartSummary {
  const items = state.items;
  return {
    items,
    isEmpty: items.length === 0,
    totalItems: items.reduce((sum, line) => sum + line.quantity, 0),
    totalUniqueItems: items.length,
    addedCount: addedCount(items),
    cartTotal: items
      .filter((line) => isLineBuyable(line, currency))
      .reduce((sum, line) => sum + line.itemTotal, 0),
    currency,
    metadata: state.metadata,
  };
}

export function useCart(): CartSummary {
  const snapshot = useSnapshot(cartStore);
  const { countryCode } = useSnapshot(countryStore);
  return summarizeCart(snapshot as CartState, currencyForCountry(countryCode));
}
