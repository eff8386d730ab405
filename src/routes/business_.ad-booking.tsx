import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AdBookingPage } from '@/features/ads/AdBookingPage';
import { useAuth } from '@/features/auth/AuthProvider';
import { SIGN_IN_PATH } from '@/features/auth/guards';
import { AdBookingSummary } from '@/features/checkout/summary/AdBookingSummary';
import { adBookingFigures } from '@/features/checkout/summary/summaryView';
import { adBookingDays } from '@/state/adBooking';
import { useCountry } from '@/state/country';
import { loadAdBookingPage } from './-ad-booking-loader';

/** ?package= names the venue's ad package; anything else is dropped. */
export interface AdBookingSearch {
  package?: string;
}

export function validateAdBookingSearch(search: Record<string, unknown>): AdBookingSearch {
  const code = typeof search.package === 'string' ? search.package.trim() : '';
  return /^[A-Z0-9_]{1,64}$/.test(code) ? { package: code } : {};
}

export const Route = createFileRoute('/business_/ad-booking')({
  validateSearch: validateAdBookingSearch,
  // The page's head comes with its loader, split from the first load with the page.
  codeSplitGroupings: [['loader', 'component']],
  head: ({ loaderData }) => loaderData ?? {},
  loader: ({ context }) => loadAdBookingPage(context),
  component: AdBookingRoute,
});

function AdBookingRoute() {
  const search = Route.useSearch();
  const { countryCode } = useCountry();
  const auth = useAuth();
  const navigate = useNavigate();
  const here = `/business/ad-booking${search.package ? `?package=${search.package}` : ''}`;
  return (
    <AdBookingPage
      packageCode={search.package}
      countryCode={countryCode}
      signedIn={auth.signedIn}
      signInHref={`${SIGN_IN_PATH}?redirect=${encodeURIComponent(here)}`}
      summary={(price, choice) => (
        <AdBookingSummary
          {...adBookingFigures(price, { days: adBookingDays(choice), devices: choice.deviceCodes.length })}
          currency={price.currency}
        />
      )}
      onChoosePackage={(code) =>
        void navigate({ to: '/business/ad-booking', search: { package: code }, replace: true })
      }
      onContinue={() => void navigate({ to: '/checkout', search: { booking: 'ad' } })}
    />
  );
}
