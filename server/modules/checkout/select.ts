import { currencyForCountry } from '@contract/money';
import { isProductOutOfStock, pricePackage } from '../catalogue/price';
import type { CataloguePackage, CatalogueProduct } from '../catalogue/repo';
import { type PriceEstimateInput, refuse } from './rules';

interface Line {
  packageIndex: number;
  product: CatalogueProduct;
  quantity: number;
  unitTaxableMinor: number;
  taxableMinor: number;
  gstRateBp: number;
  packageCode: string;
  isOutOfStock: boolean;
}

export interface SelectedPackage {
  pkg: CataloguePackage;
  quantity: number;
  lines: Line[];
}

/** Spec §5's rule, and also more asked for than a LIMITED product has. */
function outOfStock(product: CatalogueProduct, quantity: number): boolean {
  return (
    isProductOutOfStock(product) ||
    (product.availabilityType === 'LIMITED' && product.availableQuantity < quantity)
  );
}

/** The packages and lines asked for, checked against the catalogue. */
export async function selectPackages(
  findPackage: (id: number) => Promise<CataloguePackage | undefined>,
  input: PriceEstimateInput,
  countryCode: string,
): Promise<SelectedPackage[]> {
  const currency = currencyForCountry(countryCode);
  const seen = new Set<number>();
  const selected: SelectedPackage[] = [];
  for (const [index, requested] of input.packages.entries()) {
    const field = `packages.${index}`;
    if (seen.has(requested.package_id)) {
      throw refuse('A package is listed twice: list each once', `${field}.package_id`);
    }
    seen.add(requested.package_id);
    const pkg = await findPackage(requested.package_id);
    if (!pkg) throw refuse('Package not found', `${field}.package_id`, 404);

    const wanted = new Map<number, number>();
    for (const [j, product] of requested.products.entries()) {
      if (wanted.has(product.product_id)) {
        throw refuse(`A product of ${pkg.name} is listed twice`, `${field}.products.${j}.product_id`);
      }
      if (!pkg.items.some((item) => item.product.id === product.product_id)) {
        throw refuse(`That product is not part of ${pkg.name}`, `${field}.products.${j}.product_id`);
      }
      wanted.set(product.product_id, product.quantity);
    }
    if (![...wanted.values()].some((q) => q > 0)) continue;

    const notSold = refuse(`${pkg.name} is not available in ${countryCode}`, `${field}.package_id`);
    if (!pkg.availableCountries.includes(countryCode)) throw notSold;

    const lines: Line[] = [];
    let packageQuantity = 1;
    if (pkg.packageType === 'fixed') {
      const priced = pricePackage(pkg, countryCode);
      if (!priced) throw notSold;
      // A fixed package comes whole: every product it holds, k times over.
      const held = pkg.items.filter((item) => item.quantity > 0);
      const first = held[0];
      const k = first ? (wanted.get(first.product.id) ?? 0) / first.quantity : 0;
      const whole =
        Number.isInteger(k) &&
        k >= 1 &&
        pkg.items.every((item) => (wanted.get(item.product.id) ?? 0) === item.quantity * k);
      if (!whole) {
        throw refuse(
          `${pkg.name} comes as a set: ${held.map((i) => `${i.quantity} × ${i.product.name}`).join(', ')}, or a whole number of sets`,
          `${field}.products`,
        );
      }
      packageQuantity = k;
      for (const line of priced.lines) {
        if (line.quantity === 0) continue;
        const quantity = line.quantity * k;
        lines.push({
          packageIndex: index,
          product: line.product,
          quantity,
          unitTaxableMinor: line.unitTaxableMinor,
          taxableMinor: line.lineTaxableMinor * k,
          gstRateBp: line.product.gstRateBp,
          packageCode: pkg.code,
          isOutOfStock: outOfStock(line.product, quantity),
        });
      }
    } else {
      for (const item of pkg.items) {
        const quantity = wanted.get(item.product.id) ?? 0;
        if (quantity === 0) continue;
        const price = item.product.prices[currency];
        if (!price) throw notSold;
        lines.push({
          packageIndex: index,
          product: item.product,
          quantity,
          unitTaxableMinor: price.amountMinor,
          taxableMinor: price.amountMinor * quantity,
          gstRateBp: item.product.gstRateBp,
          packageCode: pkg.code,
          isOutOfStock: outOfStock(item.product, quantity),
        });
      }
    }
    selected.push({ pkg, quantity: packageQuantity, lines });
  }
  if (selected.length === 0) throw refuse('Choose at least one product', 'packages');
  return selected;
}
