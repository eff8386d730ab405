import type { PackageWithEstimate } from '@contract/catalogue';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { slotDetailsQuery, slotsForPackageQuery, uploadAdAsset } from '@/api/ads';
import { packagesByCodesQuery } from '@/api/commerce';
import { useIsOnline } from '@/api/online';
import { type PriceView, priceEstimateQuery, toPriceView } from '@/api/priceEstimate';
import { AD_PACKAGE_CODES } from '@/lib/adPackages';
import {
  type AdBookingChoice,
  adBookingSelectedPackages,
  adBookingStore,
  adDateTimeRange,
  chooseAdPackage,
  hydrateAdBooking,
  isAdBookingComplete,
  setAdAsset,
  setAdDates,
  toggleAdDevice,
} from '@/state/adBooking';
import { cartEstimateFeatures } from '@/state/cartSelection';
import type { UploadFile } from '@/ui/form/FileField';
import { type DeviceAvailability, deviceAvailability, takenDaysByDevice, takenOnAny } from './adBookingView';

/* The booking page's logic: the catalogue's ad packages, the chosen package's slots, the store's choices, the price. */

export interface AdDeviceView {
  code: string;
  name: string;
  chosen: boolean;
  availability: DeviceAvailability;
}

/** The ad product of an ad package: the package's one product (quantity = days × devices). */
function refOf(pkg: PackageWithEstimate) {
  const product = pkg.products[0];
  const ad = pkg.ad_details;
  if (!product || !ad) return null;
  return {
    packageId: pkg.package_id,
    packageCode: pkg.package_code,
    productId: product.product_id,
    adConfigId: ad.ad_config_id,
    adName: ad.ad_name,
    venue: ad.venue,
  };
}

export const uploadCreative: UploadFile = async (file, options) => ({
  key: (await uploadAdAsset(file, options)).asset_url,
});

export function useAdBooking({ packageCode, countryCode }: { packageCode?: string; countryCode: string }) {
  const online = useIsOnline();
  const { choice: stored, hydrated } = useSnapshot(adBookingStore);
  const choice = stored as AdBookingChoice | null;
  useEffect(() => void hydrateAdBooking(), []);

  const catalogue = useQuery(packagesByCodesQuery(AD_PACKAGE_CODES, countryCode));
  const packages = useMemo(
    () => (catalogue.data?.packages ?? []).filter((p) => p.package_type === 'ad' && p.ad_details),
    [catalogue.data],
  );
  const wanted = packageCode ?? choice?.packageCode;
  const pkg = packages.find((p) => p.package_code === wanted) ?? null;

  // The package in the page address is the one being booked; the same one keeps what was chosen.
  useEffect(() => {
    if (!hydrated || !pkg) return;
    const ref = refOf(pkg);
    if (ref) chooseAdPackage(ref);
  }, [hydrated, pkg]);

  const current = choice && pkg && choice.packageId === pkg.package_id ? choice : null;
  const slots = useQuery({ ...slotsForPackageQuery(pkg?.package_id ?? 0), enabled: pkg !== null });
  const taken = useMemo(() => (slots.data ? takenDaysByDevice(slots.data) : null), [slots.data]);
  const deviceCodes = current?.deviceCodes ?? [];
  const range = current?.range ?? null;

  const detailsRequest =
    current && range && deviceCodes.length > 0
      ? {
          ad_config_id: current.adConfigId,
          device_codes: [...deviceCodes],
          datetime_range: adDateTimeRange(range),
        }
      : null;
  const details = useQuery(slotDetailsQuery(detailsRequest));
  const detailsData = detailsRequest ? details.data : undefined;

  const devices: AdDeviceView[] = (slots.data?.devices ?? []).map((device) => ({
    code: device.device_code,
    name: device.device_name,
    chosen: deviceCodes.includes(device.device_code),
    availability: deviceAvailability(device.device_code, range, taken, detailsData),
  }));
  const blocked = useMemo(
    () => (taken ? takenOnAny(taken, deviceCodes) : new Set<string>()),
    [taken, deviceCodes],
  );

  const selected = adBookingSelectedPackages(current);
  const estimate = useQuery({
    ...priceEstimateQuery(
      { packages: selected, countryName: countryCode },
      { ...cartEstimateFeatures, enabled: online && selected.length > 0 },
    ),
    placeholderData: keepPreviousData,
    select: toPriceView,
  });
  const price: PriceView | null = selected.length > 0 ? (estimate.data ?? null) : null;
  const clash = detailsData !== undefined && !detailsData.available;
  const canContinue =
    isAdBookingComplete(current) && detailsData?.available === true && price !== null && !estimate.isFetching;

  return {
    online,
    hydrated,
    catalogue,
    packages,
    pkg,
    choice: current,
    slots,
    devices,
    isDateDisabled: (day: string) => blocked.has(day),
    details: { checking: detailsRequest !== null && details.isFetching, clash, error: details.isError },
    estimate: {
      price,
      loading: estimate.isFetching,
      error: estimate.isError,
      refetch: () => void estimate.refetch(),
    },
    canContinue,
    toggleDevice: toggleAdDevice,
    setDates: setAdDates,
    setAsset: setAdAsset,
  };
}

export type AdBookingController = ReturnType<typeof useAdBooking>;
