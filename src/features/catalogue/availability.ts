import type { PackageWithEstimate } from '@contract/catalogue';

/*
 * The package availability machine's states as a card renders them. XState-free: a card paints (on the server and
 * in the first client render) in the state the machine will start in, before the machine has loaded.
 */

/** Leaf state names of the machine. */
export type AvailabilityState =
  | 'fetchingPackageDetails'
  | 'fetchingPackageDetailsFailed'
  | 'fetchingLastSale'
  | 'fetchingLastSaleFailure'
  | 'notifyMe'
  | 'notifyMePending'
  | 'notifyMeSuccess'
  | 'notifyMeFailure'
  | 'fetchingPriceEstimate'
  | 'fetchingPriceEstimateFailed'
  | 'readyToPurchase';

/** 'fetchingPackageDetails' or { packagesInStock: 'readyToPurchase' } → the leaf name. */
export function leafState(value: string | Record<string, unknown>): AvailabilityState {
  let v: unknown = value;
  while (typeof v === 'object' && v !== null) v = Object.values(v)[0];
  return v as AvailabilityState;
}

export function isOutOfStockState(state: AvailabilityState): boolean {
  return (
    state === 'fetchingLastSale' ||
    state === 'fetchingLastSaleFailure' ||
    state === 'notifyMe' ||
    state === 'notifyMePending' ||
    state === 'notifyMeSuccess' ||
    state === 'notifyMeFailure'
  );
}

/** The leaf state the machine starts in: from the list the page was rendered with, or asking the server. */
export function startingState(listed: PackageWithEstimate | undefined): AvailabilityState {
  if (!listed) return 'fetchingPackageDetails';
  return listed.is_out_of_stock ? 'fetchingLastSale' : 'readyToPurchase';
}
