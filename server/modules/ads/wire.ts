import type { AdBooking } from '@contract/ads';
import type { StoredAdBooking } from './repo';
import { wireRange } from './rules';

/** Where an uploaded creative is read back (by its owner or the operator); the key names the file. */
export const AD_ASSET_PATH = '/api/invoicing/ad_assets/v1/';
/** A creative's address; its keys (ads/<user uuid>/<base64url>.<ext>) need no escaping but of their slashes. */
export const assetUrl = (key: string) => `${AD_ASSET_PATH}?key=${encodeURIComponent(key)}`;

export function keyOfAssetUrl(url: string): string | null {
  if (!url.startsWith(`${AD_ASSET_PATH}?`)) return null;
  return new URLSearchParams(url.slice(AD_ASSET_PATH.length + 1)).get('key');
}

/** A booking as its buyer reads it, its range in the venue's zone (the days it runs there). */
export function bookingToWire(row: StoredAdBooking): AdBooking {
  return {
    order_id: row.orderId,
    ad_config_id: row.adConfigId,
    ad_name: row.adName,
    venue: row.venue,
    devices: row.devices.map((d) => ({ device_code: d.deviceCode, device_name: d.deviceName })),
    datetime_range: wireRange(row.fromAt, row.toAt, row.timeZone),
    days: row.days,
    status: row.status,
    ad_assets: row.adAssets,
  };
}
