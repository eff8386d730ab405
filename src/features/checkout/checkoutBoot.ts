import { useIsRestoring } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { adBookingStore, hydrateAdBooking } from '@/state/adBooking';
import { cartStore } from '@/state/cart';
import {
  type CheckoutDraft,
  type CheckoutEstimateRecord,
  readCheckoutDraft,
  readCheckoutEstimate,
  readLastOrderId,
} from '@/storage/checkoutDraft';
import type { CheckoutSource } from './checkoutSource';

/*
 * What the checkout reads from the device before its machines start: apart from the machines, so the page can wait
 * for it while their code is still on its way.
 */

/** What the checkout needs from the device before its machine starts. */
export interface CheckoutBoot {
  draft: CheckoutDraft | null;
  storedOrderId: string | null;
  /** The last estimate this checkout received, shown as last known when it opens offline. */
  lastEstimate: CheckoutEstimateRecord | null;
}

/**
 * Reads the draft and the last order id, and waits for the stored cart and the query cache kept on the device (the
 * profile and the places an offline checkout runs on); null until all are in.
 */
export function useCheckoutBoot(source: CheckoutSource = 'cart'): CheckoutBoot | null {
  const { hydrated: cartHydrated } = useSnapshot(cartStore);
  const { hydrated: bookingHydrated } = useSnapshot(adBookingStore);
  const hydrated = cartHydrated && (source === 'cart' || bookingHydrated);
  useEffect(() => {
    if (source === 'adBooking') void hydrateAdBooking();
  }, [source]);
  const restoring = useIsRestoring();
  const [stored, setStored] = useState<CheckoutBoot | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all([
      readCheckoutDraft().catch(() => undefined),
      readLastOrderId().catch(() => null),
      readCheckoutEstimate().catch(() => undefined),
    ]).then(([draft, storedOrderId, lastEstimate]) => {
      if (live) setStored({ draft: draft ?? null, storedOrderId, lastEstimate: lastEstimate ?? null });
    });
    return () => {
      live = false;
    };
  }, []);
  return hydrated && !restoring ? stored : null;
}
