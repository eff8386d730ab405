import { currencyForCountry } from '@contract/money';
import { isProductOutOfStock, pricePackage } from '../catalogue/price';
import type { CataloguePackage, CatalogueProduct } from '../catalogue/repo';
import { type PricedDesign, priceDesign } from './design';
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
  /** The buyer's design of a product made to one, priced into unitTaxableMinor. */
  design: PricedDesign | null;
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
    // A product made to a design may be listed once per distinct design, each its own line.
    const designed: { product: CatalogueProduct; quantity: number; design: PricedDesign }[] = [];
    for (const [j, product] of requested.products.entries()) {
      const item = pkg.items.find((i) => i.product.id === product.product_id);
      if (!item) {
        throw refuse(`That product is not part of ${pkg.name}`, `${field}.products.${j}.product_id`);
      }
      const design = priceDesign(item.product, product.customization, currency, `${field}.products.${j}`);
      if (design) {
        if (designed.some((d) => d.product.id === item.product.id && d.design.key === design.key)) {
          throw refuse(
            `The same design of ${item.product.name} is listed twice`,
            `${field}.products.${j}.customization`,
          );
        }
        if (product.quantity > 0)
          designed.push({ product: item.product, quantity: product.quantity, design });
        wanted.set(product.product_id, (wanted.get(product.product_id) ?? 0) + product.quantity);
        continue;
      }
      if (wanted.has(product.product_id)) {
        throw refuse(`A product of ${pkg.name} is listed twice`, `${field}.products.${j}.product_id`);
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
          design: null,
        });
      }
    } else {
      for (const item of pkg.items) {
        const quantity = wanted.get(item.product.id) ?? 0;
        if (quantity === 0) continue;
        const price = item.product.prices[currency];
        if (!price) throw notSold;
        const designs = designed.filter((d) => d.product.id === item.product.id);
        const parts =
          designs.length > 0
            ? designs.map((d) => ({ quantity: d.quantity, design: d.design }))
            : [{ quantity, design: null }];
        for (const part of parts) {
          const unitTaxableMinor = price.amountMinor + (part.design?.deltaMinor ?? 0);
          lines.push({
            packageIndex: index,
            product: item.product,
            quantity: part.quantity,
            unitTaxableMinor,
            taxableMinor: unitTaxableMinor * part.quantity,
            gstRateBp: item.product.gstRateBp,
            packageCode: pkg.code,
            // Every design of a product draws on the same stock.
            isOutOfStock: outOfStock(item.product, quantity),
            design: part.design,
          });
        }
      }
    }
    selected.push({ pkg, quantity: packageQuantity, lines });
  }
  if (selected.length === 0) throw refuse('Choose at least one product', 'packages');
  return selected;
}
