import { clear } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { kvStore, STORAGE_KEYS, storedValue } from '@/storage/kv';
import {
  adAssetsOf,
  adBookingDays,
  adBookingQuantity,
  adBookingSelectedPackages,
  adBookingStore,
  adEventOrderDetailsOf,
  chooseAdPackage,
  disposeAdBooking,
  flushAdBooking,
  hydrateAdBooking,
  isAdBookingComplete,
  setAdAsset,
  setAdDates,
  toggleAdDevice,
} from './adBooking';
import { MUMBAI } from './adBooking.test-helpers';

const TEMPLATE = { asset_url: '/images/ad-arena.svg', asset_template_image_config_id: 101, name: null };

describe('adBookingDays', () => {
  it('counts both ends of the range, and no days without one', () => {
    expect(adBookingDays({ range: { start: '2026-03-01', end: '2026-03-07' } })).toBe(7);
    expect(adBookingDays({ range: { start: '2026-03-01', end: '2026-03-01' } })).toBe(1);
    expect(adBookingDays({ range: null })).toBe(0);
  });
});

describe('the ad booking store', () => {
  beforeEach(async () => {
    disposeAdBooking();
    await clear(kvStore());
  });

  it('prices the ad product at the inclusive days times the devices', () => {
    chooseAdPackage(MUMBAI);
    toggleAdDevice('MUM-ARENA-BAY-1');
    toggleAdDevice('MUM-ARENA-BAY-2');
    setAdDates({ start: '2026-12-10', end: '2026-12-12' });
    const choice = adBookingStore.choice;
    expect(adBookingQuantity(choice ?? { range: null, deviceCodes: [] })).toBe(6);
    expect(adBookingSelectedPackages(choice)).toEqual([
      { packageId: 41, products: [{ productId: 410, quantity: 6 }] },
    ]);
  });

  it('asks nothing to be priced until devices and dates are chosen', () => {
    chooseAdPackage(MUMBAI);
    setAdDates({ start: '2026-12-10', end: '2026-12-10' });
    expect(adBookingSelectedPackages(adBookingStore.choice)).toEqual([]);
    expect(adEventOrderDetailsOf(adBookingStore.choice)).toBeNull();
  });

  it('sends whole days: the first day from 00:00:00, the last to 23:59:59', () => {
    chooseAdPackage(MUMBAI);
    toggleAdDevice('MUM-ARENA-BAY-2');
    setAdDates({ start: '2026-12-10', end: '2026-12-12' });
    expect(adEventOrderDetailsOf(adBookingStore.choice)).toEqual({
      ad_config_id: 7,
      venue: MUMBAI.venue,
      device_codes: ['MUM-ARENA-BAY-2'],
      datetime_range: { from_datetime: '2026-12-10 00:00:00', to_datetime: '2026-12-12 23:59:59' },
    });
  });

  it('is complete once a creative is chosen, which goes as asset_url and its template id', () => {
    chooseAdPackage(MUMBAI);
    toggleAdDevice('MUM-ARENA-BAY-1');
    setAdDates({ start: '2026-12-10', end: '2026-12-10' });
    expect(isAdBookingComplete(adBookingStore.choice)).toBe(false);
    setAdAsset(TEMPLATE);
    expect(isAdBookingComplete(adBookingStore.choice)).toBe(true);
    expect(adAssetsOf(adBookingStore.choice)).toEqual([
      { asset_url: '/images/ad-arena.svg', asset_template_image_config_id: 101 },
    ]);
  });

  it('a second press on a device takes it off; another venue starts afresh, the same one keeps the choices', () => {
    chooseAdPackage(MUMBAI);
    toggleAdDevice('MUM-ARENA-BAY-1');
    toggleAdDevice('MUM-ARENA-BAY-1');
    expect(adBookingStore.choice?.deviceCodes).toEqual([]);
    toggleAdDevice('MUM-ARENA-BAY-3');
    chooseAdPackage(MUMBAI);
    expect(adBookingStore.choice?.deviceCodes).toEqual(['MUM-ARENA-BAY-3']);
    chooseAdPackage({ ...MUMBAI, packageId: 42, packageCode: 'AD_BENGALURU_MALL' });
    expect(adBookingStore.choice?.deviceCodes).toEqual([]);
  });

  it('keeps the choices on the device across a reload, for 7 days', async () => {
    await hydrateAdBooking();
    chooseAdPackage(MUMBAI);
    toggleAdDevice('MUM-ARENA-BAY-1');
    setAdDates({ start: '2026-12-10', end: '2026-12-11' });
    setAdAsset(TEMPLATE);
    await flushAdBooking();
    disposeAdBooking();
    await hydrateAdBooking();
    expect(adBookingStore.choice).toMatchObject({
      packageCode: 'AD_MUMBAI_ARENA',
      deviceCodes: ['MUM-ARENA-BAY-1'],
      range: { start: '2026-12-10', end: '2026-12-11' },
      asset: TEMPLATE,
    });
    const record = storedValue(STORAGE_KEYS.adBooking, () =>
      import('./adBooking-schema').then((m) => m.adBookingChoiceSchema),
    );
    expect(await record.read(Date.now() + 6 * 86_400_000)).toBeDefined();
    expect(await record.read(Date.now() + 8 * 86_400_000)).toBeUndefined();
  });
});
