import type { PickupLocation } from '@contract/places';
import { DEFAULT_TIME_ZONE, formatLongDate, formatTime, isSameDay } from '@/lib/dates';

/** Spec §3's client-side view of a pickup location: what the self-pickup option shows. */
export interface PickupView {
  pickupLocationId: number;
  /** "12 Cubbon Road, Shivaji Nagar, Bengaluru, Karnataka 560001, India". */
  consolidatedAddress: string;
  mobileNumber: string;
  /** "10:00 – 19:00 IST, 1 January 2025 to 31 December 2030", or "3 November 2026, 10:00 – 19:00 IST" for one day. */
  timings: string;
  /** A Google Maps link: the place itself when its id is known, else a search for the address. */
  locationUrl: string;
}

/** Spec §3: the checkout's pickup details, the first location's view (the list holds one; a second is a warning). */
export interface PickupDetails {
  pickupLocations: PickupLocation[];
  first: PickupView | undefined;
}

const MAPS_SEARCH = 'https://www.google.com/maps/search/?api=1';

export function consolidatedAddress(location: PickupLocation): string {
  const stateLine = [location.state, location.pincode].filter(Boolean).join(' ');
  return [location.address1, location.address2, location.city, stateLine, location.country]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}

/** Google Maps URLs: `query` is required, `query_place_id` pins the exact place. */
export function locationUrl(location: PickupLocation): string {
  const params = new URLSearchParams({ query: consolidatedAddress(location) });
  if (location.maps_location_id) params.set('query_place_id', location.maps_location_id);
  return `${MAPS_SEARCH}&${params.toString()}`;
}

/** Pickup points are the shop's own centres in India (self pickup is offered there only): they keep India time. */
export const CENTRE_TIME_ZONE = { zone: DEFAULT_TIME_ZONE, label: 'IST' } as const;

/** The hours and, when the window spans days, the dates, as the centre's clock reads them, whatever the buyer's zone. */
export function pickupTimings(location: PickupLocation): string {
  const { zone, label } = CENTRE_TIME_ZONE;
  const start = location.start_datetime;
  const end = location.end_datetime;
  const hours = `${formatTime(start, zone)} – ${formatTime(end, zone)} ${label}`;
  if (isSameDay(start, end, zone)) return `${formatLongDate(start, zone)}, ${hours}`;
  return `${hours}, ${formatLongDate(start, zone)} to ${formatLongDate(end, zone)}`;
}

export function toPickupView(location: PickupLocation): PickupView {
  return {
    pickupLocationId: location.pickup_location_id,
    consolidatedAddress: consolidatedAddress(location),
    mobileNumber: location.mobile_number,
    timings: pickupTimings(location),
    locationUrl: locationUrl(location),
  };
}

/**
 * The pickup details the checkout shows: the first location's view. More than one is not expected (spec §7),
 * so it is reported through `warn` and the first is used.
 */
export function toPickupDetails(
  pickupLocations: PickupLocation[],
  { warn = (message: string) => console.warn(message) }: { warn?: (message: string) => void } = {},
): PickupDetails {
  if (pickupLocations.length > 1) {
    warn(`${pickupLocations.length} pickup locations were returned; showing the first`);
  }
  const [first] = pickupLocations;
  return { pickupLocations, first: first ? toPickupView(first) : undefined };
}
