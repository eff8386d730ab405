import { type Currency, currencyForCountry } from '@contract/money';
import { monthlyInstalmentMinor, priceLines, supplyOf } from '../pricing/pricing';
import type { CataloguePackage, CatalogueProduct } from './repo';

// ---- Stock (spec §5) ----

/** Spec §5: out of stock when the availability type is not UNLIMITED and the quantity is not above 0. */
export function isProductOutOfStock(
  product: Pick<CatalogueProduct, 'availabilityType' | 'availableQuantity'>,
) {
  return product.availabilityType !== 'UNLIMITED' && product.availableQuantity <= 0;
}

type Item = CataloguePackage['items'][number];

/**
 * Which products a package shows, and whether it is out of stock.
 *
 * Spec §3 says fixed packages keep "zero-quantity products" while customizable and ad packages
 * drop them. In a customizable package every product sits at quantity 0 until the buyer picks
 * one, so the rule cannot mean the package quantity: we read it as STOCK. A product with no
 * stock (LIMITED, available_quantity ≤ 0) is dropped from customizable and ad packages, so the
 * buyer is only offered what can be sold; a fixed package keeps it (the buyer sees what is
 * missing) and is then out of stock as a whole. A customizable or ad package is out of stock
 * only when nothing is left to offer.
 *
 * Beyond the spec's rule, a fixed package is also out of stock when a LIMITED product has fewer
 * units than the package holds (four headsets cannot ship from three).
 */
export function packageStock(pkg: Pick<CataloguePackage, 'packageType' | 'items'>): {
  items: Item[];
  isOutOfStock: boolean;
} {
  if (pkg.packageType === 'fixed') {
    const isOutOfStock =
      pkg.items.length === 0 ||
      pkg.items.some(
        ({ product, quantity }) =>
          isProductOutOfStock(product) ||
          (product.availabilityType === 'LIMITED' && product.availableQuantity < quantity),
      );
    return { items: pkg.items, isOutOfStock };
  }
  const items = pkg.items.filter(({ product }) => !isProductOutOfStock(product));
  return { items, isOutOfStock: items.length === 0 };
}

// ---- Prices (minor units) ----

export interface PricedLine {
  product: CatalogueProduct;
  quantity: number;
  unitTaxableMinor: number;
  unitOriginalMinor: number | null;
  /** The rate charged to this buyer: the product's GST rate in India, 0 on export. */
  gstRateBp: number;
  lineTaxableMinor: number;
  lineTaxMinor: number;
  isOutOfStock: boolean;
}

export interface PricedPackage {
  pkg: CataloguePackage;
  countryCode: string;
  currency: Currency;
  lines: PricedLine[];
  priceMinor: number;
  originalPriceMinor: number | null;
  isOutOfStock: boolean;
  emiStartsFromMinor: number | null;
  adCostPerDevicePerDayMinor: number | null;
  estimate: { taxableMinor: number; taxMinor: number; amountMinor: number; discountMinor: number };
}

/**
 * How many of each product a package's own price stands for: a fixed package its contents; a customizable one,
 * whose products wait at quantity 0 for the buyer, one of each (spec §3: the price defaults to the sum of its
 * products' taxable amounts).
 */
function priceWeight(packageType: CataloguePackage['packageType'], quantity: number): number {
  return packageType === 'customizable' ? 1 : quantity;
}

/**
 * The package as sold in a country: undefined when it is not sold there (not in its countries,
 * or a product it offers has no price in the country's currency).
 */
export function pricePackage(pkg: CataloguePackage, countryCode: string): PricedPackage | undefined {
  if (!pkg.availableCountries.includes(countryCode)) return undefined;
  const currency = currencyForCountry(countryCode);
  const stock = packageStock(pkg);

  const base: {
    product: CatalogueProduct;
    quantity: number;
    unitTaxableMinor: number;
    unitOriginalMinor: number | null;
  }[] = [];
  for (const { product, quantity } of stock.items) {
    const price = product.prices[currency];
    if (!price) return undefined;
    base.push({
      product,
      quantity,
      unitTaxableMinor: price.amountMinor,
      unitOriginalMinor: price.originalMinor,
    });
  }

  let adCost: number | null = null;
  if (pkg.ad) {
    const adProduct = pkg.items.find((i) => i.product.id === pkg.ad?.productId)?.product;
    const price = adProduct?.prices[currency];
    if (!price) return undefined;
    adCost = price.amountMinor;
  }

  const own = pkg.prices[currency];
  const priced = priceLines(
    base.map((l) => ({
      unitTaxableMinor: l.unitTaxableMinor,
      quantity: l.quantity,
      gstRateBp: l.product.gstRateBp,
    })),
    {
      supply: supplyOf({ countryCode }),
      // A fixed package's own price is a bundle price: spread over its lines so each is taxed at its rate.
      bundleTaxableMinor: own && pkg.packageType === 'fixed' ? own.amountMinor : undefined,
    },
  );
  const lines: PricedLine[] = base.map((l, i) => {
    const line = priced.lines[i];
    return {
      ...l,
      gstRateBp: line?.gstRateBp ?? 0,
      lineTaxableMinor: line?.lineTaxableMinor ?? 0,
      lineTaxMinor: line?.taxMinor ?? 0,
      isOutOfStock: isProductOutOfStock(l.product),
    };
  });

  const weighted = lines.map((l) => ({ ...l, weight: priceWeight(pkg.packageType, l.quantity) }));
  const sumOfProducts = weighted.reduce((s, l) => s + l.unitTaxableMinor * l.weight, 0);
  const priceMinor = own ? own.amountMinor : sumOfProducts;
  const linesOriginal = weighted.some((l) => l.weight > 0 && l.unitOriginalMinor !== null)
    ? weighted.reduce((s, l) => s + (l.unitOriginalMinor ?? l.unitTaxableMinor) * l.weight, 0)
    : null;
  const original = own ? own.originalMinor : linesOriginal;

  const { taxableMinor, taxMinor, amountMinor } = priced;
  const emi =
    pkg.packageType === 'fixed' && pkg.noCostEmi && pkg.emiTenureMonths
      ? monthlyInstalmentMinor(amountMinor, pkg.emiTenureMonths, currency)
      : null;

  return {
    pkg,
    countryCode,
    currency,
    lines,
    priceMinor,
    originalPriceMinor: original !== null && original > priceMinor ? original : null,
    isOutOfStock: stock.isOutOfStock,
    emiStartsFromMinor: emi,
    adCostPerDevicePerDayMinor: adCost,
    estimate: { taxableMinor, taxMinor, amountMinor, discountMinor: 0 },
  };
}
