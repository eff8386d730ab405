import { type ReactNode, useDeferredValue, useEffect, useState } from 'react';
import { pageLoad } from '@/lib/pageLoad';
import { Skeleton } from '@/ui/Skeleton';
import '@/ui/visually-hidden.css';
import type { CheckoutTrack } from './analytics';
import type { CheckoutSource } from './checkoutSource';
import type { PaymentEnd } from './checkoutTypes';
import { resultHref } from './result/resultHref';
import type { CheckoutSummaryState } from './summary/types';
import type { CheckoutFeatures } from './useCheckout';
import './checkout-page.css';

/* What the checkout page's shell and its lazily loaded flow share: the props, the texts, the loading screen. */

export const OFFLINE_REASON = 'You are offline — the price will update when you are back online';
export const PAY_LABEL = 'Proceed to pay';

export interface CheckoutPageProps {
  /** The title strip's page title (spec §2: supplied by the caller). */
  title: string;
  summary: (state: CheckoutSummaryState) => ReactNode;
  totalBar: (state: CheckoutSummaryState) => ReactNode;
  /** The signed-in buyer (the route sends anyone else to sign in). */
  userId: string;
  /** "Choose Currency", when international payment is supported (the route decides, spec §2). */
  currencySwitch?: ReactNode;
  /** Whether buyers abroad are served: the form's country list holds more than India. */
  international?: boolean;
  presetCouponCode?: string | null;
  presetReferralCode?: string | null;
  track?: CheckoutTrack;
  features?: CheckoutFeatures;
  /** Where an empty checkout sends the buyer back to. */
  shopPath?: string;
  /** What is bought: the cart (default), or the ad booking (the cart is then left as it is). */
  source?: CheckoutSource;
  /** Shown with the reason an order could not be created (the ad booking's way back to its choices). */
  createErrorAction?: ReactNode;
  /** Where a payment ended (paid, failed, or still unsettled): the route goes to its result page. */
  onPaymentDone?: (end: PaymentEnd) => void;
}

/** The result page of a payment's end, the checkout's query string kept (spec §2). */
export function paymentEndHref(end: PaymentEnd, search: string): string {
  return end.kind === 'failure'
    ? resultHref('failure', 'order', end.orderId, search)
    : resultHref('success', 'order', end.orderId, search);
}

export const goToResult = (end: PaymentEnd) =>
  pageLoad.assign(paymentEndHref(end, typeof window === 'undefined' ? '' : window.location.search));

/** The loading screen: the layout of the page to come, so nothing moves when it arrives. */
export function CheckoutLoading() {
  return (
    <div className="checkout-page__grid" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading the checkout…
      </p>
      <div className="checkout-page__main">
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder fields
          <Skeleton key={index} className="checkout-page__skeleton-field" />
        ))}
      </div>
      <div className="checkout-page__side checkout-page__side--placeholder">
        <Skeleton className="checkout-page__skeleton-summary" />
      </div>
    </div>
  );
}

/**
 * What a chunk loaded on demand exports, null until it is in. Deferred: the render that mounts what it brings is a
 * transition React slices, never a Suspense retry that a store update on the way could turn into one blocking render.
 * A chunk that fails to load throws to the error boundary, as React.lazy does.
 */
export function useLoadedChunk<T>(load: () => Promise<T>): T | null {
  const [loaded, setLoaded] = useState<{ module: T } | { error: unknown } | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (module) => live && setLoaded({ module }),
      (error: unknown) => live && setLoaded({ error }),
    );
    return () => {
      live = false;
    };
  }, [load]);
  const deferred = useDeferredValue(loaded);
  if (deferred && 'error' in deferred) throw deferred.error;
  return deferred?.module ?? null;
}
