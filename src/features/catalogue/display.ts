import type { Package, PackageWithEstimate, Product } from '@contract/catalogue';
import { type Currency, toMinor } from '@contract/money';
import { type StockView, stockOf } from '@/lib/stock';

export { FEW_LEFT, type StockView, stockText } from '@/lib/stock';

/*
 * What a package card shows, derived from the wire. Amounts are integer minor units. The shelf price
 * a buyer in India compares is GST-inclusive (the seed writes consumer prices as MRP), so the card
 * shows the estimate's total_amount; abroad no GST is charged and the total equals the price.
 */

/** Half-up percentage of an integer amount, as the server taxes a line. */
function taxOf(taxableMinor: number, ratePercent: number): number {
  return Math.round((taxableMinor * Math.round(ratePercent * 100)) / 10_000);
}

/** An amount before tax with its tax at `ratePercent`, half up, as the server taxes a line. */
export function withTax(taxableMinor: number, ratePercent: number): number {
  return taxableMinor + taxOf(taxableMinor, ratePercent);
}

/** One unit of a product with its tax, in minor units; the pre-offer unit too when there is an offer. */
export function unitPrice(
  product: Product,
  currency: Currency,
): { minor: number; originalMinor: number | null } {
  const taxable = toMinor(product.taxable_amount, currency);
  const original =
    product.original_taxable_amount === null ? null : toMinor(product.original_taxable_amount, currency);
  return {
    minor: taxable + taxOf(taxable, product.gst_rate),
    originalMinor: original === null ? null : original + taxOf(original, product.gst_rate),
  };
}

/** The price to show for a fixed package and its crossed-out original (null without an offer). */
export function packagePrice(pkg: PackageWithEstimate): { minor: number; originalMinor: number | null } {
  const { currency } = pkg;
  const minor = toMinor(pkg.price_estimate.total_amount, currency);
  if (pkg.original_price === null) return { minor, originalMinor: null };
  const linesTaxable = pkg.products.reduce(
    (sum, p) => sum + toMinor(p.taxable_amount, currency) * p.quantity,
    0,
  );
  const priceMinor = toMinor(pkg.price, currency);
  let original: number;
  if (linesTaxable === priceMinor) {
    // The price is the sum of its lines: the original is too, each taxed at its own rate.
    original = pkg.products.reduce((sum, p) => {
      const unit = toMinor(p.original_taxable_amount ?? p.taxable_amount, currency);
      const line = unit * p.quantity;
      return sum + line + taxOf(line, p.gst_rate);
    }, 0);
  } else {
    // A bundle price of its own: carry the tax ratio of the estimate over to the original.
    original =
      priceMinor > 0
        ? Math.round((toMinor(pkg.original_price, currency) * minor) / priceMinor)
        : toMinor(pkg.original_price, currency);
  }
  return { minor, originalMinor: original > minor ? original : null };
}

/**
 * The total of a customizable package for the chosen quantities (product_id → quantity), a designed product at its
 * design's price (`extras`: product_id → what the design adds to a unit before tax, minor units).
 */
export function customTotal(
  pkg: Package,
  quantities: Record<number, number>,
  extras: Record<number, number> = {},
): number {
  return pkg.products.reduce((sum, p) => {
    const quantity = quantities[p.product_id] ?? 0;
    if (quantity <= 0) return sum;
    const line = (toMinor(p.taxable_amount, pkg.currency) + (extras[p.product_id] ?? 0)) * quantity;
    return sum + line + taxOf(line, p.gst_rate);
  }, 0);
}

/** Units of a product that can still be sold, null when UNLIMITED. */
export function productUnitsLeft(product: Product): number | null {
  return product.availability_type === 'LIMITED' ? Math.max(0, product.available_quantity) : null;
}

export function productStock(product: Product): StockView {
  return stockOf(productUnitsLeft(product), product.is_out_of_stock);
}

/** A fixed package: how many whole packages the LIMITED products still make. */
export function packageStock(pkg: Package): StockView {
  if (pkg.package_type !== 'fixed') return stockOf(null, pkg.is_out_of_stock);
  let left: number | null = null;
  for (const p of pkg.products) {
    const units = productUnitsLeft(p);
    if (units === null || p.quantity <= 0) continue;
    const packages = Math.floor(units / p.quantity);
    left = left === null ? packages : Math.min(left, packages);
  }
  return stockOf(left, pkg.is_out_of_stock);
}

export function vendorName(product: Product): string {
  const v = product.vendor_details;
  return v.vendor_type === 'SELF' ? v.vendor_name : v.name;
}

// Made on first use: creating an Intl formatter loads locale data, which would lengthen the module's start-up.
let listFormat: Intl.ListFormat | null | undefined;

/** "India, United States, and Canada" (English conjunction list). */
export function listOf(items: readonly string[]): string {
  listFormat ??=
    typeof Intl.ListFormat === 'function' ? new Intl.ListFormat('en', { type: 'conjunction' }) : null;
  return listFormat ? listFormat.format(items) : items.join(', ');
}

/** "Sold by IBC Cricket" (or the merchants joined), from the products' vendor details. */
export function soldByLine(products: readonly Product[]): string | null {
  const names = [...new Set(products.map(vendorName))];
  return names.length === 0 ? null : `Sold by ${listOf(names)}`;
}

/** A package's pictures with alt text: the package's own, then each product's by its name. */
export function packagePictures(pkg: Package): { src: string; alt: string }[] {
  const pictures = pkg.pictures.length > 0 ? pkg.pictures : [pkg.pic_url];
  return [...new Set(pictures)].map((src, index) => {
    if (index === 0) return { src, alt: pkg.name };
    const product = pkg.products.find((p) => p.pic_url === src || p.pictures.includes(src));
    return { src, alt: product ? product.name : `${pkg.name}, picture ${index + 1}` };
  });
}
