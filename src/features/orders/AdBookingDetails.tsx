import type { AdBooking } from '@contract/ads';
import type { Order } from '@contract/orders';
import { format, parseISO } from 'date-fns';
import { useAdAssetSrc } from '@/api/ads';
import { SHORT_DATE_FORMAT } from '@/lib/dateFormats';
import '@/ui/termList.css';

/** An ad booking's status as the advertiser reads it. */
export const AD_BOOKING_STATUS_WORDS: Record<AdBooking['status'], string> = {
  HELD: 'Held for you until paid',
  BOOKED: 'Booked',
  RELEASED: 'Released: not booked',
};

/** An ad booking's first and last day (d MMM yyyy), from its wire range (the venue's days). */
export function adBookingDates(booking: Pick<AdBooking, 'datetime_range' | 'days'>): string {
  const first = format(parseISO(booking.datetime_range.from_datetime.slice(0, 10)), SHORT_DATE_FORMAT);
  const last = format(parseISO(booking.datetime_range.to_datetime.slice(0, 10)), SHORT_DATE_FORMAT);
  const days = booking.days === 1 ? '1 day' : `${booking.days} days`;
  return first === last ? `${first} (${days})` : `${first} – ${last} (${days})`;
}

function Creative({ url }: { url: string }) {
  const src = useAdAssetSrc(url);
  return (
    <img
      className="thumb-16x9"
      src={src}
      alt="Your ad"
      width={160}
      height={90}
      loading="lazy"
      decoding="async"
    />
  );
}

/** The ad booking an order holds: where, on which devices, which days, how it stands, and the creative. */
export function AdBookingDetails({ booking }: { booking: NonNullable<Order['ad_booking']> }) {
  return (
    <section className="order-card__ad" aria-label="Ad booking">
      <h3>Your ad booking</h3>
      <dl className="term-list">
        <div>
          <dt>Venue</dt>
          <dd>{booking.venue}</dd>
        </div>
        <div>
          <dt>Devices</dt>
          <dd>{booking.devices.map((device) => device.device_name).join(', ')}</dd>
        </div>
        <div>
          <dt>Dates</dt>
          <dd>{adBookingDates(booking)}</dd>
        </div>
        <div>
          <dt>Booking</dt>
          <dd>{AD_BOOKING_STATUS_WORDS[booking.status]}</dd>
        </div>
      </dl>
      {booking.ad_assets.map((asset) => (
        <Creative key={asset.asset_url} url={asset.asset_url} />
      ))}
    </section>
  );
}
