import { randomBytes } from 'node:crypto';
import {
  AD_ASSET_MAX_BYTES,
  AD_ASSET_MIME_TYPES,
  type AdAsset,
  type AdAssetUploadResponse,
  type AdBooking,
  type addEventOrderDetailsRequestSchema,
  type SlotDetailsResponse,
  type SlotsForPackageResponse,
  type slotDetailsRequestSchema,
  type slotsForPackageRequestSchema,
} from '@contract/ads';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { HttpError } from '../../errors';
import type { FileStorage } from '../../storage';
import { checkUploadRoom, keepWithinQuota, type UploadLimits, type UploadShelf } from '../../storage/quota';
import {
  readOwnedUpload,
  sniffUpload,
  storeUpload,
  type UploadPart,
  type UploadReader,
} from '../../storage/upload';
import { PENDING_GRACE_MINUTES } from '../orders/context';
import * as repo from './repo';
import { bookableProblem, dayStart, laterDay, nextDay, todayIn, wholeDays, wireRange } from './rules';
import { assetUrl, bookingToWire, keyOfAssetUrl } from './wire';

export interface AdsServiceDeps {
  db: Database;
  now: () => Date;
  storage: FileStorage;
  uploadLimits: UploadLimits;
}

const EXTENSION: Record<(typeof AD_ASSET_MIME_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

const tooLarge = () =>
  new HttpError(413, `This image is over ${AD_ASSET_MAX_BYTES / (1024 * 1024)} MB. Choose a smaller one.`, {
    field: 'file',
  });
const unreadable = () =>
  new HttpError(400, 'The upload could not be read. Choose the file again.', { field: 'file' });
const REFUSALS = { tooLarge, unreadable };
const noSuchPackage = () =>
  new HttpError(404, 'There is no ad package with this id', { field: 'package_id' });
const noSuchOrder = () => new HttpError(404, 'Order not found', { field: 'order_id' });

/** Ad bookings as the calendar and the advertiser see them: what is taken, what is free, and the creative. */
export function createAdsService({ db, now, storage, uploadLimits }: AdsServiceDeps) {
  const quota = { db, now, storage, limits: uploadLimits };
  /** What holds each device in [from, to): holds of lapsed orders not swept yet count as free. */
  function taken(deviceIds: number[], from: Date, to: Date) {
    const at = now();
    return repo.takenBetween(db, {
      deviceIds,
      from,
      to,
      lapsed: { at, pendingBefore: new Date(at.getTime() - PENDING_GRACE_MINUTES * 60_000) },
    });
  }

  return {
    /** The venue, the days it can be booked from today on, and what each device already has taken. */
    async slots(body: z.output<typeof slotsForPackageRequestSchema>): Promise<SlotsForPackageResponse> {
      const config = await repo.findAdConfig(db, { packageId: body.package_id });
      if (!config) throw noSuchPackage();
      const zone = config.timeZone;
      const today = todayIn(now(), zone);
      const bookableFrom = laterDay(config.startDate, today);
      if (bookableFrom > config.endDate) throw new HttpError(409, 'This venue takes no more bookings');
      const firstDay = body.from_date ?? bookableFrom;
      const lastDay = body.to_date ?? config.endDate;
      const from = dayStart(firstDay, zone);
      const to = dayStart(nextDay(lastDay), zone);
      if (!from) throw new HttpError(400, 'Choose a real first day', { field: 'from_date' });
      if (!to) throw new HttpError(400, 'Choose a real last day', { field: 'to_date' });
      if (lastDay < firstDay) {
        throw new HttpError(400, 'The last day is before the first day', { field: 'to_date' });
      }
      const rows = await taken(
        config.devices.map((d) => d.id),
        from,
        to,
      );
      return {
        package_id: body.package_id,
        ad_config_id: config.id,
        ad_name: config.adName,
        venue: config.venue,
        bookable_from: bookableFrom,
        bookable_to: config.endDate,
        devices: config.devices.map((device) => ({
          device_code: device.deviceCode,
          device_name: device.deviceName,
          booked: rows.filter((r) => r.deviceId === device.id).map((r) => wireRange(r.from, r.to, zone)),
        })),
      };
    },

    /** Whether each chosen device is free on every day of the range. */
    async slotDetails(body: z.output<typeof slotDetailsRequestSchema>): Promise<SlotDetailsResponse> {
      const config = await repo.findAdConfig(db, { id: body.ad_config_id });
      if (!config) throw new HttpError(404, 'There is no such ad venue', { field: 'ad_config_id' });
      const zone = config.timeZone;
      const range = wholeDays(body.datetime_range, zone);
      if ('error' in range) throw new HttpError(400, range.error, { field: 'datetime_range' });
      const problem = bookableProblem(range, config, todayIn(now(), zone));
      if (problem) throw new HttpError(400, problem, { field: 'datetime_range' });
      const chosen = body.device_codes.map((code) => {
        const device = config.devices.find((d) => d.deviceCode === code);
        if (!device) {
          throw new HttpError(400, `${code} is not a screen at ${config.venue}`, { field: 'device_codes' });
        }
        return device;
      });
      const rows = await taken(
        chosen.map((d) => d.id),
        range.from,
        range.to,
      );
      const devices = chosen.map((device) => {
        const clashes = rows
          .filter((r) => r.deviceId === device.id)
          .map((r) => wireRange(r.from, r.to, zone));
        return {
          device_code: device.deviceCode,
          device_name: device.deviceName,
          available: clashes.length === 0,
          clashes,
        };
      });
      return { available: devices.every((d) => d.available), days: range.days, devices };
    },

    /** Stores an advertiser's own creative, a JPEG or PNG by its content, and answers where it is read back. */
    async storeAsset(userId: string, part: UploadPart): Promise<AdAssetUploadResponse> {
      const shelf: UploadShelf = {
        scope: `ad_asset_uploads:${userId}`,
        what: 'ad image',
        usage: (on) => repo.assetUsage(on, userId),
      };
      await checkUploadRoom(quota, shelf, part);
      const sniffed = await sniffUpload(part, REFUSALS);
      const found = sniffed.type?.mime;
      const mime = (AD_ASSET_MIME_TYPES as readonly string[]).includes(found ?? '')
        ? (found as (typeof AD_ASSET_MIME_TYPES)[number])
        : undefined;
      if (!mime) {
        sniffed.discard();
        throw new HttpError(415, 'This file is not a JPEG or PNG image. Choose an image.', { field: 'file' });
      }
      const key = `ads/${userId}/${randomBytes(12).toString('base64url')}.${EXTENSION[mime]}`;
      const size = await storeUpload(storage, key, sniffed, mime, part, REFUSALS);
      await keepWithinQuota(quota, shelf, { key, size }, (on) =>
        repo.insertAssetUpload(on, { key, userId, contentType: mime, size, createdAt: now() }),
      );
      return { asset_url: assetUrl(key) };
    },

    /** An upload for its owner, or for the operator; anyone else is told there is none. */
    async readAsset(key: string, reader: UploadReader) {
      return readOwnedUpload(storage, key, (await repo.findAssetUpload(db, key)) ?? undefined, reader);
    },

    /** Records the creative of the buyer's own ad order: one of its package's templates, or their own upload. */
    async addEventOrderDetails(
      userId: string,
      body: z.output<typeof addEventOrderDetailsRequestSchema>,
    ): Promise<AdBooking> {
      const owner = await repo.findOrderOwner(db, body.order_id);
      if (owner?.userId !== userId) throw noSuchOrder();
      const [booking] = await repo.bookingsOf(db, [body.order_id]);
      if (!booking) throw new HttpError(409, 'This order books no ad', { field: 'order_id' });
      if (booking.status === 'RELEASED') {
        throw new HttpError(409, 'This booking has lapsed: book the days again', { field: 'order_id' });
      }
      const config = await repo.findAdConfig(db, { id: booking.adConfigId });
      const assets: AdAsset[] = [];
      const uploads: { key: string; field: string }[] = [];
      for (const [index, asset] of body.ad_assets.entries()) {
        const field = `ad_assets.${index}.asset_url`;
        if (asset.asset_template_image_config_id !== null) {
          const template = config?.adAssets.find(
            (t) =>
              t.asset_template_image_config_id === asset.asset_template_image_config_id &&
              t.asset_url === asset.asset_url,
          );
          if (!template)
            throw new HttpError(400, "This is not one of the venue's templates: choose one", { field });
          assets.push(asset);
        } else {
          const key = keyOfAssetUrl(asset.asset_url);
          const upload = key ? await repo.findAssetUpload(db, key) : undefined;
          if (!key || upload?.userId !== userId) {
            throw new HttpError(400, 'Upload your image again, or choose a template', { field });
          }
          uploads.push({ key, field });
          // Kept in the one spelling the retention sweep looks for.
          assets.push({ ...asset, asset_url: assetUrl(key) });
        }
      }
      const missing = await repo.setAssets(
        db,
        body.order_id,
        assets,
        uploads.map((u) => u.key),
        now(),
      );
      if (missing !== undefined) {
        const field = uploads.find((u) => u.key === missing)?.field ?? 'ad_assets';
        throw new HttpError(400, 'Upload your image again, or choose a template', { field });
      }
      return bookingToWire({ ...booking, adAssets: assets });
    },
  };
}

export type AdsService = ReturnType<typeof createAdsService>;
