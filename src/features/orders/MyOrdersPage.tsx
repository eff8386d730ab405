import { PACKAGE_CODES } from '@contract/constants';
import type { UserBusinessLicence } from '@contract/licences';
import { toMinor } from '@contract/money';
import type { Order } from '@contract/orders';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useIsOnline } from '@/api/online';
import { formatDayTime, formatLongDate, formatTime } from '@/lib/dates';
import { orderTaxLines } from '@/lib/gst';
import { Button } from '@/ui/Button';
import { ErrorView } from '@/ui/ErrorView';
import { Money } from '@/ui/Money';
import { NotifyMeButton } from '@/ui/NotifyMeButton';
import { Skeleton } from '@/ui/Skeleton';
import { TaxRows } from '@/ui/TaxRows';
import { readStoredOrderId } from './lastOrderProbe';
import { licencesQuery, myOrdersQuery } from './queries';
import { newestFirst, ORDER_STATUS_WORDS, orderStatusExplanation, purchasedLines } from './view';
import '@/ui/Button.css';
import '@/ui/visually-hidden.css';
import './orders.css';

import { MY_ORDERS_TITLE } from './title';

export { MY_ORDERS_TITLE };

// Few orders are ad bookings: their details (and the date formatting) load only when one is shown.
const AdBookingDetails = lazy(() =>
  import('./AdBookingDetails').then((m) => ({ default: m.AdBookingDetails })),
);

export interface MyOrdersPageProps {
  userId: string;
  /** Spec §2: the page states that international users are enabled (FEATURE_INTERNATIONAL_USERS). */
  internationalUsers: boolean;
  /** The buyer's zone for dates (default: the zone the app sends as x-tz). */
  timeZone?: string;
  /** Now, for "last synced" (tests pass a fixed one). */
  now?: () => number;
}

/** The signed-in buyer's orders, newest first; readable offline from the last sync, marked as such. */
export function MyOrdersPage({ userId, internationalUsers, timeZone, now = Date.now }: MyOrdersPageProps) {
  const query = useQuery(myOrdersQuery(userId));
  const online = useIsOnline();
  const orders = query.data ? newestFirst(query.data) : null;
  const licences = useQuery(licencesQuery(userId, (orders ?? []).some(holdsPaidLicence))).data ?? [];
  const [watchedOrderId, setWatchedOrderId] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    void readStoredOrderId().then((id) => alive && setWatchedOrderId(id));
    return () => {
      alive = false;
    };
  }, []);
  // Data from an earlier visit, not (yet) confirmed by the server: offline, or the refresh failed.
  const showingSaved = orders !== null && (!online || query.isError);

  return (
    <section className="my-orders" aria-labelledby="my-orders-title" aria-busy={query.isFetching}>
      <h1 id="my-orders-title" className="my-orders__title">
        {MY_ORDERS_TITLE}
      </h1>
      {internationalUsers && (
        <p className="my-orders__intro">
          International users are enabled: buyers outside India can order here and pay in USD.
        </p>
      )}
      {showingSaved && (
        <div className="my-orders__saved" role="note">
          <p>
            <strong>{online ? 'Could not refresh.' : 'You are offline.'}</strong> Showing your orders as last
            synced {formatDayTime(query.dataUpdatedAt, now(), timeZone)}.
          </p>
          {online && (
            <Button
              variant="secondary"
              size="s"
              loading={query.isFetching}
              onClick={() => void query.refetch()}
            >
              Retry
            </Button>
          )}
        </div>
      )}
      {orders === null ? (
        query.isError ? (
          <ErrorView
            title="We could not load your orders"
            message={
              online
                ? 'Please try again.'
                : 'You are offline and no saved copy is on this device. Try again once you are connected.'
            }
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <OrdersLoading />
        )
      ) : orders.length === 0 ? (
        <div className="my-orders__empty">
          <h2>No orders yet</h2>
          <p>When you buy the kit, the game or a bat, your orders and game keys appear here.</p>
          <Link to="/" className="ui-button" data-variant="primary" data-size="m">
            Browse the shop
          </Link>
        </div>
      ) : (
        <ol className="my-orders__list">
          {orders.map((order) => (
            <li key={order.order_id}>
              <OrderCard
                order={order}
                timeZone={timeZone}
                watched={order.order_id === watchedOrderId}
                licences={licences.filter((l) => l.order_id === order.order_id)}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

// The device forms (and their form library) load only for a buyer who holds a licence.
const LicenceDevices = lazy(() => import('./LicenceDevices').then((m) => ({ default: m.LicenceDevices })));

const LICENCE_PACKAGES: readonly string[] = [PACKAGE_CODES.businessLicence, PACKAGE_CODES.businessKit];
const holdsPaidLicence = (order: Order) =>
  order.order_status === 'SUCCESS' && order.packages.some((p) => LICENCE_PACKAGES.includes(p.package_code));

function OrdersLoading() {
  return (
    <div className="my-orders__loading">
      <p className="visually-hidden">Loading your orders…</p>
      <Skeleton className="my-orders__skeleton" />
      <Skeleton className="my-orders__skeleton" />
    </div>
  );
}

export function OrderCard({
  order,
  timeZone,
  watched = false,
  licences = [],
}: {
  order: Order;
  timeZone?: string;
  watched?: boolean;
  /** The order's business licences, one per pin, with their devices. */
  licences?: readonly UserBusinessLicence[];
}) {
  const titleId = useId();
  const lines = purchasedLines(order);
  const explanation = orderStatusExplanation(order);
  return (
    <article className="order-card" aria-labelledby={titleId}>
      <header className="order-card__header">
        <h2 id={titleId} className="order-card__title">
          Order {order.customer_order_id}
        </h2>
        <p className={`order-card__status order-card__status--${order.order_status.toLowerCase()}`}>
          {ORDER_STATUS_WORDS[order.order_status]}
        </p>
        {explanation && <p className="order-card__explanation">{explanation}</p>}
        <p className="order-card__date">
          Placed on{' '}
          <time dateTime={order.creation_datetime}>
            {formatLongDate(order.creation_datetime, timeZone)},{' '}
            {formatTime(order.creation_datetime, timeZone)}
          </time>
        </p>
      </header>
      <ul className="order-card__lines" aria-label="Products">
        {lines.map((line) => (
          <li key={line.key} className="order-line">
            <img
              className="order-line__picture"
              src={line.picUrl}
              alt=""
              width={72}
              height={72}
              loading="lazy"
              decoding="async"
            />
            <div className="order-line__text">
              <p className="order-line__name">{line.name}</p>
              {line.design && <p className="order-line__design">Your design: {line.design}</p>}
              <p className="order-line__quantity">Quantity: {line.quantity}</p>
              {line.description && <p className="order-line__description">{line.description}</p>}
            </div>
          </li>
        ))}
      </ul>
      {order.ad_booking && (
        <Suspense fallback={<Skeleton variant="text" lines={4} />}>
          <AdBookingDetails booking={order.ad_booking} />
        </Suspense>
      )}
      <p className="order-card__total">
        <span>Total</span>
        <Money minor={toMinor(order.total_amount, order.currency)} currency={order.currency} />
      </p>
      <dl className="order-card__tax">
        <TaxRows lines={orderTaxLines(order)} currency={order.currency} />
      </dl>
      {order.game_keys.length > 0 && (
        <div className="order-card__keys">
          <h3>{order.game_keys.length === 1 ? 'Your game key' : 'Your game keys'}</h3>
          <ul>
            {order.game_keys.map((key) => (
              <li key={key}>
                <GameKey value={key} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {order.game_keys.length === 0 &&
        order.order_status === 'SUCCESS' &&
        order.order_game_keys_status.is_game_keys_required && (
          <p className="order-card__note">Your game key is being assigned and will appear here.</p>
        )}
      {licences.length > 0 && (
        <Suspense fallback={<Skeleton className="my-orders__skeleton" />}>
          <LicenceDevices licences={licences} />
        </Suspense>
      )}
      {/* Only the order this device watches (the last one) can be announced. */}
      {watched && order.order_status === 'PENDING' && (
        <div className="order-card__notify">
          <NotifyMeButton />
        </div>
      )}
    </article>
  );
}

type CopyState = 'idle' | 'copied' | 'failed';

function GameKey({ value }: { value: string }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  return (
    <div className="game-key">
      <code className="game-key__value">{value}</code>
      <Button
        variant="secondary"
        size="s"
        aria-label={`Copy game key ${value}`}
        onClick={() => {
          const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
          if (!clipboard) {
            setCopy('failed');
            return;
          }
          clipboard.writeText(value).then(
            () => setCopy('copied'),
            () => setCopy('failed'),
          );
        }}
      >
        Copy
      </Button>
      <span className="game-key__status" role="status" aria-live="polite">
        {copy === 'copied' ? 'Copied' : copy === 'failed' ? 'Could not copy: select the key to copy it' : ''}
      </span>
    </div>
  );
}
