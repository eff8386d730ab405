import type { DesignChoice } from '@contract/bat-design';
import type { Package, PackageWithEstimate } from '@contract/catalogue';
import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { isAdoptingServerPage } from '@/lib/serverPage';
import { startingState } from '../availability';
import type { AvailabilityDriverProps, AvailabilitySend, CardView } from './AvailabilityDriver';
import { PackageCard } from './PackageCard';

type Driver = ComponentType<AvailabilityDriverProps>;
let loadedDriver: Driver | undefined;
let loadingDriver: Promise<Driver> | undefined;

/** The machine's module, once for every card; a failed load may be tried again. */
function loadDriver(): Promise<Driver> {
  loadingDriver ??= import('./AvailabilityDriver').then(
    (module) => {
      loadedDriver = module.default;
      return module.default;
    },
    (error: unknown) => {
      loadingDriver = undefined;
      throw error;
    },
  );
  return loadingDriver;
}

function sameView(a: CardView, b: CardView): boolean {
  return a.state === b.state && a.lastSaleNote === b.lastSaleNote && a.error === b.error;
}

export interface AvailablePackageCardProps {
  /** The package as the page's list read it (prices and the package-level estimate). */
  pkg: PackageWithEstimate;
  countryCode: string;
  pageCodes: readonly string[];
  /** When the page's list was last fetched: a newer list may bring new stock or prices. */
  listUpdatedAt: number;
  eager?: boolean;
  headingLevel?: 2 | 3;
  onBuy: (pkg: Package, quantities?: Record<number, number>, designs?: Record<number, DesignChoice>) => void;
}

/**
 * A package card driven by its own package availability machine (spec §4). The card paints at once in the state
 * the machine starts in (a server-rendered page's card is ready to buy from its list); the machine and XState load
 * when there is something for it to do, and drive the card from then on.
 */
export function AvailablePackageCard({
  pkg,
  countryCode,
  pageCodes,
  listUpdatedAt,
  eager,
  headingLevel,
  onBuy,
}: AvailablePackageCardProps) {
  // The card of a server-rendered page starts from the list it was rendered with, as the server did.
  const [listed] = useState(() => (isAdoptingServerPage() ? pkg : undefined));
  const [view, setView] = useState<CardView>(() => ({
    state: startingState(listed),
    lastSaleNote: null,
    error: null,
  }));
  const onView = useCallback(
    (next: CardView) => setView((shown) => (sameView(shown, next) ? shown : next)),
    [],
  );
  const [Driver, setDriver] = useState(() => loadedDriver);
  const send = useRef<AvailabilitySend | null>(null);

  const load = useCallback(() => {
    loadDriver().then(
      (driver) => setDriver(() => driver),
      // A card that cannot get its machine (offline, a chunk gone after an update) offers to try again.
      (error: unknown) =>
        setView((shown) =>
          shown.state === 'fetchingPackageDetails'
            ? { state: 'fetchingPackageDetailsFailed', lastSaleNote: null, error }
            : shown,
        ),
    );
  }, []);
  // A card ready to buy from the server's list has nothing for its machine to do until the list changes: the machine
  // (and XState) load then, or at once for a card that must ask the server (out of stock, or not from the list).
  const [firstListUpdate] = useState(listUpdatedAt);
  const machineNeeded = view.state !== 'readyToPurchase' || listUpdatedAt !== firstListUpdate;
  useEffect(() => {
    if (machineNeeded && !loadedDriver) load();
  }, [machineNeeded, load]);

  const retry = useCallback(() => {
    if (send.current) return send.current({ type: 'RETRY' });
    setView({ state: startingState(listed), lastSaleNote: null, error: null });
    load();
  }, [listed, load]);

  return (
    <>
      {Driver ? (
        <Driver
          pkg={pkg}
          countryCode={countryCode}
          pageCodes={pageCodes}
          listUpdatedAt={listUpdatedAt}
          firstListUpdate={firstListUpdate}
          listed={listed}
          onView={onView}
          sendRef={send}
        />
      ) : null}
      <PackageCard
        pkg={pkg}
        state={view.state}
        lastSaleNote={view.lastSaleNote}
        error={view.error}
        eager={eager ?? false}
        headingLevel={headingLevel ?? 2}
        onBuy={onBuy}
        onRetry={retry}
        onNotifyMe={(contact) => send.current?.({ type: 'NOTIFY_ME', contact })}
      />
    </>
  );
}
