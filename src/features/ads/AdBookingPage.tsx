import { AD_ASSET_MAX_BYTES, AD_ASSET_TYPES } from '@contract/adDays';
import { toMinor } from '@contract/money';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useAdAssetSrc } from '@/api/ads';
import type { PriceView } from '@/api/priceEstimate';
import type { AdBookingChoice } from '@/state/adBooking';
import { Button } from '@/ui/Button';
import { ErrorView } from '@/ui/ErrorView';
import { DateRangeInput } from '@/ui/form/DateRangeField';
import { FileInput } from '@/ui/form/FileField';
import { Money } from '@/ui/Money';
import { Skeleton } from '@/ui/Skeleton';
import type { AdDeviceView } from './useAdBooking';
import { type AdBookingController, uploadCreative, useAdBooking } from './useAdBooking';
import '@/ui/termList.css';
import './ads.css';
import '@/ui/visually-hidden.css';

export interface AdBookingPageProps {
  /** ?package= of the page address: the venue's ad package. */
  packageCode?: string;
  countryCode: string;
  signedIn: boolean;
  /** Sign-in, coming back to this page (the choices are kept on the device). */
  signInHref: string;
  /** The ad-booking price summary of the checkout, for the price the server gave the choice. */
  summary: (price: PriceView, choice: AdBookingChoice) => ReactNode;
  /** Chooses a venue: the page address names its package. */
  onChoosePackage: (packageCode: string) => void;
  onContinue: () => void;
}

const AVAILABILITY_WORDS = {
  free: 'Free on your dates',
  taken: 'Taken on some of your dates',
  unknown: '',
} as const;

/** The ad booking: venue, devices, dates, creative and the price, then the checkout. */
export function AdBookingPage(props: AdBookingPageProps) {
  const booking = useAdBooking({ packageCode: props.packageCode, countryCode: props.countryCode });
  return (
    <div className="ad-booking">
      <header>
        <p className="ad-booking__eyebrow">Ad packages</p>
        <h1>Book an ad</h1>
        <p className="ad-booking__lede">
          Choose a venue, its devices and your dates. Your ad plays between overs on each device, every day
          you book.
        </p>
      </header>
      <Venues booking={booking} props={props} />
      {booking.pkg && booking.choice && <Booking booking={booking} choice={booking.choice} props={props} />}
    </div>
  );
}

function Venues({ booking, props }: { booking: AdBookingController; props: AdBookingPageProps }) {
  const { catalogue, packages, pkg } = booking;
  if (catalogue.isError && packages.length === 0)
    return (
      <ErrorView headingLevel={2} onRetry={() => void catalogue.refetch()} retrying={catalogue.isFetching} />
    );
  if (!catalogue.data) return <Skeleton variant="text" lines={3} />;
  if (packages.length === 0)
    return (
      <p role="note">Ad packages are sold in India only; choose India to see them and their prices in INR.</p>
    );
  return (
    <fieldset className="ad-booking__group">
      <legend className="ad-booking__legend">Venue</legend>
      <ul className="ad-booking__venues">
        {packages.map((p) => {
          const ad = p.ad_details;
          if (!ad) return null;
          return (
            <li key={p.package_code}>
              <label className="ad-booking__choice">
                <input
                  type="radio"
                  name="ad-venue"
                  checked={pkg?.package_code === p.package_code}
                  onChange={() => props.onChoosePackage(p.package_code)}
                />
                <span>
                  <strong>{ad.venue}</strong>
                  <span className="ad-booking__detail">
                    {ad.ad_name}:{' '}
                    <Money minor={toMinor(ad.cost_per_device_per_day, p.currency)} currency={p.currency} />{' '}
                    per device per day + GST
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function Booking({
  booking,
  choice,
  props,
}: {
  booking: AdBookingController;
  choice: AdBookingChoice;
  props: AdBookingPageProps;
}) {
  const { slots } = booking;
  const pkg = booking.pkg;
  if (!pkg) return null;
  return (
    <>
      {!booking.online && (
        <p className="ad-booking__note" role="status">
          You are offline. Your choices are kept; free days and the price show when you are back online.
        </p>
      )}
      {slots.isError && booking.online && (
        <ErrorView
          headingLevel={2}
          title="We could not load the devices"
          onRetry={() => void slots.refetch()}
          retrying={slots.isFetching}
        />
      )}
      {slots.data ? (
        <>
          <Devices devices={booking.devices} onToggle={booking.toggleDevice} />
          <DateRangeInput
            label="Dates"
            hint={
              choice.deviceCodes.length > 0
                ? 'Days already taken on a chosen device cannot be chosen.'
                : 'Choose your devices first to see the days they are taken.'
            }
            value={choice.range}
            onChange={booking.setDates}
            min={slots.data.bookable_from}
            max={slots.data.bookable_to}
            isDateDisabled={booking.isDateDisabled}
          />
          {booking.details.clash && (
            <p className="ad-booking__alert" role="alert">
              A chosen device is taken on some of your dates. Choose other devices or other dates.
            </p>
          )}
        </>
      ) : (
        !slots.isError && <Skeleton variant="text" lines={4} />
      )}
      <Creative booking={booking} choice={choice} props={props} />
      <section className="ad-booking__price" aria-labelledby="ad-booking-price">
        <h2 id="ad-booking-price">Price</h2>
        <Price booking={booking} choice={choice} props={props} />
      </section>
      <Button size="l" fullWidth disabled={!booking.canContinue} onClick={props.onContinue}>
        Continue to checkout
      </Button>
    </>
  );
}

function Devices({
  devices,
  onToggle,
}: {
  devices: AdDeviceView[];
  onToggle: (code: string, name: string) => void;
}) {
  return (
    <fieldset className="ad-booking__group">
      <legend className="ad-booking__legend">Devices</legend>
      <ul className="ad-booking__devices">
        {devices.map((device) => {
          const statusId = `ad-device-${device.code}`;
          return (
            <li key={device.code}>
              <label className="ad-booking__choice">
                <input
                  type="checkbox"
                  checked={device.chosen}
                  // A device taken on the chosen days cannot be added; one chosen can always be taken off.
                  disabled={!device.chosen && device.availability === 'taken'}
                  aria-describedby={statusId}
                  onChange={() => onToggle(device.code, device.name)}
                />
                <span>{device.name}</span>
              </label>
              <span
                id={statusId}
                className={`ad-booking__availability ad-booking__availability--${device.availability}`}
              >
                {AVAILABILITY_WORDS[device.availability]}
              </span>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function Creative({
  booking,
  choice,
  props,
}: {
  booking: AdBookingController;
  choice: AdBookingChoice;
  props: AdBookingPageProps;
}) {
  const templates = booking.pkg?.ad_details?.ad_assets ?? [];
  const asset = choice.asset;
  const uploaded = asset && asset.asset_template_image_config_id === null ? asset : null;
  const hintId = useId();
  return (
    <fieldset className="ad-booking__group">
      <legend className="ad-booking__legend">Your ad</legend>
      <p id={hintId} className="ad-booking__detail">
        Pick one of our templates, or upload your own picture.
      </p>
      <ul className="ad-booking__templates">
        {templates.map((template, index) => (
          <li key={template.asset_template_image_config_id}>
            <label className="ad-booking__template">
              <input
                type="radio"
                name="ad-template"
                aria-describedby={hintId}
                checked={asset?.asset_template_image_config_id === template.asset_template_image_config_id}
                onChange={() =>
                  booking.setAsset({
                    asset_url: template.asset_url,
                    asset_template_image_config_id: template.asset_template_image_config_id,
                    name: null,
                  })
                }
              />
              <img
                src={template.asset_url}
                alt={`Template ${index + 1}`}
                width={160}
                height={90}
                loading="lazy"
              />
            </label>
          </li>
        ))}
      </ul>
      {uploaded && <UploadedCreative url={uploaded.asset_url} name={uploaded.name ?? 'your upload'} />}
      {props.signedIn ? (
        <FileInput
          label="Upload your own"
          hint="A jpeg or png picture, landscape works best."
          accept={AD_ASSET_TYPES}
          maxSize={AD_ASSET_MAX_BYTES}
          upload={uploadCreative}
          value={null}
          onChange={(file) => {
            if (file)
              booking.setAsset({
                asset_url: file.key,
                asset_template_image_config_id: null,
                name: file.name,
              });
          }}
        />
      ) : (
        <p className="ad-booking__detail">
          To upload your own ad, <a href={props.signInHref}>sign in</a> — your choices are kept.
        </p>
      )}
    </fieldset>
  );
}

function UploadedCreative({ url, name }: { url: string; name: string }) {
  const src = useAdAssetSrc(url);
  return (
    <figure className="ad-booking__upload">
      <img className="thumb-16x9" src={src} alt={`Your ad: ${name}`} width={160} height={90} />
      <figcaption role="status">Your ad: {name}</figcaption>
    </figure>
  );
}

function Price({
  booking,
  choice,
  props,
}: {
  booking: AdBookingController;
  choice: AdBookingChoice;
  props: AdBookingPageProps;
}) {
  const { price, loading, error, refetch } = booking.estimate;
  if (choice.deviceCodes.length === 0 || !choice.range)
    return <p className="ad-booking__detail">Choose your devices and dates to see the price.</p>;
  if (error && !price)
    return (
      <div className="ad-booking__alert" role="alert">
        <p>We could not get the price.</p>
        <Button variant="secondary" size="s" onClick={refetch}>
          Retry
        </Button>
      </div>
    );
  if (!price) return <Skeleton variant="text" lines={3} />;
  return (
    <div aria-busy={loading}>
      {loading && <span className="visually-hidden">Updating the price</span>}
      {props.summary(price, choice)}
    </div>
  );
}
