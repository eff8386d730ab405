import type { AdBooking } from '@contract/ads';
import type { StoredAdBooking } from './repo';
import { wireRange } from './rules';

/** A booking as its buyer reads it, its range in the reader's zone. */
export function bookingToWire(row: StoredAdBooking, zone: string): AdBooking {
  return {
    order_id: row.orderId,
    ad_config_id: row.adConfigId,
    ad_name: row.adName,
    venue: row.venue,
    devices: row.devices.map((d) => ({ device_code: d.deviceCode, device_name: d.deviceName })),
    datetime_range: wireRange(row.fromAt, row.toAt, zone),
    days: row.days,
    status: row.status,
    ad_assets: row.adAssets,
  };
}
