import type {
  AvailablePackagesRequest,
  Package,
  PackageWithEstimate,
  PaymentService,
  Product,
} from '@contract/catalogue';
import type { CatalogueAdminList, CatalogueAdminProduct } from '@contract/catalogue-admin';
import { type Currency, currencyForCountry, minorPerMajor, toMajor, toMinor } from '@contract/money';
import type { Database } from '../../db/client';
import { HttpError } from '../../errors';
import { monthlyInstalmentMinor, priceLines, supplyOf } from '../pricing/pricing';
import {
  type CataloguePackage,
  type CatalogueProduct,
  findPackageRef,
  findProductId,
  loadPackages,
  loadProducts,
  loadStock,
  readContentVersion,
  readSales,
  type StockLevels,
  saveNotifyMe,
  writeProductPrice,
  writeProductStock,
} from './repo';
import { type CatalogueVersion, perVersion } from './version';

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

// ---- The wire (major units from here on) ----

function toWireProduct(line: PricedLine, currency: Currency, withEstimate: boolean): Product {
  const major = (minor: number) => toMajor(minor, currency);
  const { product: p } = line;
  return {
    product_id: p.id,
    product_code: p.code,
    name: p.name,
    description: p.description,
    pic_url: p.picUrl,
    pictures: p.pictures.length > 0 ? p.pictures : [p.picUrl],
    product_type: p.productType,
    availability_type: p.availabilityType,
    available_quantity: p.availableQuantity,
    is_out_of_stock: line.isOutOfStock,
    taxable_amount: major(line.unitTaxableMinor),
    original_taxable_amount:
      line.unitOriginalMinor !== null && line.unitOriginalMinor > line.unitTaxableMinor
        ? major(line.unitOriginalMinor)
        : null,
    hsn_code: p.hsnCode,
    gst_rate: line.gstRateBp / 100,
    category: p.category ? { category_code: p.category.code } : null,
    quantity: line.quantity,
    total_amount_for_each_product: major(line.lineTaxableMinor),
    vendor_details:
      p.vendorType === 'SELF'
        ? { vendor_type: 'SELF', vendor_name: p.vendorName }
        : { vendor_type: 'OTHER', name: p.vendorName },
    more_details_link: p.moreDetailsLink,
    ...(withEstimate
      ? {
          price_estimate_details: {
            quantity: line.quantity,
            total_amount: major(line.lineTaxableMinor + line.lineTaxMinor),
            total_taxable_amount: major(line.lineTaxableMinor),
            total_tax: major(line.lineTaxMinor),
            total_discount: 0,
          },
        }
      : {}),
  };
}

export function toWirePackage(priced: PricedPackage, withEstimate = false): Package {
  const major = (minor: number) => toMajor(minor, priced.currency);
  const { pkg } = priced;
  const categories = new Map<string, Package['categories'][number]>();
  for (const { product } of priced.lines) {
    if (!product.category) continue;
    const entry = categories.get(product.category.code) ?? {
      category_code: product.category.code,
      name: product.category.name,
      description: product.category.description,
      pic_url: product.category.picUrl,
      products: [],
    };
    entry.products.push(product.id);
    categories.set(product.category.code, entry);
  }
  return {
    package_id: pkg.id,
    package_code: pkg.code,
    name: pkg.name,
    description: pkg.description,
    pic_url: pkg.picUrl,
    pictures: pkg.pictures.length > 0 ? pkg.pictures : [pkg.picUrl],
    package_type: pkg.packageType,
    country_code: priced.countryCode,
    currency: priced.currency,
    available_in: pkg.availableCountries,
    categories: [...categories.values()],
    products: priced.lines.map((l) => toWireProduct(l, priced.currency, withEstimate)),
    price: major(priced.priceMinor),
    original_price: priced.originalPriceMinor === null ? null : major(priced.originalPriceMinor),
    quantity: 0,
    is_out_of_stock: priced.isOutOfStock,
    emi_starts_from_amount: priced.emiStartsFromMinor === null ? null : major(priced.emiStartsFromMinor),
    is_shipping_required: pkg.isShippingRequired,
    ad_details:
      pkg.ad && priced.adCostPerDevicePerDayMinor !== null
        ? {
            ad_config_id: pkg.ad.id,
            ad_name: pkg.ad.adName,
            venue: pkg.ad.venue,
            start_date: pkg.ad.startDate,
            end_date: pkg.ad.endDate,
            devices: pkg.ad.devices.map((d) => ({ device_name: d.deviceName, device_id: d.deviceCode })),
            ad_assets: pkg.ad.adAssets,
            cost_per_device_per_day: major(priced.adCostPerDevicePerDayMinor),
          }
        : null,
  };
}

export function toWirePackageWithEstimate(priced: PricedPackage): PackageWithEstimate {
  const major = (minor: number) => toMajor(minor, priced.currency);
  return {
    ...toWirePackage(priced, true),
    price_estimate: {
      total_amount: major(priced.estimate.amountMinor),
      total_taxable_amount: major(priced.estimate.taxableMinor),
      total_tax: major(priced.estimate.taxMinor),
      total_discount: major(priced.estimate.discountMinor),
    },
  };
}

function toAdminProduct(p: CatalogueProduct): CatalogueAdminProduct {
  return {
    product_id: p.id,
    product_code: p.code,
    name: p.name,
    product_type: p.productType,
    availability_type: p.availabilityType,
    available_quantity: p.availableQuantity,
    is_out_of_stock: isProductOutOfStock(p),
    hsn_code: p.hsnCode,
    gst_rate: p.gstRateBp / 100,
    prices: (['INR', 'USD'] as const).flatMap((currency) => {
      const price = p.prices[currency];
      return price
        ? [
            {
              currency,
              taxable_amount: toMajor(price.amountMinor, currency),
              original_taxable_amount:
                price.originalMinor === null ? null : toMajor(price.originalMinor, currency),
            },
          ]
        : [];
    }),
  };
}

// ---- Payment services ----

const PAYMENT_SERVICE_DESCRIPTIONS: Record<Currency, [PaymentService, string][]> = {
  INR: [
    [
      'CARD_MODAL',
      'Pay by card, UPI, net banking or wallet in a secure payment window that opens over the checkout.',
    ],
    [
      'PAYMENT_LINK',
      "Pay on the payment provider's secure hosted page (UPI, cards, net banking or wallet); you come back to the shop once it is done.",
    ],
  ],
  USD: [
    [
      'CARD_MODAL',
      'Pay by international credit or debit card in a secure payment window that opens over the checkout.',
    ],
  ],
};

/** The card modal for every package; the hosted payment link also for INR (spec §1, §3). */
export function paymentServicesFor(currency: Currency) {
  return PAYMENT_SERVICE_DESCRIPTIONS[currency].map(([service, description]) => ({
    payment_service: service,
    payment_service_description: description,
  }));
}

// ---- The service ----

/**
 * An operator's price in major units, strictly: at most two decimals and not negative (no silent rounding of a
 * typo). Throws a RangeError otherwise.
 */
export function operatorAmountToMinor(major: number, currency: Currency): number {
  const minor = toMinor(major, currency);
  if (major < 0 || Math.abs(major * minorPerMajor(currency) - minor) > 1e-6) {
    throw new RangeError(`Not an amount with at most two decimals: ${major}`);
  }
  return minor;
}

export const PACKAGE_NOT_FOUND = 'Package not found';
const LAST_SALE_WINDOW_DAYS = 30;

function notFound(message: string, response?: string): HttpError {
  return new HttpError(404, message, response === undefined ? {} : { response });
}

function unknownCodes(asked: readonly string[], found: readonly CataloguePackage[]): HttpError | undefined {
  const known = new Set(found.map((p) => p.code));
  const missing = [...new Set(asked.filter((c) => !known.has(c)))];
  return missing.length === 0 ? undefined : notFound(`${PACKAGE_NOT_FOUND}: ${missing.join(', ')}`);
}

export interface CatalogueServiceDeps {
  db: Database;
  now: () => Date;
  /** Spec §9's international-payments flag (FEATURE_INTERNATIONAL_PAYMENTS), as the PWA is built with it. */
  internationalPayments: boolean;
  /**
   * The catalogue's version: with it, every package is loaded once per version and reads are answered from
   * memory; without it (or before it is known) each read queries the database.
   */
  version?: CatalogueVersion | undefined;
}

/** Every package, as loaded for one catalogue version. */
interface Snapshot {
  generatedAt: Date;
  /** The content version it was loaded at: a later version with the same one differs only in stock. */
  contentVersion: number;
  packages: CataloguePackage[];
  byId: Map<number, CataloguePackage>;
  byCode: Map<string, CataloguePackage>;
}

function snapshotOf(packages: CataloguePackage[], contentVersion: number, at: Date): Snapshot {
  return {
    generatedAt: at,
    contentVersion,
    packages,
    byId: new Map(packages.map((p) => [p.id, p])),
    byCode: new Map(packages.map((p) => [p.code, p])),
  };
}

/** The snapshot with today's stock: new objects only for the products (and their packages) whose stock moved. */
function withStock(previous: Snapshot, stock: StockLevels, at: Date): Snapshot {
  const moved = new Map<number, CatalogueProduct>();
  const current = (product: CatalogueProduct): CatalogueProduct => {
    const level = stock.byProduct.get(product.id);
    if (
      !level ||
      (level.availabilityType === product.availabilityType &&
        level.availableQuantity === product.availableQuantity)
    ) {
      return product;
    }
    let next = moved.get(product.id);
    if (!next) {
      next = { ...product, ...level };
      moved.set(product.id, next);
    }
    return next;
  };
  const packages = previous.packages.map((pkg) => {
    const items = pkg.items.map((item) => {
      const product = current(item.product);
      return product === item.product ? item : { ...item, product };
    });
    return items.every((item, i) => item === pkg.items[i]) ? pkg : { ...pkg, items };
  });
  return snapshotOf(packages, previous.contentVersion, at);
}

export function createCatalogueService({ db, now, internationalPayments, version }: CatalogueServiceDeps) {
  const snapshots = perVersion(version, async (previous: Snapshot | undefined): Promise<Snapshot> => {
    // Most new versions are orders' stock changes: one query then, not the whole catalogue.
    const stock = previous ? await loadStock(db) : undefined;
    if (previous && stock?.contentVersion === previous.contentVersion)
      return withStock(previous, stock, now());
    const contentVersion = stock?.contentVersion ?? (await readContentVersion(db));
    return snapshotOf(await loadPackages(db, 'all'), contentVersion, now());
  });
  /** The catalogue of the version this process knows. */
  const catalogue = snapshots.get;

  /** The packages with these codes, in the catalogue's order. */
  function byCodes(cat: Snapshot, codes: readonly string[]): CataloguePackage[] {
    const wanted = new Set(codes);
    return cat.packages.filter((p) => wanted.has(p.code));
  }

  /** After this process's own write: its next read sees the change at once, the others after their poll. */
  function changed(newVersion: number): void {
    version?.set(newVersion);
  }

  async function adminProduct(productId: number): Promise<CatalogueAdminProduct> {
    const product = (await loadProducts(db, [productId])).get(productId);
    if (!product) throw notFound('Product not found');
    return toAdminProduct(product);
  }

  async function productIdOf(productCode: string): Promise<number> {
    const id = await findProductId(db, productCode);
    if (id === undefined) throw notFound(`Product not found: ${productCode}`);
    return id;
  }

  return {
    /**
     * This process's order took stock in the write that moved the version to `version`: the catalogue follows
     * from the levels it left, without a load, when it knew the version before.
     */
    stockTaken(version: number, levels: readonly { product_id: number; available_quantity: number }[]): void {
      const byProduct: StockLevels['byProduct'] = new Map(
        levels.map((l) => [
          l.product_id,
          { availabilityType: 'LIMITED', availableQuantity: l.available_quantity },
        ]),
      );
      snapshots.advance(version, (previous) =>
        withStock(previous, { contentVersion: previous.contentVersion, byProduct }, now()),
      );
    },

    /** The content version of the catalogue this process knows (what is not stock). */
    async contentVersion(): Promise<number> {
      return (await catalogue()).contentVersion;
    },

    /** A package as loaded for the catalogue version this process knows (the checkout prices from it). */
    async findPackage(id: number): Promise<CataloguePackage | undefined> {
      return (await catalogue()).byId.get(id);
    },

    async getPackage(id: number, countryCode: string): Promise<Package> {
      const pkg = (await catalogue()).byId.get(id);
      if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
      const priced = pricePackage(pkg, countryCode);
      if (!priced) {
        throw notFound(
          `${pkg.name} is not available in ${countryCode}`,
          `Currently available in ${pkg.availableCountries.join(', ')}`,
        );
      }
      return toWirePackage(priced);
    },

    /** Unknown codes are a 404; packages not sold in the country are left out. */
    async priceEstimate(codes: readonly string[], countryCode: string) {
      const found = byCodes(await catalogue(), codes);
      const missing = unknownCodes(codes, found);
      if (missing) throw missing;
      const order = new Map(codes.map((c, i) => [c, i]));
      const packages = found
        .sort((a, b) => (order.get(a.code) ?? 0) - (order.get(b.code) ?? 0))
        .flatMap((pkg) => {
          const priced = pricePackage(pkg, countryCode);
          return priced ? [toWirePackageWithEstimate(priced)] : [];
        });
      return { country_code: countryCode, currency: currencyForCountry(countryCode), packages };
    },

    /** Every filter narrows; unknown package codes simply match nothing. */
    async availablePackages(filter: {
      package_codes?: string[] | undefined;
      country_name_enum: string;
      package_types?: AvailablePackagesRequest['package_types'];
      product_types?: AvailablePackagesRequest['product_types'];
      category_codes?: string[] | undefined;
      include_out_of_stock: boolean;
    }) {
      const country = filter.country_name_enum;
      const cat = await catalogue();
      const found = filter.package_codes ? byCodes(cat, filter.package_codes) : cat.packages;
      const packages = found.flatMap((pkg) => {
        if (filter.package_types && !filter.package_types.includes(pkg.packageType)) return [];
        const priced = pricePackage(pkg, country);
        if (!priced) return [];
        if (!filter.include_out_of_stock && priced.isOutOfStock) return [];
        const productTypes = filter.product_types;
        if (productTypes && !priced.lines.some((l) => productTypes.includes(l.product.productType)))
          return [];
        const categoryCodes = filter.category_codes;
        if (
          categoryCodes &&
          !priced.lines.some((l) => l.product.category && categoryCodes.includes(l.product.category.code))
        ) {
          return [];
        }
        return [toWirePackage(priced)];
      });
      return { country_code: country, currency: currencyForCountry(country), packages };
    },

    /** Generated once per catalogue version, like the static file it stands for. */
    async availabilityConfig() {
      const cat = await catalogue();
      const all = cat.packages;
      return {
        generated_at: cat.generatedAt.toISOString(),
        international_payments_enabled: internationalPayments,
        packages: all.map((pkg) => ({
          package_code: pkg.code,
          package_type: pkg.packageType,
          available_in: pkg.availableCountries,
          is_out_of_stock: packageStock(pkg).isOutOfStock,
        })),
      };
    },

    async paymentServices(codes: readonly string[], countryCode: string) {
      const found = byCodes(await catalogue(), codes);
      const missing = unknownCodes(codes, found);
      if (missing) throw missing;
      const services = paymentServicesFor(currencyForCountry(countryCode));
      return {
        packages: found.map((pkg) => ({
          package_id: pkg.id,
          package_code: pkg.code,
          payment_services_details: services,
        })),
      };
    },

    async lastSale(id: number) {
      const ref = await findPackageRef(db, id);
      if (!ref) throw notFound(PACKAGE_NOT_FOUND);
      const since = new Date(now().getTime() - LAST_SALE_WINDOW_DAYS * 86_400_000);
      const sales = await readSales(db, id, since);
      return {
        package_id: ref.id,
        package_code: ref.code,
        last_sale_datetime: sales.lastSoldAt ? sales.lastSoldAt.toISOString() : null,
        units_sold_last_30_days: sales.unitsSince,
        expected_restock_date: ref.expectedRestockDate,
      };
    },

    async notifyMe(
      id: number,
      input: { email?: string | undefined; phone_number?: string | undefined; country_name_enum: string },
    ) {
      const ref = await findPackageRef(db, id);
      if (!ref) throw notFound(PACKAGE_NOT_FOUND);
      const saved = await saveNotifyMe(db, {
        packageId: id,
        email: input.email ? input.email.trim().toLowerCase() : null,
        phoneNumber: input.phone_number ?? null,
        countryCode: input.country_name_enum,
        createdAt: now(),
      });
      return { notify_me_id: saved.id, package_code: ref.code, created: saved.created };
    },

    // ---- operator ----

    async adminList(): Promise<CatalogueAdminList> {
      const [productsById, all] = await Promise.all([loadProducts(db, 'all'), loadPackages(db, 'all')]);
      return {
        products: [...productsById.values()].map(toAdminProduct),
        packages: all.map((pkg) => ({
          package_id: pkg.id,
          package_code: pkg.code,
          package_type: pkg.packageType,
          available_in: pkg.availableCountries,
          is_out_of_stock: packageStock(pkg).isOutOfStock,
        })),
      };
    },

    async setPrice(input: {
      product_code: string;
      currency: Currency;
      amount: number;
      original_amount?: number | null | undefined;
    }): Promise<CatalogueAdminProduct> {
      const productId = await productIdOf(input.product_code);
      const amountMinor = operatorAmountToMinor(input.amount, input.currency);
      let originalMinor: number | null;
      if (input.original_amount === undefined) {
        const current = (await loadProducts(db, [productId])).get(productId)?.prices[input.currency];
        // An "original" price not above the new price is no longer an offer.
        originalMinor =
          current?.originalMinor != null && current.originalMinor > amountMinor
            ? current.originalMinor
            : null;
      } else {
        originalMinor =
          input.original_amount === null
            ? null
            : operatorAmountToMinor(input.original_amount, input.currency);
      }
      if (originalMinor !== null && originalMinor <= amountMinor) {
        throw new HttpError(400, 'original_amount: The original price must be above the price', {
          field: 'original_amount',
        });
      }
      changed(
        await writeProductPrice(db, {
          productId,
          currency: input.currency,
          amountMinor,
          originalMinor,
          at: now(),
        }),
      );
      return adminProduct(productId);
    },

    async setStock(input: {
      product_code: string;
      availability_type: 'LIMITED' | 'UNLIMITED';
      available_quantity?: number | undefined;
    }): Promise<CatalogueAdminProduct> {
      const productId = await productIdOf(input.product_code);
      const current = (await loadProducts(db, [productId])).get(productId);
      changed(
        await writeProductStock(db, {
          productId,
          availabilityType: input.availability_type,
          availableQuantity: input.available_quantity ?? current?.availableQuantity ?? 0,
          at: now(),
        }),
      );
      return adminProduct(productId);
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
