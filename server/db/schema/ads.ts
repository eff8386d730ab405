import type { AD_BOOKING_STATUSES, AdAsset } from '@contract/ads';
import { sql } from 'drizzle-orm';
import { check, customType, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { adConfigs, adDevices } from './catalogue';
import { ts } from './columns';
import { orders } from './orders';
import { users } from './user';

// ---- Ad bookings: the devices and days an ad package's order holds, and the creative it shows ----

export type AdBookingStatus = (typeof AD_BOOKING_STATUSES)[number];

/** A tstzrange written and read as PostgreSQL's text form, e.g. ["2026-12-01 00:00:00+05:30","2026-12-04 …"). */
const tstzrange = customType<{ data: string; driverData: string }>({
  dataType: () => 'tstzrange',
});

/** One per ad order: the venue's config, the whole days it runs ([from_at, to_at) in UTC) and its creative. */
export const adBookings = pgTable(
  'ad_bookings',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    adConfigId: integer('ad_config_id')
      .notNull()
      .references(() => adConfigs.id, { onDelete: 'restrict' }),
    fromAt: ts('from_at').notNull(),
    /** The first instant after its last day. */
    toAt: ts('to_at').notNull(),
    days: integer('days').notNull(),
    status: text('status').$type<AdBookingStatus>().notNull(),
    adAssets: jsonb('ad_assets').$type<AdAsset[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    check('ad_bookings_status', sql`${t.status} in ('HELD', 'BOOKED', 'RELEASED')`),
    check('ad_bookings_range', sql`${t.toAt} > ${t.fromAt} and ${t.days} > 0`),
  ],
);

/**
 * A device a booking takes, for its range. The migration adds `ad_booking_devices_no_overlap`, an exclusion
 * constraint drizzle cannot express: no two live rows (released_at null) of one device overlap in time.
 */
export const adBookingDevices = pgTable(
  'ad_booking_devices',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => adBookings.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => adDevices.id, { onDelete: 'restrict' }),
    during: tstzrange('during').notNull(),
    /** Set when the order lapsed or was cancelled: the device is free again for these days. */
    releasedAt: ts('released_at'),
  },
  (t) => [
    index('ad_booking_devices_booking_idx').on(t.bookingId),
    check('ad_booking_devices_during', sql`not isempty(${t.during})`),
  ],
);

/** A creative an advertiser uploaded; only they (and the operator) read it back. */
export const adAssetUploads = pgTable(
  'ad_asset_uploads',
  {
    key: text('key').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('ad_asset_uploads_user_idx').on(t.userId)],
);

export type AdBookingRow = typeof adBookings.$inferSelect;
