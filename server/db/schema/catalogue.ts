import type { BatOptionGroup } from '@contract/bat-design';
import type { AvailabilityType, PackageType, ProductType, VendorDetails } from '@contract/catalogue';
import type { Currency } from '@contract/money';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DEFAULT_TIME_ZONE } from '../../time-zone';

type VendorType = VendorDetails['vendor_type'];

// ---- The catalogue (spec §3 Package, Category, Product; §5 Stock) ----
// Money is integer minor units (paise, cents) per currency; the wire converts to major units.

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  categoryCode: text('category_code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  picUrl: text('pic_url').notNull().default(''),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    productCode: text('product_code').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    picUrl: text('pic_url').notNull().default(''),
    /** Every picture, the first being pic_url. */
    pictures: text('pictures').array().notNull().default(sql`'{}'::text[]`),
    productType: text('product_type').$type<ProductType>().notNull(),
    availabilityType: text('availability_type').$type<AvailabilityType>().notNull().default('LIMITED'),
    /** Units on hand; ignored when availability_type is UNLIMITED. */
    availableQuantity: integer('available_quantity').notNull().default(0),
    /** Units one order may take; null: ORDER_MAX_QUANTITY. */
    maxOrderQuantity: integer('max_order_quantity'),
    hsnCode: text('hsn_code').notNull(),
    /** GST rate in basis points: 1800 = 18 %. */
    gstRateBp: integer('gst_rate_bp').notNull(),
    vendorType: text('vendor_type').$type<VendorType>().notNull().default('SELF'),
    vendorName: text('vendor_name').notNull(),
    moreDetailsLink: text('more_details_link'),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('products_product_type', sql`${t.productType} in ('game', 'default', 'ad')`),
    check('products_availability_type', sql`${t.availabilityType} in ('UNLIMITED', 'LIMITED')`),
    check('products_vendor_type', sql`${t.vendorType} in ('SELF', 'OTHER')`),
    check('products_gst_rate', sql`${t.gstRateBp} between 0 and 10000`),
    // Stock is never oversold: an order's decrement that would go below zero fails its statement.
    check('products_available_quantity', sql`${t.availableQuantity} >= 0`),
    check('products_max_order_quantity', sql`${t.maxOrderQuantity} is null or ${t.maxOrderQuantity} > 0`),
  ],
);

/** A product's unit price before tax in one currency (INR for IN, USD everywhere else). */
export const productPrices = pgTable(
  'product_prices',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    currency: text('currency').$type<Currency>().notNull(),
    taxableAmountMinor: integer('taxable_amount_minor').notNull(),
    /** The regular price before the current offer (shown crossed out); null when there is no offer. */
    originalTaxableAmountMinor: integer('original_taxable_amount_minor'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.currency] }),
    check('product_prices_currency', sql`${t.currency} in ('INR', 'USD')`),
    check('product_prices_amount', sql`${t.taxableAmountMinor} >= 0`),
    check(
      'product_prices_original',
      sql`${t.originalTaxableAmountMinor} is null or ${t.originalTaxableAmountMinor} >= 0`,
    ),
  ],
);

/**
 * The choices of a product made to the buyer's design (the custom bat): per group, the options and what each adds
 * to the unit price before tax, per currency. A product with rows here is sold only with a design.
 */
export const productOptions = pgTable(
  'product_options',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    optionGroup: text('option_group').$type<BatOptionGroup>().notNull(),
    code: text('code').notNull(),
    label: text('label').notNull(),
    detail: text('detail').notNull().default(''),
    priceDeltaInrMinor: integer('price_delta_inr_minor').notNull().default(0),
    priceDeltaUsdMinor: integer('price_delta_usd_minor').notNull().default(0),
    /** The willow's colour in the preview (#rrggbb). */
    colour: text('colour'),
    /** The bat's length for a size, in millimetres. */
    lengthMm: integer('length_mm'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('product_options_code').on(t.productId, t.optionGroup, t.code),
    check('product_options_group', sql`${t.optionGroup} in ('willow', 'size', 'weight', 'handle', 'grip')`),
    check('product_options_code_format', sql`${t.code} ~ '^[A-Z0-9_]{1,32}$'`),
    check('product_options_deltas', sql`${t.priceDeltaInrMinor} >= 0 and ${t.priceDeltaUsdMinor} >= 0`),
    check('product_options_length', sql`${t.lengthMm} is null or ${t.lengthMm} > 0`),
  ],
);

export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    packageCode: text('package_code').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    picUrl: text('pic_url').notNull().default(''),
    pictures: text('pictures').array().notNull().default(sql`'{}'::text[]`),
    packageType: text('package_type').$type<PackageType>().notNull(),
    noCostEmi: boolean('no_cost_emi').notNull().default(false),
    /** The longest no-cost EMI tenure offered, in months. */
    emiTenureMonths: integer('emi_tenure_months'),
    isShippingRequired: boolean('is_shipping_required').notNull().default(true),
    /** ISO 3166-1 alpha-2 codes of the countries the package is sold in. */
    availableCountries: text('available_countries').array().notNull(),
    /** When a sold-out package is due back, if known. */
    expectedRestockDate: date('expected_restock_date', { mode: 'string' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    check('packages_package_type', sql`${t.packageType} in ('fixed', 'customizable', 'ad')`),
    check('packages_emi_tenure', sql`${t.emiTenureMonths} is null or ${t.emiTenureMonths} > 0`),
  ],
);

/** A package's own price in one currency; without one the price is the sum of its products. */
export const packagePrices = pgTable(
  'package_prices',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    currency: text('currency').$type<Currency>().notNull(),
    priceMinor: integer('price_minor').notNull(),
    originalPriceMinor: integer('original_price_minor'),
  },
  (t) => [
    primaryKey({ columns: [t.packageId, t.currency] }),
    check('package_prices_currency', sql`${t.currency} in ('INR', 'USD')`),
    check('package_prices_amount', sql`${t.priceMinor} >= 0`),
  ],
);

/** What a package holds: fixed packages list their contents, customizable ones offer products at quantity 0. */
export const packageProducts = pgTable(
  'package_products',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    defaultQuantity: integer('default_quantity').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.packageId, t.productId] }),
    index('package_products_product_idx').on(t.productId),
    check('package_products_quantity', sql`${t.defaultQuantity} >= 0`),
  ],
);

/**
 * The ad side of an ad package. The cost of one device for one day is the price of the ad
 * product (product_id) in each currency, so there is one price to change, not two.
 */
export const adConfigs = pgTable(
  'ad_configs',
  {
    id: serial('id').primaryKey(),
    packageId: integer('package_id')
      .notNull()
      .unique()
      .references(() => packages.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    adName: text('ad_name').notNull(),
    venue: text('venue').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** The venue's IANA zone: an ad's days are the venue's days, whoever books them. */
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    /** [{ asset_url, asset_template_image_config_id }] */
    adAssets: jsonb('ad_assets')
      .$type<{ asset_url: string; asset_template_image_config_id: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [check('ad_configs_dates', sql`${t.endDate} >= ${t.startDate}`)],
);

/** The screens of an ad venue a buyer books by the day. */
export const adDevices = pgTable('ad_devices', {
  id: serial('id').primaryKey(),
  adConfigId: integer('ad_config_id')
    .notNull()
    .references(() => adConfigs.id, { onDelete: 'cascade' }),
  deviceCode: text('device_code').notNull().unique(),
  deviceName: text('device_name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** "Tell me when it is back": one row per package and contact (e-mail or phone). */
export const notifyMeRequests = pgTable(
  'notify_me_requests',
  {
    id: serial('id').primaryKey(),
    /** What the request waits for: its package back in stock, or the book-a-demo visits opening (no package). */
    topic: text('topic').$type<'package' | 'book_a_demo'>().notNull().default('package'),
    packageId: integer('package_id').references(() => packages.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email'),
    /** E.164, e.g. +919876543210. */
    phoneNumber: text('phone_number'),
    countryCode: text('country_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('notify_me_package_email_idx').on(t.packageId, t.email).where(sql`${t.email} is not null`),
    uniqueIndex('notify_me_package_phone_idx')
      .on(t.packageId, t.phoneNumber)
      .where(sql`${t.phoneNumber} is not null`),
    uniqueIndex('notify_me_topic_email_idx')
      .on(t.topic, t.email)
      .where(sql`${t.packageId} is null and ${t.email} is not null`),
    uniqueIndex('notify_me_topic_phone_idx')
      .on(t.topic, t.phoneNumber)
      .where(sql`${t.packageId} is null and ${t.phoneNumber} is not null`),
    check('notify_me_contact', sql`${t.email} is not null or ${t.phoneNumber} is not null`),
    check('notify_me_subject', sql`(${t.topic} = 'package') = (${t.packageId} is not null)`),
    // The retention sweep deletes by age.
    index('notify_me_created_idx').on(t.createdAt),
  ],
);

/**
 * Units of a package sold, for "last sale". The order module writes one row per paid order
 * line (source 'order'); the seed's few rows are marked source 'seed'.
 */
export const packageSales = pgTable(
  'package_sales',
  {
    id: serial('id').primaryKey(),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    soldAt: timestamp('sold_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The shop order it came from; null for seed rows. */
    orderId: text('order_id'),
    source: text('source').$type<'order' | 'seed'>().notNull().default('order'),
  },
  (t) => [
    index('package_sales_package_sold_at_idx').on(t.packageId, t.soldAt),
    check('package_sales_quantity', sql`${t.quantity} > 0`),
    check('package_sales_source', sql`${t.source} in ('order', 'seed')`),
  ],
);

/**
 * One row: bumped in the same statement batch as every change to prices or stock, so each API process can tell
 * whether what it rendered or cached from the catalogue is still current by reading one number.
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: integer('id').primaryKey().default(1),
    /** Bumped by every change: prices, packages, codes and stock. */
    version: integer('version').notNull().default(1),
    /** Bumped by every change but stock: while it stands, a new version only needs the stock re-read. */
    contentVersion: integer('content_version').notNull().default(1),
  },
  (t) => [check('catalogue_version_single_row', sql`${t.id} = 1`)],
);

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type ProductPriceRow = typeof productPrices.$inferSelect;
export type PackageRow = typeof packages.$inferSelect;
export type PackagePriceRow = typeof packagePrices.$inferSelect;
export type PackageProductRow = typeof packageProducts.$inferSelect;
export type AdConfigRow = typeof adConfigs.$inferSelect;
export type AdDeviceRow = typeof adDevices.$inferSelect;
export type ProductOptionRow = typeof productOptions.$inferSelect;
