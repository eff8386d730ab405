import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from '../schema';

type SeedDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Shipping from the shop in Bengaluru, in paise, by the pincode's leading digits (India Post's postal zones):
 * free in the city, then by distance. The longest matching prefix wins; a pincode with no row ships free.
 */
export const SHIPPING_CHARGES: readonly { pincodePrefix: string; amountMinor: number }[] = [
  { pincodePrefix: '560', amountMinor: 0 },
  { pincodePrefix: '5', amountMinor: 9_900 },
  { pincodePrefix: '6', amountMinor: 9_900 },
  { pincodePrefix: '4', amountMinor: 12_900 },
  { pincodePrefix: '3', amountMinor: 14_900 },
  { pincodePrefix: '2', amountMinor: 14_900 },
  { pincodePrefix: '1', amountMinor: 14_900 },
  { pincodePrefix: '7', amountMinor: 19_900 },
  { pincodePrefix: '8', amountMinor: 19_900 },
];

/** Shipping abroad, in US cents, one charge a country: a courier's parcel rate from Bengaluru, by distance. */
export const COUNTRY_SHIPPING_CHARGES: readonly { countryCode: string; amountMinor: number }[] = [
  { countryCode: 'US', amountMinor: 2_900 },
  { countryCode: 'CA', amountMinor: 2_900 },
  { countryCode: 'GB', amountMinor: 2_400 },
  { countryCode: 'AU', amountMinor: 2_200 },
];

/** The shop's own counter, where self-pickup orders are collected. */
export const SHOP_PICKUP_LOCATION = {
  address1: 'IBC Cricket Experience Centre, 12 Cubbon Road',
  address2: 'Shivaji Nagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pincode: '560001',
  mapsLocationId: null,
  mobileNumber: '9000000000',
  startsAt: new Date('2025-01-01T10:00:00+05:30'),
  endsAt: new Date('2030-12-31T19:00:00+05:30'),
} satisfies typeof schema.pickupLocations.$inferInsert;

const regions = (countryCode: string, names: readonly string[]) =>
  names.map((regionName) => ({
    countryCode,
    regionName,
    regionNameEnum: regionName.toUpperCase().replace(/[^A-Z0-9]+/g, '_'),
  }));

/** The states, provinces, territories and nations of the countries abroad the shop sells to (spec §5). */
export const COUNTRY_REGIONS = [
  ...regions('US', [
    'Alabama',
    'Alaska',
    'Arizona',
    'Arkansas',
    'California',
    'Colorado',
    'Connecticut',
    'Delaware',
    'District of Columbia',
    'Florida',
    'Georgia',
    'Hawaii',
    'Idaho',
    'Illinois',
    'Indiana',
    'Iowa',
    'Kansas',
    'Kentucky',
    'Louisiana',
    'Maine',
    'Maryland',
    'Massachusetts',
    'Michigan',
    'Minnesota',
    'Mississippi',
    'Missouri',
    'Montana',
    'Nebraska',
    'Nevada',
    'New Hampshire',
    'New Jersey',
    'New Mexico',
    'New York',
    'North Carolina',
    'North Dakota',
    'Ohio',
    'Oklahoma',
    'Oregon',
    'Pennsylvania',
    'Rhode Island',
    'South Carolina',
    'South Dakota',
    'Tennessee',
    'Texas',
    'Utah',
    'Vermont',
    'Virginia',
    'Washington',
    'West Virginia',
    'Wisconsin',
    'Wyoming',
  ]),
  ...regions('GB', ['England', 'Northern Ireland', 'Scotland', 'Wales']),
  ...regions('CA', [
    'Alberta',
    'British Columbia',
    'Manitoba',
    'New Brunswick',
    'Newfoundland and Labrador',
    'Northwest Territories',
    'Nova Scotia',
    'Nunavut',
    'Ontario',
    'Prince Edward Island',
    'Quebec',
    'Saskatchewan',
    'Yukon',
  ]),
  ...regions('AU', [
    'Australian Capital Territory',
    'New South Wales',
    'Northern Territory',
    'Queensland',
    'South Australia',
    'Tasmania',
    'Victoria',
    'Western Australia',
  ]),
];

/** Inserts what is missing: charges and regions by key, the pickup location when there is none. */
export async function seedPlaces(db: SeedDatabase): Promise<void> {
  await db
    .insert(schema.shippingCharges)
    .values(SHIPPING_CHARGES.map((row) => ({ ...row, currency: 'INR' as const })))
    .onConflictDoNothing();
  await db
    .insert(schema.countryShippingCharges)
    .values(COUNTRY_SHIPPING_CHARGES.map((row) => ({ ...row, currency: 'USD' as const })))
    .onConflictDoNothing();
  await db.insert(schema.countryRegions).values(COUNTRY_REGIONS).onConflictDoNothing();
  const [existing] = await db.select({ id: schema.pickupLocations.id }).from(schema.pickupLocations).limit(1);
  if (!existing) await db.insert(schema.pickupLocations).values(SHOP_PICKUP_LOCATION);
}
