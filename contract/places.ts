import { z } from 'zod';
import { STATE_COUNTRIES } from './constants';
import { PINCODE_PATTERN } from './patterns';

/*
 * Shipping and places on the wire (spec §3 Supporting entities: pickup location, postal-code result, state option;
 * §7 Orders, pricing and shipping, Orders and invoicing service, External lookups). Money is in MAJOR units as JSON
 * numbers, as in the catalogue; the server keeps integer minor units.
 */

export { STATE_COUNTRIES, type StateCountry } from './constants';

/** ISO code of one of STATE_COUNTRIES, any case; IN when absent. */
const supportedCountrySchema = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.enum(STATE_COUNTRIES, { error: 'Choose one of IN, US, GB, CA or AU' }))
  .default('IN');

const PINCODE_MESSAGE = 'Enter a 6-digit pin code';

/** A 6-digit Indian pincode (spec §5 Patterns); at most 6 characters are ever looked at. */
export const pincodeSchema = z.string().max(6, PINCODE_MESSAGE).regex(PINCODE_PATTERN, PINCODE_MESSAGE);

/** `{pincode}` in a path. */
export const pincodeParamsSchema = z.object({ pincode: pincodeSchema });
export type PincodeParams = z.infer<typeof pincodeParamsSchema>;

/** A postal code of any country we sell to (letters, digits, spaces and hyphens); India's is checked by its country. */
export const postalCodeSchema = z
  .string()
  .trim()
  .min(1, 'Enter a postal code')
  .max(12, 'Enter a valid postal code')
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'Enter a valid postal code');

/** `{pincode}` in the shipping charge's path: any country's postal code (spec §5: India's is six digits). */
export const postalCodeParamsSchema = z.object({ pincode: postalCodeSchema });

/* ---- GET /api/commerce/shipping_charges/{pincode}/v1/?country_name_enum=IN ---- */

export const shippingChargesQuerySchema = z.object({
  country_name_enum: supportedCountrySchema,
});
/** The shipping charge to the pincode in the country's currency; 0 when the shop has no charge for it (spec §7). */
export const shippingChargesResponseSchema = z.object({
  shipping_charges: z.number().finite().nonnegative().max(10_000_000),
});
export type ShippingChargesResponse = z.infer<typeof shippingChargesResponseSchema>;

/* ---- GET /api/invoicing/check_availability_for_pincode/v1/?pincode=560001 ---- */

export const pincodeAvailabilityQuerySchema = z.object({ pincode: pincodeSchema });
/**
 * Whether the shop delivers to the pincode: it does where the postal directory knows a delivery office for it.
 * The place names come with it, so a page can say "Delivers to Bengaluru, Karnataka".
 */
export const pincodeAvailabilityResponseSchema = z.object({
  pincode: z.string().max(6),
  is_available: z.boolean(),
  /** What the buyer reads: "Delivered to Bengaluru, Karnataka in 1–2 working days" or why not. */
  message: z.string().max(200),
  district: z.string().max(100).nullable(),
  /** The city as the buyer names it ("Bengaluru" for the district "Bangalore"). */
  city: z.string().max(100).nullable(),
  state: z.string().max(100).nullable(),
  /** Working days from dispatch, where the shop delivers. */
  min_days: z.number().int().min(0).max(60).nullable(),
  max_days: z.number().int().min(0).max(60).nullable(),
});
export type PincodeAvailability = z.infer<typeof pincodeAvailabilityResponseSchema>;

/* ---- GET /api/invoicing/pickup_locations/v1/ ---- */

/** spec §3 Pickup location. Datetimes are ISO 8601 with an offset. */
export const pickupLocationSchema = z.object({
  pickup_location_id: z.number().int().positive(),
  address1: z.string().max(200),
  address2: z.string().max(200).nullable(),
  city: z.string().max(100),
  state: z.string().max(100),
  country: z.string().max(100),
  pincode: z.string().max(10),
  /** A Google Maps place id: the map link opens the place itself. */
  maps_location_id: z.string().max(300).nullable(),
  mobile_number: z.string().max(20),
  start_datetime: z.iso.datetime({ offset: true }),
  end_datetime: z.iso.datetime({ offset: true }),
});
export type PickupLocation = z.infer<typeof pickupLocationSchema>;
export const pickupLocationsResponseSchema = z.object({
  pickup_locations: z.array(pickupLocationSchema).max(100),
});
export type PickupLocationsResponse = z.infer<typeof pickupLocationsResponseSchema>;

/* ---- GET /api/commerce/states/v1/?country_name_enum=IN ---- */

export const statesQuerySchema = z.object({
  country_name_enum: supportedCountrySchema,
});
/** spec §3 State option: label state_name ("New South Wales"), value state_name_enum ("NEW_SOUTH_WALES"). */
export const stateOptionSchema = z.object({
  state_name: z.string().min(1).max(100),
  state_name_enum: z
    .string()
    .max(100)
    .regex(/^[A-Z0-9_]+$/),
});
export type StateOption = z.infer<typeof stateOptionSchema>;
export const commerceStatesResponseSchema = z.object({ states_details: z.array(stateOptionSchema).max(100) });
export type CommerceStatesResponse = z.infer<typeof commerceStatesResponseSchema>;

/* ---- GET /api/postal/pincode/{pincode}: the public India Post lookup's shape ---- */

export const postOfficeSchema = z.object({
  Name: z.string().max(200),
  Description: z.string().max(200).nullable(),
  BranchType: z.string().max(50),
  DeliveryStatus: z.string().max(50),
  Circle: z.string().max(100),
  District: z.string().max(100),
  Division: z.string().max(100),
  Region: z.string().max(100),
  Block: z.string().max(100),
  State: z.string().max(100),
  Country: z.string().max(100),
  Pincode: z.string().max(10),
});
export type PostOffice = z.infer<typeof postOfficeSchema>;

/** `[{ Message: "Number of pincode(s) found:21", Status: "Success", PostOffice: [...] }]`, or Error with null. */
export const postalLookupResponseSchema = z
  .array(
    z.object({
      Message: z.string().max(200),
      Status: z.enum(['Success', 'Error']),
      PostOffice: z.array(postOfficeSchema).max(500).nullable(),
    }),
  )
  .length(1);
export type PostalLookupResponse = z.infer<typeof postalLookupResponseSchema>;
