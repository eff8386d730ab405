import { isValid, parseISO } from 'date-fns';
import { z } from 'zod';
import { DB_INT_MAX } from './patterns';

/*
 * Ad bookings (spec §2 ad-booking price summary, §3 ad package and ad_event_order_details, §7 slots), under the
 * orders and invoicing service (/api/invoicing):
 * - POST /get_available_slots_details_for_rental_package/v1/: an ad package's venue, its devices and the days each
 *   is already taken (held by an unpaid order or paid) within a window, so a calendar can grey them out;
 * - POST /get_available_slot_details/v1/: whether a choice of devices and dates is free, device by device;
 * - POST /ad_assets/upload/v1/: the advertiser's own creative (multipart, field `file`), checked by its content;
 * - POST /add_event_orders_details/v1/: records the booking's creative (an uploaded asset or one of the package's
 *   templates) against the buyer's own order, and answers the booking.
 * The devices and dates themselves are held by the order's creation (ad_event_order_details, contract/orders.ts), in
 * the same transaction that prices it: a device is never booked twice for overlapping dates (the database refuses).
 * Datetimes are yyyy-MM-dd HH:mm:ss in the venue's zone (whatever the buyer's x-tz); an ad runs whole days, from
 * 00:00:00 of its first day to 23:59:59 of its last.
 */

export const AD_DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
export const AD_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A day the calendar has (no 30 February), and a time the clock has (no 24:00:00). */
const isRealDay = (isoDate: string) => isValid(parseISO(isoDate));
const isRealDateTime = (text: string) =>
  isRealDay(text.slice(0, 10)) && /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(text.slice(11));
export const adDateTimeSchema = z
  .string()
  .regex(AD_DATETIME_PATTERN, 'Use yyyy-MM-dd HH:mm:ss')
  .refine(isRealDateTime, 'Choose a real date');
export const adDateSchema = z
  .string()
  .regex(AD_DATE_PATTERN, 'Use yyyy-MM-dd')
  .refine(isRealDay, 'Choose a real date');

/** The longest booking one order may take, in days (a longer campaign is several bookings or a quote). */
export const AD_MAX_DAYS = 90;
/** The most devices one booking may take. */
export const AD_MAX_DEVICES = 50;

export { adDayEnd, adDayStart } from './adDays';

export const adDateTimeRangeSchema = z.object({
  from_datetime: adDateTimeSchema,
  to_datetime: adDateTimeSchema,
});
export type AdDateTimeRange = z.infer<typeof adDateTimeRangeSchema>;

const id = z.number().int().positive().max(DB_INT_MAX);
const deviceCode = z.string().trim().min(1, 'Choose a device').max(64, 'Choose a device');

export const slotsForPackageRequestSchema = z.object({
  package_id: id,
  /** The window asked about, both days included; absent: the package's whole bookable window. */
  from_date: adDateSchema.nullish(),
  to_date: adDateSchema.nullish(),
});
export type SlotsForPackageRequest = z.input<typeof slotsForPackageRequestSchema>;

export const adDeviceSlotsSchema = z.object({
  device_code: z.string(),
  device_name: z.string(),
  /** The ranges already taken on this device within the window (held or paid), in the venue's zone. */
  booked: z.array(adDateTimeRangeSchema),
});

export const slotsForPackageResponseSchema = z.object({
  package_id: z.number().int(),
  ad_config_id: z.number().int(),
  ad_name: z.string(),
  venue: z.string(),
  /** The days this package can be booked for, both included: its own window from today on (the venue's days). */
  bookable_from: adDateSchema,
  bookable_to: adDateSchema,
  devices: z.array(adDeviceSlotsSchema),
});
export type SlotsForPackageResponse = z.infer<typeof slotsForPackageResponseSchema>;

export const slotDetailsRequestSchema = z.object({
  ad_config_id: id,
  device_codes: z.array(deviceCode).min(1, 'Choose a device').max(AD_MAX_DEVICES),
  datetime_range: adDateTimeRangeSchema,
});
export type SlotDetailsRequest = z.input<typeof slotDetailsRequestSchema>;

export const slotDetailsResponseSchema = z.object({
  /** Every device free on every day of the range. */
  available: z.boolean(),
  /** Days in the range, both ends counted. */
  days: z.number().int().nonnegative(),
  devices: z.array(
    z.object({
      device_code: z.string(),
      device_name: z.string(),
      available: z.boolean(),
      /** What overlaps the range on this device. */
      clashes: z.array(adDateTimeRangeSchema),
    }),
  ),
});
export type SlotDetailsResponse = z.infer<typeof slotDetailsResponseSchema>;

/** Spec §3 Ad: asset_url and asset_template_image_config_id (a template of the package, or null for an upload). */
export const adAssetSchema = z.object({
  asset_url: z.string().min(1).max(500),
  asset_template_image_config_id: id.nullable(),
});
export type AdAsset = z.infer<typeof adAssetSchema>;

export { AD_ASSET_MAX_BYTES, AD_ASSET_MIME_TYPES, AD_ASSET_TYPES } from './adDays';

export const adAssetUploadResponseSchema = z.object({ asset_url: z.string() });
export type AdAssetUploadResponse = z.infer<typeof adAssetUploadResponseSchema>;

export const addEventOrderDetailsRequestSchema = z.object({
  order_id: z.string().trim().min(1, 'Name the order').max(64, 'Name the order'),
  ad_assets: z.array(adAssetSchema).min(1, 'Choose or upload your ad').max(5, 'Choose at most 5 assets'),
});
export type AddEventOrderDetailsRequest = z.input<typeof addEventOrderDetailsRequestSchema>;

export const AD_BOOKING_STATUSES = ['HELD', 'BOOKED', 'RELEASED'] as const;

/** A booking as its buyer reads it: on the order (My orders) and from add_event_orders_details. */
export const adBookingSchema = z.object({
  order_id: z.string(),
  ad_config_id: z.number().int(),
  ad_name: z.string(),
  venue: z.string(),
  devices: z.array(z.object({ device_code: z.string(), device_name: z.string() })),
  datetime_range: adDateTimeRangeSchema,
  /** Days booked, both ends counted. */
  days: z.number().int().positive(),
  /** HELD while its order is unpaid, BOOKED once paid, RELEASED when the order lapsed or was cancelled. */
  status: z.enum(AD_BOOKING_STATUSES),
  ad_assets: z.array(adAssetSchema),
});
export type AdBooking = z.infer<typeof adBookingSchema>;
