import type { DesignChoice } from '@contract/bat-design';
import type { Package } from '@contract/catalogue';
import type { Currency } from '@contract/money';
import { useIsRestoring, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, memo, type ReactNode, Suspense, useDeferredValue, useId, useMemo } from 'react';
import {
  type AvailablePackages,
  availabilityConfigQuery,
  lastKnownPackages,
  packagesByCodesQuery,
} from '@/api/commerce';
import { isApiError } from '@/api/errors';
import { useIsOnline } from '@/api/online';
import { countryName } from '@/lib/countries';
import { formatDayTime } from '@/lib/dates';
import { ErrorView } from '@/ui/ErrorView';
import { AvailablePackageCard } from './components/AvailablePackageCard';
import { HowItWorksBanner } from './components/HowItWorks';
import { PackageCardSkeleton } from './components/PackageCardSkeleton';
import { PRODUCT_LINE_CODES, type ProductPageConfig } from './productTypes';
import './ProductPage.css';

// Below the packages and not needed for the first paint: it loads with the app, its room kept meanwhile.
const DeliveryCheck = lazy(() =>
  import('./components/DeliveryCheck').then((module) => ({ default: module.DeliveryCheck })),
);

export interface ProductPageProps {
  /** What the page sells and its heading (a product route's config, or a section another page composes). */
  config: Pick<ProductPageConfig, 'packageCodes' | 'heading' | 'lede'>;
  /** The buyer's country (prices are for it) and its currency, from the country store. */
  countryCode: string;
  currency: Currency;
  /** Adds the package (a customizable one with its chosen quantities and designs by product_id) to the cart. */
  onBuy: (pkg: Package, quantities?: Record<number, number>, designs?: Record<number, DesignChoice>) => void;
  /** The "Choose Currency" switch, shown where international payment is supported. */
  currencySwitch?: ReactNode;
  /**
   * 'page': the page's own h1 (product routes). 'section': a section of a page that has its h1 already
   * (the home page), with an h2.
   */
  variant?: 'page' | 'section';
  /** The how-it-works banner under the packages (the home page places it in its own section). */
  showHowItWorks?: boolean;
  /** Spec §9's availability check by pin code: "Check delivery" under the packages. */
  deliveryCheck?: boolean;
}

/** "Prices as of 14:05" today, "Prices as of 3 November 2026, 14:05" before. */
export function pricesAsOf(updatedAt: number): string {
  return `Prices as of ${formatDayTime(updatedAt, Date.now())}`;
}

interface PackageCardsProps {
  packages: AvailablePackages['packages'];
  countryCode: string;
  pageCodes: readonly string[];
  listUpdatedAt: number;
  headingLevel: 2 | 3;
  onBuy: ProductPageProps['onBuy'];
}

/** The page's package cards, each with its availability machine. Memoized: it renders only for a new list. */
const PackageCards = memo(function PackageCards({
  packages,
  countryCode,
  pageCodes,
  listUpdatedAt,
  headingLevel,
  onBuy,
}: PackageCardsProps) {
  return (
    <ul className="catalogue-page__cards">
      {packages.map((pkg, index) => (
        // The country is part of the key: a new currency starts a fresh availability check.
        <li key={`${pkg.package_code}:${countryCode}`}>
          <AvailablePackageCard
            pkg={pkg}
            countryCode={countryCode}
            pageCodes={pageCodes}
            listUpdatedAt={listUpdatedAt}
            eager={index === 0}
            headingLevel={headingLevel}
            onBuy={onBuy}
          />
        </li>
      ))}
    </ul>
  );
});

/** One product page (spec §2): the packages of the path's product type, each with its own availability. */
export function ProductPage({
  config,
  countryCode,
  currency,
  onBuy,
  currencySwitch,
  variant = 'page',
  showHowItWorks = true,
  deliveryCheck = false,
}: ProductPageProps) {
  const headingId = useId();
  const online = useIsOnline();
  const codes = config.packageCodes;
  const list = useQuery(packagesByCodesQuery(codes, countryCode));
  // The whole product line is kept on the device (persisted with the catalogue) for the pages not visited yet; it
  // never re-renders this page.
  useQuery({ ...packagesByCodesQuery(PRODUCT_LINE_CODES, countryCode), notifyOnChangeProps: [] });
  const queryClient = useQueryClient();
  const restoring = useIsRestoring();
  const ownData = list.data !== undefined;
  // Offline (or when the page's own list failed) with nothing of its own: the last known packages of another kept
  // list, looked up again when the kept cache comes back or the page's own query moves on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: restoring and the query's status say when to look again
  const kept = useMemo(
    () =>
      !ownData && (!online || list.isError) ? lastKnownPackages(queryClient, codes, countryCode) : undefined,
    [queryClient, codes, countryCode, online, ownData, list.isError, list.fetchStatus, restoring],
  );
  // A new list is rendered as a deferred update: React builds the cards (and starts their machines) in slices that
  // give way to input, instead of in one long task as a query's update would. The country travels with its list,
  // so the cards on screen always show the prices of the country they were fetched for.
  const shown = useDeferredValue(
    useMemo(
      () => ({
        data: list.data ?? kept?.data,
        updatedAt: list.data ? list.dataUpdatedAt : (kept?.updatedAt ?? 0),
        countryCode,
      }),
      [list.data, list.dataUpdatedAt, kept?.data, kept?.updatedAt, countryCode],
    ),
  );
  const packages = shown.data?.packages ?? [];
  const missing = shown.data ? codes.filter((c) => !packages.some((p) => p.package_code === c)) : [];
  const availability = useQuery({ ...availabilityConfigQuery(), enabled: missing.length > 0 });
  const elsewhere = [
    ...new Set(
      (availability.data?.packages ?? [])
        .filter((p) => missing.includes(p.package_code))
        .flatMap((p) => p.available_in),
    ),
  ];
  const Heading = variant === 'page' ? 'h1' : 'h2';
  const cardHeading = variant === 'page' ? 2 : 3;
  // Data from the persisted cache (or a failed refresh) while offline: say how old the prices are.
  const stale = shown.data !== undefined && (!online || list.isError);
  const offlineWithNothing =
    kept === undefined &&
    list.data === undefined &&
    (!online || (list.isPending && list.fetchStatus === 'paused'));

  let body: ReactNode;
  if (shown.data) {
    body = (
      <PackageCards
        packages={packages}
        countryCode={shown.countryCode}
        pageCodes={codes}
        listUpdatedAt={shown.updatedAt}
        headingLevel={cardHeading}
        onBuy={onBuy}
      />
    );
  } else if (kept) {
    // The kept list is on its way through the deferred value: the cards follow in a moment.
    body = null;
  } else if (!offlineWithNothing && !list.isError) {
    body = (
      <ul className="catalogue-page__cards" aria-busy="true" aria-label="Loading the packages">
        {codes.map((code) => (
          <li key={code}>
            <PackageCardSkeleton />
          </li>
        ))}
      </ul>
    );
  } else {
    const error = list.error;
    body = (
      <ErrorView
        headingLevel={variant === 'page' ? 2 : 3}
        {...(offlineWithNothing
          ? {
              title: 'Not available offline yet',
              message:
                'The prices of this page are not saved on this device. They will show when you are back online.',
            }
          : isApiError(error)
            ? { title: error.title, message: error.description }
            : {})}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }

  return (
    <section className={`catalogue-page catalogue-page--${variant}`} aria-labelledby={headingId}>
      <header className="catalogue-page__header">
        <div>
          <Heading id={headingId} className="catalogue-page__title">
            {config.heading}
          </Heading>
          <p className="catalogue-page__lede">{config.lede}</p>
        </div>
        {currencySwitch ? (
          <div className="catalogue-page__currency">{currencySwitch}</div>
        ) : (
          <p className="catalogue-page__currency-note">Prices in {currency}</p>
        )}
      </header>

      {stale && (
        <p className="catalogue-page__stale" role="status">
          <strong>Last known price.</strong> {pricesAsOf(shown.updatedAt)} — they will update when you are
          back online.
        </p>
      )}

      {body}

      {deliveryCheck && (
        <div className="catalogue-page__delivery">
          <Suspense fallback={null}>
            <DeliveryCheck />
          </Suspense>
        </div>
      )}

      {missing.length > 0 && shown.data && (
        <p className="catalogue-page__elsewhere" role="note">
          {packages.length === 0 ? 'These packages are' : 'Some packages of this page are'} not sold in{' '}
          {countryName(shown.countryCode)}.
          {elsewhere.length > 0 && (
            <>
              {' '}
              <span className="catalogue-card__badge">Currently available in</span>{' '}
              {elsewhere.map(countryName).join(', ')}
            </>
          )}
        </p>
      )}

      {showHowItWorks && <HowItWorksBanner />}
    </section>
  );
}
