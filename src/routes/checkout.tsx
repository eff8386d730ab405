import { createFileRoute, Navigate, redirect, useNavigate, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useDeferredValue } from 'react';
import { useSnapshot } from 'valtio';
import { lazyTrack as track } from '@/features/analytics/lazyTrack';
import { useAuth } from '@/features/auth/AuthProvider';
import { hasSession, SIGN_IN_PATH } from '@/features/auth/guards';
import { CartLines } from '@/features/cart/CartLines';
import { CheckoutLoadingPage, CheckoutPage, paymentEndHref } from '@/features/checkout/CheckoutPage';
import { OrderSummary } from '@/features/checkout/summary/OrderSummary';
import { adBookingFigures } from '@/features/checkout/summary/summaryView';
import { TotalBar } from '@/features/checkout/summary/TotalBar';
import type { CheckoutSummaryState } from '@/features/checkout/summary/types';
import { CurrencySwitch } from '@/features/country/CurrencySwitch';
import { featureFlags } from '@/lib/featureFlags';
import { useServerPageAdopted } from '@/lib/serverPage';
import { pageTitle } from '@/lib/site';
import { adBookingDays, adBookingStore } from '@/state/adBooking';

/** The codes a link may carry (spec §1: codes taken from the page address). */
export interface CheckoutSearch {
  referral_code?: string;
  coupon_code?: string;
  /** 'ad': the checkout of the ad booking (its own store), not of the cart. */
  booking?: 'ad';
}

const CODE_MAX_LENGTH = 64;

function code(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  return text !== '' && text.length <= CODE_MAX_LENGTH ? text : undefined;
}

export function validateCheckoutSearch(search: Record<string, unknown>): CheckoutSearch {
  const referral = code(search.referral_code);
  const coupon = code(search.coupon_code);
  return {
    ...(referral ? { referral_code: referral } : {}),
    ...(coupon ? { coupon_code: coupon } : {}),
    ...(search.booking === 'ad' ? { booking: 'ad' as const } : {}),
  };
}

const TITLE = 'Checkout';

const features = {
  selfPickup: featureFlags.selfPickup,
  internationalUsers: featureFlags.internationalUsers,
  businessTandC: featureFlags.businessTandC,
};

export const Route = createFileRoute('/checkout')({
  validateSearch: validateCheckoutSearch,
  // The session lives in the browser's cookies: the server renders the loading page, the browser decides.
  beforeLoad: ({ location }) => {
    if (typeof document !== 'undefined' && !hasSession('main'))
      throw redirect({ to: SIGN_IN_PATH, search: { redirect: location.href }, replace: true });
  },
  head: () => ({ meta: [{ title: pageTitle(TITLE) }, { name: 'robots', content: 'noindex' }] }),
  component: CheckoutRoute,
});

// The checkout prices what was taken from the cart: its lines are shown read-only; changes belong in the cart.
const summary = (state: CheckoutSummaryState) => (
  <OrderSummary {...state} lines={<CartLines editable={false} />} />
);
const totalBar = (state: CheckoutSummaryState) => <TotalBar {...state} />;

// Only the ad booking's checkout shows the booking: its code stays off the cart checkout's first load.
const AdBookingLines = lazy(() =>
  import('@/features/ads/AdBookingLines').then((m) => ({ default: m.AdBookingLines })),
);
const ChangeAdBookingLink = lazy(() =>
  import('@/features/ads/AdBookingLines').then((m) => ({ default: m.ChangeAdBookingLink })),
);

/** The ad booking's summary: the booking in place of lines, and days × devices priced by the estimate. */
function AdBookingOrderSummary(state: CheckoutSummaryState) {
  const { choice } = useSnapshot(adBookingStore);
  const figures = choice?.range
    ? adBookingFigures(state.estimate, { days: adBookingDays(choice), devices: choice.deviceCodes.length })
    : null;
  return (
    <OrderSummary
      {...state}
      lines={
        <Suspense fallback={null}>
          <AdBookingLines />
        </Suspense>
      }
      adBooking={figures}
    />
  );
}
const adBookingSummary = (state: CheckoutSummaryState) => <AdBookingOrderSummary {...state} />;

function ChangeBooking() {
  const { choice } = useSnapshot(adBookingStore);
  return (
    <Suspense fallback={null}>
      <ChangeAdBookingLink packageCode={choice?.packageCode} />
    </Suspense>
  );
}

function CheckoutRoute() {
  const search = Route.useSearch();
  const href = Route.useMatch({ select: (match) => match.pathname });
  const auth = useAuth();
  const navigate = useNavigate();
  const searchStr = useRouterState({ select: (s) => s.location.searchStr });
  // The checkout is a big first render: done as a transition, React slices it instead of blocking input.
  const adopted = useDeferredValue(useServerPageAdopted(), false);
  const international = featureFlags.internationalPayments;
  const adBooking = search.booking === 'ad';
  if (!adopted) return <CheckoutLoadingPage title={TITLE} />;
  if (!auth.signedIn || !auth.userId) {
    const query = new URLSearchParams(search as Record<string, string>).toString();
    return <Navigate to={SIGN_IN_PATH} search={{ redirect: `${href}${query ? `?${query}` : ''}` }} replace />;
  }
  return (
    <CheckoutPage
      title={TITLE}
      userId={auth.userId}
      summary={adBooking ? adBookingSummary : summary}
      totalBar={totalBar}
      source={adBooking ? 'adBooking' : 'cart'}
      createErrorAction={adBooking ? <ChangeBooking /> : undefined}
      currencySwitch={international ? <CurrencySwitch enabled /> : null}
      international={international}
      presetCouponCode={search.coupon_code}
      presetReferralCode={search.referral_code}
      track={track}
      features={features}
      onPaymentDone={(end) => void navigate({ href: paymentEndHref(end, searchStr), replace: true })}
    />
  );
}
