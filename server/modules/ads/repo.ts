import type { AdAsset } from '@contract/ads';
import { and, asc, count, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { hasConstraintError } from '../../db/errors';
import { adAssetUploads, adBookingDevices, adBookings, adConfigs, adDevices, orders } from '../../db/schema';
import { AD_ASSET_PATH } from './wire';

/** The constraint that keeps a device from being taken twice for overlapping times (migration 0025). */
const NO_OVERLAP = 'ad_booking_devices_no_overlap';

/** A statement failed because a device is already held or booked for an overlapping time. */
export function isAdClash(error: unknown): boolean {
  return hasConstraintError(error, '23P01', NO_OVERLAP);
}

const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const epoch = (expression: ReturnType<typeof sql>) =>
  sql<number>`extract(epoch from ${expression})`.mapWith(Number);
const fromEpoch = (seconds: number) => new Date(Math.round(seconds * 1000));

export interface AdConfigWithDevices {
  id: number;
  packageId: number;
  adName: string;
  venue: string;
  startDate: string;
  endDate: string;
  timeZone: string;
  adAssets: { asset_url: string; asset_template_image_config_id: number }[];
  devices: { id: number; deviceCode: string; deviceName: string }[];
}

/** An ad config with its devices in order, by its id or by its package's. */
export async function findAdConfig(
  db: Executor,
  by: { id: number } | { packageId: number },
): Promise<AdConfigWithDevices | undefined> {
  const [config] = await db
    .select()
    .from(adConfigs)
    .where('id' in by ? eq(adConfigs.id, by.id) : eq(adConfigs.packageId, by.packageId));
  if (!config) return undefined;
  const devices = await db
    .select({ id: adDevices.id, deviceCode: adDevices.deviceCode, deviceName: adDevices.deviceName })
    .from(adDevices)
    .where(eq(adDevices.adConfigId, config.id))
    .orderBy(asc(adDevices.sortOrder), asc(adDevices.id));
  return { ...config, devices };
}

/**
 * Holds the devices for [from, to) for a new order, inside its create transaction: the exclusion constraint
 * refuses the statement (`isAdClash`) when a device is already taken for an overlapping time.
 */
export async function holdDevices(
  tx: Executor,
  input: {
    orderId: string;
    adConfigId: number;
    deviceCodes: readonly string[];
    from: Date;
    to: Date;
    days: number;
    at: Date;
  },
): Promise<void> {
  const [booking] = await tx
    .insert(adBookings)
    .values({
      orderId: input.orderId,
      adConfigId: input.adConfigId,
      fromAt: input.from,
      toAt: input.to,
      days: input.days,
      status: 'HELD',
      createdAt: input.at,
      updatedAt: input.at,
    })
    .returning({ id: adBookings.id });
  if (!booking) throw new Error('ad booking insert returned nothing');
  // Devices in id order, so concurrent holds of the same devices wait on each other rather than deadlock.
  await tx.execute(sql`
    insert into ${adBookingDevices} (booking_id, device_id, during)
    select ${booking.id}, ${adDevices.id}, tstzrange(${iso(input.from)}, ${iso(input.to)}, '[)')
    from ${adDevices}
    where ${adDevices.adConfigId} = ${input.adConfigId} and ${inArray(adDevices.deviceCode, [...input.deviceCodes])}
    order by ${adDevices.id}
  `);
}

/** Live device rows of these devices overlapping [from, to), with the order holding each. */
export async function takenBetween(
  db: Executor,
  input: { deviceIds: readonly number[]; from: Date; to: Date; lapsed?: { at: Date; pendingBefore: Date } },
) {
  if (input.deviceIds.length === 0) return [];
  const lapsed = input.lapsed;
  return db
    .select({
      deviceId: adBookingDevices.deviceId,
      orderId: adBookings.orderId,
      from: epoch(sql`lower(${adBookingDevices.during})`),
      to: epoch(sql`upper(${adBookingDevices.during})`),
    })
    .from(adBookingDevices)
    .innerJoin(adBookings, eq(adBookings.id, adBookingDevices.bookingId))
    .innerJoin(orders, eq(orders.id, adBookings.orderId))
    .where(
      and(
        inArray(adBookingDevices.deviceId, [...input.deviceIds]),
        isNull(adBookingDevices.releasedAt),
        sql`${adBookingDevices.during} && tstzrange(${iso(input.from)}, ${iso(input.to)}, '[)')`,
        // A hold whose order has lapsed but is not swept yet is free: the next create gives it back first.
        lapsed
          ? sql`not (${or(
              and(inArray(orders.status, ['CREATED', 'FAILED']), lt(orders.expiresAt, lapsed.at)),
              and(eq(orders.status, 'PENDING'), lt(orders.expiresAt, lapsed.pendingBefore)),
            )})`
          : undefined,
      ),
    )
    .orderBy(asc(adBookingDevices.deviceId), asc(adBookingDevices.during))
    .then((rows) => rows.map((r) => ({ ...r, from: fromEpoch(r.from), to: fromEpoch(r.to) })));
}

/** Gives a lapsed or cancelled order's devices back (once). */
export async function releaseBooking(tx: Executor, orderId: string, at: Date): Promise<void> {
  const released = await tx
    .update(adBookings)
    .set({ status: 'RELEASED', updatedAt: at })
    .where(and(eq(adBookings.orderId, orderId), ne(adBookings.status, 'RELEASED')))
    .returning({ id: adBookings.id });
  const [booking] = released;
  if (!booking) return;
  await tx
    .update(adBookingDevices)
    .set({ releasedAt: at })
    .where(and(eq(adBookingDevices.bookingId, booking.id), isNull(adBookingDevices.releasedAt)));
}

/** A paid order's booking is final. */
export async function markBooked(tx: Executor, orderId: string, at: Date): Promise<void> {
  await tx
    .update(adBookings)
    .set({ status: 'BOOKED', updatedAt: at })
    .where(and(eq(adBookings.orderId, orderId), ne(adBookings.status, 'BOOKED')));
}

/**
 * Sets the booking's creative. The buyer's own uploads it names are locked first, so the retention sweep cannot
 * delete one under it; the key of one already gone is answered instead, and nothing is set.
 */
export async function setAssets(
  db: Executor,
  orderId: string,
  assets: readonly AdAsset[],
  uploadKeys: readonly string[],
  at: Date,
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const held =
      uploadKeys.length === 0
        ? []
        : await tx
            .select({ key: adAssetUploads.key })
            .from(adAssetUploads)
            .where(inArray(adAssetUploads.key, [...uploadKeys]))
            .for('share');
    const missing = uploadKeys.find((key) => !held.some((row) => row.key === key));
    if (missing !== undefined) return missing;
    await tx
      .update(adBookings)
      .set({ adAssets: [...assets], updatedAt: at })
      .where(eq(adBookings.orderId, orderId));
    return undefined;
  });
}

/** The bookings of these orders with their venue and devices, as the buyer reads them. */
export async function bookingsOf(db: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({
      id: adBookings.id,
      orderId: adBookings.orderId,
      adConfigId: adBookings.adConfigId,
      adName: adConfigs.adName,
      venue: adConfigs.venue,
      timeZone: adConfigs.timeZone,
      fromAt: adBookings.fromAt,
      toAt: adBookings.toAt,
      days: adBookings.days,
      status: adBookings.status,
      adAssets: adBookings.adAssets,
    })
    .from(adBookings)
    .innerJoin(adConfigs, eq(adConfigs.id, adBookings.adConfigId))
    .where(inArray(adBookings.orderId, [...orderIds]));
  if (rows.length === 0) return [];
  const devices = await db
    .select({
      bookingId: adBookingDevices.bookingId,
      deviceCode: adDevices.deviceCode,
      deviceName: adDevices.deviceName,
    })
    .from(adBookingDevices)
    .innerJoin(adDevices, eq(adDevices.id, adBookingDevices.deviceId))
    .where(
      inArray(
        adBookingDevices.bookingId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(adDevices.sortOrder), asc(adDevices.id));
  return rows.map((row) => ({
    ...row,
    devices: devices
      .filter((d) => d.bookingId === row.id)
      .map((d) => ({ deviceCode: d.deviceCode, deviceName: d.deviceName })),
  }));
}

export type StoredAdBooking = Awaited<ReturnType<typeof bookingsOf>>[number];

export async function findOrderOwner(db: Executor, orderId: string) {
  const [row] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  return row;
}

export async function insertAssetUpload(db: Executor, row: typeof adAssetUploads.$inferInsert) {
  await db.insert(adAssetUploads).values(row);
}

/** The files and bytes of creatives one advertiser keeps. */
export async function assetUsage(db: Executor, userId: string) {
  const [row] = await db
    .select({
      files: count(),
      bytes: sql<number>`coalesce(sum(${adAssetUploads.size}), 0)`.mapWith(Number),
    })
    .from(adAssetUploads)
    .where(eq(adAssetUploads.userId, userId));
  return { files: row?.files ?? 0, bytes: row?.bytes ?? 0 };
}

/** True when a booking that is not released (held for an unpaid order, or booked) shows this creative. */
const assetInUse = sql`exists (
  select 1 from ${adBookings}
  where ${adBookings.status} <> 'RELEASED'
    and ${adBookings.adAssets} @> jsonb_build_array(jsonb_build_object(
      'asset_url', ${`${AD_ASSET_PATH}?key=`}::text || replace(${adAssetUploads.key}, '/', '%2F')
    ))
)`;

/** Locks up to `limit` creatives uploaded before `cutoff` that no live booking shows (skipping locked ones). */
export async function claimUnusedAssets(tx: Executor, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ key: adAssetUploads.key })
    .from(adAssetUploads)
    .where(and(lt(adAssetUploads.createdAt, cutoff), sql`not ${assetInUse}`))
    .orderBy(asc(adAssetUploads.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => row.key);
}

/** Deletes the claimed creatives a booking committed since the claim still does not show; their keys. */
export async function deleteUnusedAssets(tx: Executor, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await tx
    .delete(adAssetUploads)
    .where(and(inArray(adAssetUploads.key, keys), sql`not ${assetInUse}`))
    .returning({ key: adAssetUploads.key });
  return rows.map((row) => row.key);
}

export async function findAssetUpload(db: Executor, key: string) {
  const [row] = await db.select().from(adAssetUploads).where(eq(adAssetUploads.key, key));
  return row;
}
