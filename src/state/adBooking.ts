import { adDayEnd, adDayStart } from '@contract/adDays';
import type { AdAsset, AdDateTimeRange } from '@contract/ads';
import { addDays, differenceInCalendarDays } from 'date-fns';
import { proxy, snapshot, subscribe } from 'valtio';
import type { SelectedPackage } from '@/api/priceEstimate';
import { STORAGE_KEYS, storedValue } from '@/storage/kv';
import type { AdBookingChoice } from './adBooking-schema';

export type { AdBookingChoice } from './adBooking-schema';

/*
 * The ad booking being chosen (spec §3 ad package: venue, devices, dates, creative), apart from the cart: an ad is
 * booked by days and devices, not put in a basket. Kept on the device for 7 days, so a reload, the sign-in round trip
 * or going offline loses nothing; the checkout for it reads it here, and a paid booking clears it.
 */

export const AD_BOOKING_STORAGE_DAYS = 7;

export interface AdBookingState {
  choice: AdBookingChoice | null;
  /** False until the stored booking has been read. */
  hydrated: boolean;
}

export const adBookingStore = proxy<AdBookingState>({ choice: null, hydrated: false });

const stored = (now: number) =>
  storedValue(
    STORAGE_KEYS.adBooking,
    () => import('./adBooking-schema').then((m) => m.adBookingChoiceSchema),
    { ttlMs: addDays(now, AD_BOOKING_STORAGE_DAYS).getTime() - now },
  );

/** What an ad package offers the booking: its ids, venue and its one ad product. */
export interface AdPackageRef {
  packageId: number;
  packageCode: string;
  productId: number;
  adConfigId: number;
  adName: string;
  venue: string;
}

function edit(change: (choice: AdBookingChoice) => Partial<AdBookingChoice>): void {
  const choice = adBookingStore.choice;
  if (!choice) return;
  Object.assign(choice, change(choice), { updatedAt: Date.now() });
}

/** Chooses the venue: another package starts its booking afresh, the same one keeps what was chosen. */
export function chooseAdPackage(ref: AdPackageRef): void {
  const current = adBookingStore.choice;
  if (current?.packageId === ref.packageId) return;
  adBookingStore.choice = {
    ...ref,
    deviceCodes: [],
    deviceNames: {},
    range: null,
    asset: null,
    updatedAt: Date.now(),
  };
}

export function toggleAdDevice(deviceCode: string, deviceName = deviceCode): void {
  edit(({ deviceCodes, deviceNames }) => ({
    deviceCodes: deviceCodes.includes(deviceCode)
      ? deviceCodes.filter((code) => code !== deviceCode)
      : [...deviceCodes, deviceCode],
    deviceNames: { ...deviceNames, [deviceCode]: deviceName },
  }));
}

export function setAdDates(range: { start: string; end: string } | null): void {
  edit(() => ({ range: range ? { start: range.start, end: range.end } : null }));
}

export function setAdAsset(asset: AdBookingChoice['asset']): void {
  edit(() => ({ asset: asset ? { ...asset } : null }));
}

/** When the booking was last cleared: a stored one older than that is not brought back by a later read. */
let clearedAt = 0;

/** Forgets the booking, on the device too (a result page clears it without having read it). */
export function clearAdBooking(): Promise<void> {
  adBookingStore.choice = null;
  clearedAt = Date.now();
  return stored(clearedAt).remove();
}

/** Days of the range, both ends counted; 0 without one. */
export function adBookingDays(choice: Pick<AdBookingChoice, 'range'>): number {
  const range = choice.range;
  // Both days are read alike (yyyy-MM-dd as UTC midnight), so their difference is whole days.
  return range ? Math.max(0, differenceInCalendarDays(range.end, range.start) + 1) : 0;
}

/** Spec §3: the ad product's quantity is the inclusive days times the devices. */
export function adBookingQuantity(choice: Pick<AdBookingChoice, 'range' | 'deviceCodes'>): number {
  return adBookingDays(choice) * choice.deviceCodes.length;
}

/** Whether everything an order needs is chosen: devices, dates and a creative. */
export function isAdBookingComplete(choice: AdBookingChoice | null): choice is AdBookingChoice {
  return choice !== null && adBookingQuantity(choice) > 0 && choice.asset !== null;
}

/** What the price estimate and the order are asked for: the ad product, days × devices of it. */
export function adBookingSelectedPackages(choice: AdBookingChoice | null): SelectedPackage[] {
  if (!choice) return [];
  const quantity = adBookingQuantity(choice);
  if (quantity <= 0) return [];
  return [{ packageId: choice.packageId, products: [{ productId: choice.productId, quantity }] }];
}

/** The first second of the first day to the last second of the last, as the wire carries them (the venue's days). */
export function adDateTimeRange(range: { start: string; end: string }): AdDateTimeRange {
  return { from_datetime: adDayStart(range.start), to_datetime: adDayEnd(range.end) };
}

/** Spec §3 ad_event_order_details of the order; null until devices and dates are chosen. */
export function adEventOrderDetailsOf(choice: AdBookingChoice | null) {
  if (!choice?.range || choice.deviceCodes.length === 0) return null;
  return {
    ad_config_id: choice.adConfigId,
    venue: choice.venue,
    device_codes: [...choice.deviceCodes],
    datetime_range: adDateTimeRange(choice.range),
  };
}

/** The creative as add_event_orders_details takes it. */
export function adAssetsOf(choice: AdBookingChoice | null): AdAsset[] | null {
  const asset = choice?.asset;
  if (!asset) return null;
  return [
    { asset_url: asset.asset_url, asset_template_image_config_id: asset.asset_template_image_config_id },
  ];
}

// ---- Persistence: read once, then every change written (a few small edits, no batching needed) ----

let hydration: Promise<void> | undefined;
let stopPersisting: (() => void) | undefined;

async function save(): Promise<void> {
  const { choice } = snapshot(adBookingStore);
  const now = Date.now();
  if (choice) await stored(now).write(choice as AdBookingChoice, now);
  else await stored(now).remove();
}

/** Reads the stored booking (a choice made before it finished wins) and from then on saves every change. */
export function hydrateAdBooking(): Promise<void> {
  hydration ??= (async () => {
    const kept = await stored(Date.now()).read();
    if (kept && kept.updatedAt > clearedAt && adBookingStore.choice === null) adBookingStore.choice = kept;
    adBookingStore.hydrated = true;
    let pending = false;
    stopPersisting = subscribe(adBookingStore, () => {
      if (pending) return;
      pending = true;
      queueMicrotask(() => {
        pending = false;
        void save();
      });
    });
  })();
  return hydration;
}

/** Writes the booking now (tests, a page about to leave). */
export function flushAdBooking(): Promise<void> {
  return save();
}

/** Forgets the in-memory booking and stops saving, so the next hydrateAdBooking() reads storage again. */
export function disposeAdBooking(): void {
  stopPersisting?.();
  stopPersisting = undefined;
  hydration = undefined;
  adBookingStore.choice = null;
  adBookingStore.hydrated = false;
}

import.meta.hot?.dispose(disposeAdBooking);
