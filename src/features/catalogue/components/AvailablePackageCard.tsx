import type { Package, PackageWithEstimate } from '@contract/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { notifyMeMutation } from '@/api/commerce';
import { isAdoptingServerPage } from '@/lib/serverPage';
import {
  isOutOfStockState,
  leafState,
  packageAvailabilityActors,
  packageAvailabilityMachine,
} from '../machine';
import { PackageCard } from './PackageCard';

export interface AvailablePackageCardProps {
  /** The package as the page's list read it (prices and the package-level estimate). */
  pkg: PackageWithEstimate;
  countryCode: string;
  pageCodes: readonly string[];
  /** When the page's list was last fetched: a newer list may bring new stock or prices. */
  listUpdatedAt: number;
  eager?: boolean;
  headingLevel?: 2 | 3;
  onBuy: (pkg: Package, quantities?: Record<number, number>) => void;
}

/** A package card driven by its own package availability machine (spec §4). */
export function AvailablePackageCard({
  pkg,
  countryCode,
  pageCodes,
  listUpdatedAt,
  eager,
  headingLevel,
  onBuy,
}: AvailablePackageCardProps) {
  const queryClient = useQueryClient();
  // The machine's NOTIFY_ME call is a TanStack Query mutation (mutateAsync is stable for the card's life).
  const { mutateAsync: notifyMe } = useMutation(notifyMeMutation());
  const [machine] = useState(() =>
    packageAvailabilityMachine.provide({
      actors: {
        ...packageAvailabilityActors(queryClient),
        notifyMe: fromPromise(({ input }: { input: Parameters<typeof notifyMe>[0] }) => notifyMe(input)),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, {
    input: {
      packageId: pkg.package_id,
      packageCode: pkg.package_code,
      countryCode,
      pageCodes,
      // The card of a server-rendered page starts from the list it was rendered with, as the server did.
      ...(isAdoptingServerPage() ? { listed: pkg } : {}),
    },
  });
  const state = leafState(snapshot.value as string | Record<string, unknown>);

  // A refetched list (reconnect, currency switch, another card's estimate) that disagrees with this
  // machine about the stock makes it check again. Agreeing updates need nothing: the card shows the list.
  const seenUpdate = useRef(listUpdatedAt);
  useEffect(() => {
    if (seenUpdate.current === listUpdatedAt) return;
    if (
      state === 'fetchingPackageDetails' ||
      state === 'fetchingPriceEstimate' ||
      state === 'notifyMePending'
    ) {
      return;
    }
    seenUpdate.current = listUpdatedAt;
    if (state === 'fetchingPackageDetailsFailed' || isOutOfStockState(state) !== pkg.is_out_of_stock) {
      send({ type: 'REFRESH' });
    }
  }, [listUpdatedAt, pkg.is_out_of_stock, state, send]);

  // The machine's estimate is read through the same query as the page's list, so the list is never older.
  return (
    <PackageCard
      pkg={pkg}
      state={state}
      lastSale={snapshot.context.lastSale}
      error={snapshot.context.error}
      eager={eager ?? false}
      headingLevel={headingLevel ?? 2}
      onBuy={onBuy}
      onRetry={() => send({ type: 'RETRY' })}
      onNotifyMe={(contact) => send({ type: 'NOTIFY_ME', contact })}
    />
  );
}
