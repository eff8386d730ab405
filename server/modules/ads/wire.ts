import type { AdBooking } from '@contract/ads';
import type { StoredAdBooking } from './repo';
import { wireRange } from './rules';

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
