import type { Currency } from '@contract/money';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

// ---- Shipping and places: reference data the checkout reads (spec §3 Supporting entities, §7) ----

/**
 * What shipping to a pincode costs, per currency, in minor units. A row names a pincode prefix (1 to 6 digits):
 * the longest prefix that matches a pincode wins, and a pincode no row matches ships free.
 */
export const shippingCharges = pgTable(
  'shipping_charges',
  {
    pincodePrefix: text('pincode_prefix').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.pincodePrefix, t.currency] }),
    check('shipping_charges_prefix', sql`${t.pincodePrefix} ~ '^[0-9]{1,6}$'`),
    check('shipping_charges_amount', sql`${t.amountMinor} >= 0`),
  ],
);

/** What shipping abroad costs, per country we sell to, in minor units of its currency (USD): one charge a country. */
export const countryShippingCharges = pgTable(
  'country_shipping_charges',
  {
    /** ISO 3166-1 alpha-2 of a country abroad: US, GB, CA, AU. */
    countryCode: text('country_code').primaryKey(),
    currency: text('currency').$type<Currency>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [
    check(
      'country_shipping_charges_country',
      sql`${t.countryCode} ~ '^[A-Z]{2}$' and ${t.countryCode} <> 'IN'`,
    ),
    check('country_shipping_charges_amount', sql`${t.amountMinor} >= 0`),
  ],
);

/** Where a buyer may collect an order (spec §3 Pickup location); the shop has one, the checkout shows the first. */
export const pickupLocations = pgTable('pickup_locations', {
  id: serial('id').primaryKey(),
  address1: text('address1').notNull(),
  address2: text('address2'),
  city: text('city').notNull(),
  state: text('state').notNull(),
  country: text('country').notNull(),
  pincode: text('pincode').notNull(),
  /** A Google Maps place id. */
  mapsLocationId: text('maps_location_id'),
  mobileNumber: text('mobile_number').notNull(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  active: boolean('active').notNull().default(true),
});

/** States, provinces and nations of the countries abroad the shop sells to; India's are in india_states. */
export const countryRegions = pgTable(
  'country_regions',
  {
    /** ISO 3166-1 alpha-2: US, GB, CA, AU. */
    countryCode: text('country_code').notNull(),
    regionNameEnum: text('region_name_enum').notNull(),
    regionName: text('region_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.regionNameEnum] })],
);

export type PickupLocationRow = typeof pickupLocations.$inferSelect;
