import { format, parseISO } from 'date-fns';
import { useSnapshot } from 'valtio';
import { useAdAssetSrc } from '@/api/ads';
import { AD_BOOKING_PATH } from '@/lib/adPackages';
import { SHORT_DATE_FORMAT } from '@/lib/dateFormats';
import { adBookingDays, adBookingStore } from '@/state/adBooking';
import '@/ui/termList.css';
import './ads.css';

const day = (iso: string) => format(parseISO(iso), SHORT_DATE_FORMAT);

/** The way back to the booking page, its choices kept on the device. */
export function ChangeAdBookingLink({ packageCode }: { packageCode?: string }) {
  return (
    <a href={packageCode ? `${AD_BOOKING_PATH}?package=${packageCode}` : AD_BOOKING_PATH}>
      Change your booking
    </a>
  );
}

function Creative({ url, alt }: { url: string; alt: string }) {
  const src = useAdAssetSrc(url);
  return <img className="thumb-16x9" src={src} alt={alt} width={160} height={90} />;
}

/** The booking the checkout is for, in place of cart lines (ad packages list nothing there, spec §2). */
export function AdBookingLines() {
  const { choice } = useSnapshot(adBookingStore);
  if (!choice) return null;
  const days = adBookingDays(choice);
  return (
    <section className="ad-booking-lines" aria-label="Your ad booking">
      <dl className="term-list">
        <div>
          <dt>Venue</dt>
          <dd>{choice.venue}</dd>
        </div>
        <div>
          <dt>Devices</dt>
          <dd>{choice.deviceCodes.map((code) => choice.deviceNames[code] ?? code).join(', ')}</dd>
        </div>
        {choice.range && (
          <div>
            <dt>Dates</dt>
            <dd>
              {day(choice.range.start)} – {day(choice.range.end)} ({days === 1 ? '1 day' : `${days} days`})
            </dd>
          </div>
        )}
      </dl>
      {choice.asset && (
        <Creative
          url={choice.asset.asset_url}
          alt={choice.asset.name ? `Your ad: ${choice.asset.name}` : 'Your ad'}
        />
      )}
      <ChangeAdBookingLink packageCode={choice.packageCode} />
    </section>
  );
}
