import type { BatOptionGroup } from '@contract/bat-design';
import type { AvailabilityType, PackageType, ProductType } from '@contract/catalogue';
import type { Currency } from '@contract/money';
import { and, asc, eq, gte, inArray, isNull, max, or, type SQL, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deleteRowsBefore } from '../../db/retention';
import {
  adConfigs,
  adDevices,
  catalogueVersion,
  categories,
  notifyMeRequests,
  packagePrices,
  packageProducts,
  packageSales,
  packages,
  productOptions,
  productPrices,
  products,
} from '../../db/schema';

/** Prices of one thing per currency, in minor units. */
export type PriceBook = Partial<Record<Currency, { amountMinor: number; originalMinor: number | null }>>;

export interface CatalogueCategory {
  id: number;
  code: string;
  name: string;
  description: string;
  picUrl: string;
}

export interface CatalogueProduct {
  id: number;
  code: string;
  name: string;
  description: string;
  picUrl: string;
  pictures: string[];
  productType: ProductType;
  availabilityType: AvailabilityType;
  availableQuantity: number;
  /** Units one order may take; null: the shop's default (ORDER_MAX_QUANTITY). */
  maxOrderQuantity: number | null;
  hsnCode: string;
  gstRateBp: number;
  vendorType: 'SELF' | 'OTHER';
  vendorName: string;
  moreDetailsLink: string | null;
  category: CatalogueCategory | null;
  /** Unit price before tax. */
  prices: PriceBook;
  /** The choices of a product made to the buyer's design, in order; empty for every other product. */
  options: CatalogueOption[];
}

export interface CatalogueOption {
  group: BatOptionGroup;
  code: string;
  label: string;
  detail: string;
  /** What the option adds to the unit price before tax, per currency, in minor units. */
  deltaMinor: Record<Currency, number>;
  colour: string | null;
  lengthMm: number | null;
}

export interface CatalogueAd {
  id: number;
  productId: number;
  adName: string;
  venue: string;
  startDate: string;
  endDate: string;
  /** The venue's zone, in which its days are counted. */
  timeZone: string;
  devices: { deviceCode: string; deviceName: string }[];
  adAssets: { asset_url: string; asset_template_image_config_id: number }[];
}

export interface CataloguePackage {
  id: number;
  code: string;
  name: string;
  description: string;
  picUrl: string;
  pictures: string[];
  packageType: PackageType;
  noCostEmi: boolean;
  emiTenureMonths: number | null;
  isShippingRequired: boolean;
  availableCountries: string[];
  expectedRestockDate: string | null;
  sortOrder: number;
  /** The package's own price, where it has one. */
  prices: PriceBook;
  items: { product: CatalogueProduct; quantity: number }[];
  ad: CatalogueAd | null;
}

export type PackageSelector = { ids: readonly number[] } | { codes: readonly string[] } | 'all';

function packageWhere(selector: PackageSelector): SQL | undefined {
  if (selector === 'all') return undefined;
  if ('ids' in selector) return inArray(packages.id, [...selector.ids]);
  return inArray(packages.packageCode, [...selector.codes]);
}

/** Loads packages with their products, prices and ad side: a handful of queries, whatever the count. */
export async function loadPackages(db: Database, selector: PackageSelector): Promise<CataloguePackage[]> {
  if (selector !== 'all' && ('ids' in selector ? selector.ids : selector.codes).length === 0) return [];
  const packageRows = await db
    .select()
    .from(packages)
    .where(packageWhere(selector))
    .orderBy(asc(packages.sortOrder), asc(packages.id));
  if (packageRows.length === 0) return [];
  const packageIds = packageRows.map((p) => p.id);

  const [links, ownPrices, adRows] = await Promise.all([
    db
      .select()
      .from(packageProducts)
      .where(inArray(packageProducts.packageId, packageIds))
      .orderBy(asc(packageProducts.sortOrder), asc(packageProducts.productId)),
    db.select().from(packagePrices).where(inArray(packagePrices.packageId, packageIds)),
    db.select().from(adConfigs).where(inArray(adConfigs.packageId, packageIds)),
  ]);
  const productIds = [...new Set(links.map((l) => l.productId))];
  const productsById = await loadProducts(db, productIds);
  const devices =
    adRows.length === 0
      ? []
      : await db
          .select()
          .from(adDevices)
          .where(
            inArray(
              adDevices.adConfigId,
              adRows.map((a) => a.id),
            ),
          )
          .orderBy(asc(adDevices.sortOrder), asc(adDevices.id));

  return packageRows.map((row) => {
    const adRow = adRows.find((a) => a.packageId === row.id);
    return {
      id: row.id,
      code: row.packageCode,
      name: row.name,
      description: row.description,
      picUrl: row.picUrl,
      pictures: row.pictures,
      packageType: row.packageType,
      noCostEmi: row.noCostEmi,
      emiTenureMonths: row.emiTenureMonths,
      isShippingRequired: row.isShippingRequired,
      availableCountries: row.availableCountries,
      expectedRestockDate: row.expectedRestockDate,
      sortOrder: row.sortOrder,
      prices: Object.fromEntries(
        ownPrices
          .filter((p) => p.packageId === row.id)
          .map((p) => [p.currency, { amountMinor: p.priceMinor, originalMinor: p.originalPriceMinor }]),
      ),
      items: links.flatMap((l) => {
        const product = l.packageId === row.id ? productsById.get(l.productId) : undefined;
        return product ? [{ product, quantity: l.defaultQuantity }] : [];
      }),
      ad: adRow
        ? {
            id: adRow.id,
            productId: adRow.productId,
            adName: adRow.adName,
            venue: adRow.venue,
            startDate: adRow.startDate,
            endDate: adRow.endDate,
            timeZone: adRow.timeZone,
            adAssets: adRow.adAssets,
            devices: devices
              .filter((d) => d.adConfigId === adRow.id)
              .map((d) => ({ deviceCode: d.deviceCode, deviceName: d.deviceName })),
          }
        : null,
    };
  });
}

/** Products by id (every product when `ids` is 'all'), with their category and prices. */
export async function loadProducts(
  db: Database,
  ids: readonly number[] | 'all',
): Promise<Map<number, CatalogueProduct>> {
  if (ids !== 'all' && ids.length === 0) return new Map();
  const rows = await db
    .select({ product: products, category: categories })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(ids === 'all' ? undefined : inArray(products.id, [...ids]))
    .orderBy(asc(products.id));
  const loaded = rows.map((r) => r.product.id);
  const [priceRows, optionRows] = await Promise.all([
    db.select().from(productPrices).where(inArray(productPrices.productId, loaded)),
    db
      .select()
      .from(productOptions)
      .where(inArray(productOptions.productId, loaded))
      .orderBy(asc(productOptions.sortOrder), asc(productOptions.id)),
  ]);
  return new Map(
    rows.map(({ product: p, category: c }) => [
      p.id,
      {
        id: p.id,
        code: p.productCode,
        name: p.name,
        description: p.description,
        picUrl: p.picUrl,
        pictures: p.pictures,
        productType: p.productType,
        availabilityType: p.availabilityType,
        availableQuantity: p.availableQuantity,
        maxOrderQuantity: p.maxOrderQuantity,
        hsnCode: p.hsnCode,
        gstRateBp: p.gstRateBp,
        vendorType: p.vendorType,
        vendorName: p.vendorName,
        moreDetailsLink: p.moreDetailsLink,
        category: c
          ? { id: c.id, code: c.categoryCode, name: c.name, description: c.description, picUrl: c.picUrl }
          : null,
        prices: Object.fromEntries(
          priceRows
            .filter((r) => r.productId === p.id)
            .map((r) => [
              r.currency,
              { amountMinor: r.taxableAmountMinor, originalMinor: r.originalTaxableAmountMinor },
            ]),
        ),
        options: optionRows
          .filter((o) => o.productId === p.id)
          .map((o) => ({
            group: o.optionGroup,
            code: o.code,
            label: o.label,
            detail: o.detail,
            deltaMinor: { INR: o.priceDeltaInrMinor, USD: o.priceDeltaUsdMinor },
            colour: o.colour,
            lengthMm: o.lengthMm,
          })),
      },
    ]),
  );
}

export async function findPackageRef(
  db: Database,
  id: number,
): Promise<{ id: number; code: string; expectedRestockDate: string | null } | undefined> {
  const [row] = await db
    .select({
      id: packages.id,
      code: packages.packageCode,
      expectedRestockDate: packages.expectedRestockDate,
    })
    .from(packages)
    .where(eq(packages.id, id))
    .limit(1);
  return row;
}

/** When a package last sold, and how many units sold since `since`. */
export async function readSales(
  db: Database,
  packageId: number,
  since: Date,
): Promise<{ lastSoldAt: Date | null; unitsSince: number }> {
  const [last] = await db
    .select({ lastSoldAt: max(packageSales.soldAt) })
    .from(packageSales)
    .where(eq(packageSales.packageId, packageId));
  const [recent] = await db
    .select({ units: sum(packageSales.quantity).mapWith(Number) })
    .from(packageSales)
    .where(and(eq(packageSales.packageId, packageId), gte(packageSales.soldAt, since)));
  return { lastSoldAt: last?.lastSoldAt ?? null, unitsSince: recent?.units ?? 0 };
}

/**
 * Stores a notify-me request once per package and contact: a repeat with the same e-mail or
 * phone number returns the stored row with created = false. The partial unique indexes keep
 * it once even when two requests race.
 */
export async function saveNotifyMe(
  db: Database,
  input: {
    /** null: the request waits for its topic (book_a_demo), not a package. */
    packageId: number | null;
    topic?: 'package' | 'book_a_demo';
    email: string | null;
    phoneNumber: string | null;
    countryCode: string;
    createdAt: Date;
  },
): Promise<{ id: number; created: boolean }> {
  const findExisting = async () => {
    const matches: SQL[] = [];
    if (input.email !== null) matches.push(eq(notifyMeRequests.email, input.email));
    if (input.phoneNumber !== null) matches.push(eq(notifyMeRequests.phoneNumber, input.phoneNumber));
    const [row] = await db
      .select({ id: notifyMeRequests.id })
      .from(notifyMeRequests)
      .where(
        and(
          input.packageId === null
            ? and(isNull(notifyMeRequests.packageId), eq(notifyMeRequests.topic, input.topic ?? 'package'))
            : eq(notifyMeRequests.packageId, input.packageId),
          or(...matches),
        ),
      )
      .orderBy(asc(notifyMeRequests.id))
      .limit(1);
    return row;
  };
  const existing = await findExisting();
  if (existing) return { id: existing.id, created: false };
  const [inserted] = await db
    .insert(notifyMeRequests)
    .values(input)
    .onConflictDoNothing()
    .returning({ id: notifyMeRequests.id });
  if (inserted) return { id: inserted.id, created: true };
  const raced = await findExisting();
  if (!raced) throw new Error('notify-me request was neither stored nor found');
  return { id: raced.id, created: false };
}

/** Requests made before `cutoff` (the retention sweep). */
export function deleteNotifyMeRequestsBefore(db: Database, cutoff: Date): Promise<number> {
  return deleteRowsBefore(
    db,
    notifyMeRequests,
    { id: notifyMeRequests.id, stampedAt: notifyMeRequests.createdAt },
    cutoff,
  );
}

export async function findProductId(db: Database, productCode: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.productCode, productCode))
    .limit(1);
  return row?.id;
}

export async function writeProductPrice(
  db: Database,
  input: {
    productId: number;
    currency: Currency;
    amountMinor: number;
    originalMinor: number | null;
    at: Date;
  },
): Promise<number> {
  await db
    .insert(productPrices)
    .values({
      productId: input.productId,
      currency: input.currency,
      taxableAmountMinor: input.amountMinor,
      originalTaxableAmountMinor: input.originalMinor,
      updatedAt: input.at,
    })
    .onConflictDoUpdate({
      target: [productPrices.productId, productPrices.currency],
      set: {
        taxableAmountMinor: input.amountMinor,
        originalTaxableAmountMinor: input.originalMinor,
        updatedAt: input.at,
      },
    });
  return bumpCatalogueVersion(db);
}

/**
 * Marks the catalogue changed: pages and caches built from an older version are rebuilt on their next read. Every
 * operator write to the catalogue's tables ends with this (orders move only the version, as their stock changes
 * need only the stock re-read). Answers the new version.
 */
export async function bumpCatalogueVersion(db: Database): Promise<number> {
  const [row] = await db
    .update(catalogueVersion)
    .set({
      version: sql`${catalogueVersion.version} + 1`,
      contentVersion: sql`${catalogueVersion.contentVersion} + 1`,
    })
    .returning({ version: catalogueVersion.version });
  return row?.version ?? 0;
}

/** The version of everything in the catalogue but stock. */
export async function readContentVersion(db: Database): Promise<number> {
  const [row] = await db
    .select({ contentVersion: catalogueVersion.contentVersion })
    .from(catalogueVersion)
    .limit(1);
  return row?.contentVersion ?? 0;
}

export interface StockLevels {
  contentVersion: number;
  byProduct: Map<number, Pick<CatalogueProduct, 'availabilityType' | 'availableQuantity'>>;
}

/** Every product's stock and the content version, in one query. */
export async function loadStock(db: Database): Promise<StockLevels> {
  const rows = await db
    .select({
      id: products.id,
      availabilityType: products.availabilityType,
      availableQuantity: products.availableQuantity,
      contentVersion: sql<number>`(select ${catalogueVersion.contentVersion} from ${catalogueVersion} limit 1)`,
    })
    .from(products);
  return {
    contentVersion: Number(rows[0]?.contentVersion ?? 0),
    byProduct: new Map(
      rows.map((r) => [
        r.id,
        { availabilityType: r.availabilityType, availableQuantity: r.availableQuantity },
      ]),
    ),
  };
}

/** The catalogue's version, bumped by every price or stock change. */
export async function readCatalogueVersion(db: Database): Promise<number> {
  const [row] = await db.select({ version: catalogueVersion.version }).from(catalogueVersion).limit(1);
  return row?.version ?? 0;
}

export async function writeProductStock(
  db: Database,
  input: { productId: number; availabilityType: AvailabilityType; availableQuantity: number; at: Date },
): Promise<number> {
  await db
    .update(products)
    .set({
      availabilityType: input.availabilityType,
      availableQuantity: input.availableQuantity,
      updatedAt: input.at,
    })
    .where(eq(products.id, input.productId));
  return bumpCatalogueVersion(db);
}
