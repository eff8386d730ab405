import type { PackageWithEstimate } from '@contract/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { notifyMeMutation } from '@/api/catalogueChecks';
import { type AvailabilityState, isOutOfStockState, leafState } from '../availability';
import {
  type PackageAvailabilityEvent,
  packageAvailabilityActors,
  packageAvailabilityMachine,
} from '../machine';
import { lastSaleText } from './lastSale';

/** What a package card shows of its machine. */
export interface CardView {
  state: AvailabilityState;
  lastSaleNote: string | null;
  error: unknown;
}

export type AvailabilitySend = (event: PackageAvailabilityEvent) => void;

export interface AvailabilityDriverProps {
  pkg: PackageWithEstimate;
  countryCode: string;
  pageCodes: readonly string[];
  listUpdatedAt: number;
  /** When the list the card was first rendered from was fetched: a later list is news to the machine. */
  firstListUpdate: number;
  /** The package as the server-rendered page's list read it: the machine starts from it instead of asking. */
  listed: PackageWithEstimate | undefined;
  onView: (view: CardView) => void;
  /** Where the card finds the machine's send. */
  sendRef: RefObject<AvailabilitySend | null>;
}

/**
 * Runs one card's package availability machine (spec §4) and reports what the card should show. Renders nothing:
 * the card stays mounted as it was painted while this module (and XState with it) loads.
 */
export default function AvailabilityDriver({
  pkg,
  countryCode,
  pageCodes,
  listUpdatedAt,
  firstListUpdate,
  listed,
  onView,
  sendRef,
}: AvailabilityDriverProps) {
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
  const actor = useActorRef(machine, {
    input: {
      packageId: pkg.package_id,
      packageCode: pkg.package_code,
      countryCode,
      pageCodes,
      ...(listed ? { listed } : {}),
    },
  });
  const state = useSelector(actor, (snapshot) =>
    leafState(snapshot.value as string | Record<string, unknown>),
  );
  const lastSale = useSelector(actor, (snapshot) => snapshot.context.lastSale);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const lastSaleNote = useMemo(() => (lastSale ? lastSaleText(lastSale) : null), [lastSale]);

  useEffect(() => onView({ state, lastSaleNote, error }), [onView, state, lastSaleNote, error]);
  useEffect(() => {
    sendRef.current = actor.send;
    return () => {
      sendRef.current = null;
    };
  }, [actor, sendRef]);

  // A refetched list (reconnect, currency switch, another card's estimate) that disagrees with this
  // machine about the stock makes it check again. Agreeing updates need nothing: the card shows the list.
  const seenUpdate = useRef(firstListUpdate);
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
      actor.send({ type: 'REFRESH' });
    }
  }, [listUpdatedAt, pkg.is_out_of_stock, state, actor]);

  return null;
}
