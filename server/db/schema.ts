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

/**
 * The shop's maintenance window: a single row (id = 1) every API process reads,
 * so an operator can take the shop down or bring it back without a restart.
 */
export const maintenanceWindow = pgTable(
  'maintenance_window',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    message: text('message').notNull().default(''),
    /** When the window ends by itself; null means "until switched off". */
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('maintenance_window_single_row', sql`${t.id} = 1`)],
);

export type MaintenanceWindowRow = typeof maintenanceWindow.$inferSelect;

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
    productType: text('product_type').notNull(),
    availabilityType: text('availability_type').notNull().default('LIMITED'),
    /** Units on hand; ignored when availability_type is UNLIMITED. */
    availableQuantity: integer('available_quantity').notNull().default(0),
    hsnCode: text('hsn_code').notNull(),
    /** GST rate in basis points: 1800 = 18 %. */
    gstRateBp: integer('gst_rate_bp').notNull(),
    vendorType: text('vendor_type').notNull().default('SELF'),
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
  ],
);

/** A product's unit price before tax in one currency (INR for IN, USD everywhere else). */
export const productPrices = pgTable(
  'product_prices',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
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

export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    packageCode: text('package_code').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    picUrl: text('pic_url').notNull().default(''),
    pictures: text('pictures').array().notNull().default(sql`'{}'::text[]`),
    packageType: text('package_type').notNull(),
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
    currency: text('currency').notNull(),
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
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
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
    check('notify_me_contact', sql`${t.email} is not null or ${t.phoneNumber} is not null`),
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
    source: text('source').notNull().default('order'),
  },
  (t) => [
    index('package_sales_package_sold_at_idx').on(t.packageId, t.soldAt),
    check('package_sales_quantity', sql`${t.quantity} > 0`),
    check('package_sales_source', sql`${t.source} in ('order', 'seed')`),
  ],
);

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type ProductPriceRow = typeof productPrices.$inferSelect;
export type PackageRow = typeof packages.$inferSelect;
export type PackagePriceRow = typeof packagePrices.$inferSelect;
export type PackageProductRow = typeof packageProducts.$inferSelect;
export type AdConfigRow = typeof adConfigs.$inferSelect;
export type AdDeviceRow = typeof adDevices.$inferSelect;

/* ---------------------------------------------------------------------------------------------------------
 * Users, sign-in and sessions (issue 4). Everything a second API process needs lives here: codes, rate-limit
 * counters, refresh-token families and the OpenID Connect flows (DESIGN.md §2).
 * ------------------------------------------------------------------------------------------------------- */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A buyer. The phone number (E.164) is the sign-in identity; the profile fields are spec §3 User profile. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** +<dial code><national number>, e.g. +919876543210. */
    phoneE164: text('phone_e164').notNull(),
    /** Dial code with its plus, e.g. +91. */
    countryCode: text('country_code').notNull(),
    /** ISO 3166-1 alpha-2, upper case. */
    isoCountryCode: text('iso_country_code').notNull(),
    /** The national number as the buyer types it, digits only. */
    phoneNumber: text('phone_number').notNull(),
    name: text('name'),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    gender: text('gender'),
    dob: date('dob', { mode: 'string' }),
    profilePicUrl: text('profile_pic_url'),
    languagePreference: text('language_preference'),
    /** Set once the sign-up details step is done. */
    signUpCompletedAt: ts('sign_up_completed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_phone_e164_idx').on(t.phoneE164),
    // A verified address belongs to one account: social login links by it.
    uniqueIndex('users_verified_email_idx').on(sql`lower(${t.email})`).where(sql`${t.emailVerified}`),
  ],
);

/**
 * A one-time code (phone sign-in or e-mail verification). Only its HMAC is kept. A new code for the same
 * subject supersedes the old one; `attempts` counts tries, and the code dies at the limit.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').notNull(),
    /** What the code proves: the E.164 phone number, or "<user id>:<lower-cased e-mail>". */
    subject: text('subject').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** Set when used, superseded by a newer code, or dead after too many tries. */
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    index('otp_codes_subject_idx').on(t.purpose, t.subject, t.createdAt),
    check('otp_codes_purpose', sql`${t.purpose} in ('phone_sign_in', 'email_verification')`),
  ],
);

/** Fixed-window counters shared by every API process: one row per key and window. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * A refresh-token family: one sign-in on one device for one token set. Revoking it ends the session, and the
 * access tokens that carry its id stop working at the next request.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The token set of spec §6: main, business or forms. */
    audience: text('audience').notNull(),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** logout, reuse (a rotated refresh token came back) or admin. */
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    index('auth_sessions_user_idx').on(t.userId),
    check('auth_sessions_audience', sql`${t.audience} in ('main', 'business', 'forms')`),
  ],
);

/** A refresh token (its HMAC). Each refresh marks the presented token used and issues the next in the family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/** An OpenID Connect identity (issuer + subject) linked to a buyer. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('user_identities_issuer_subject_idx').on(t.issuer, t.subject),
    uniqueIndex('user_identities_user_issuer_idx').on(t.userId, t.issuer),
  ],
);

/**
 * A started authorization-code flow: state (hashed), the PKCE verifier and nonce, and a browser-binding
 * secret (hashed). Single use, 10 minutes.
 */
export const oidcFlows = pgTable('oidc_flows', {
  stateHash: text('state_hash').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  flowTokenHash: text('flow_token_hash').notNull(),
  /** The signed-in buyer who started it (linking), if any. */
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
});

/**
 * A verified identity waiting to be used: /token/v1/ makes one after checking the id_token; /login/v1/ or the
 * phone verification with a social ticket uses it up. Hashed, 15 minutes.
 */
export const socialTickets = pgTable('social_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  email: text('email'),
  emailVerified: boolean('email_verified').notNull().default(false),
  name: text('name'),
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
});

/** India's states and union territories (reference data, seeded). */
export const indiaStates = pgTable(
  'india_states',
  {
    stateNameEnum: text('state_name_enum').primaryKey(),
    stateName: text('state_name').notNull(),
    kind: text('kind').notNull(),
  },
  (t) => [check('india_states_kind', sql`${t.kind} in ('STATE', 'UNION_TERRITORY')`)],
);

/** Districts of a state (reference data, seeded for the states listed in seed/india.ts). */
export const indiaDistricts = pgTable(
  'india_districts',
  {
    id: serial('id').primaryKey(),
    stateNameEnum: text('state_name_enum')
      .notNull()
      .references(() => indiaStates.stateNameEnum, { onDelete: 'cascade' }),
    districtName: text('district_name').notNull(),
  },
  (t) => [uniqueIndex('india_districts_state_name_idx').on(t.stateNameEnum, t.districtName)],
);

export type UserRow = typeof users.$inferSelect;
export type OtpCodeRow = typeof otpCodes.$inferSelect;
export type AuthSessionRow = typeof authSessions.$inferSelect;
export type SocialTicketRow = typeof socialTickets.$inferSelect;

/** Marketing pushes (spec §7 Analytics): events and user attributes, kept for the marketing team. */
export const marketingEvents = pgTable(
  'marketing_events',
  {
    id: serial('id').primaryKey(),
    /** event, user or anonymous_user */
    kind: text('kind').notNull(),
    name: text('name'),
    userId: text('user_id'),
    anonymousId: text('anonymous_id'),
    data: jsonb('data').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('marketing_events_name_idx').on(t.name, t.occurredAt)],
);
