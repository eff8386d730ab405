import type { PayoutStatus } from '@contract/associates';
import { type Currency, isCurrency, toMinor } from '@contract/money';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { activitySummaryQuery, associationsDetailsQuery, referralsAggregateQuery } from '@/api/associates';
import { isApiError } from '@/api/errors';
import { formatLongDate } from '@/lib/dates';
import { ErrorView } from '@/ui/ErrorView';
import { Money } from '@/ui/Money';
import { Skeleton } from '@/ui/Skeleton';
import './associates.css';
import { ShareReferralLink } from './ShareReferralLink';

import { MY_AFFILIATE_TITLE } from './title';

/** Spec §4's statuses in words a person reads. */
const STATUS_TEXT: Record<PayoutStatus, string> = {
  VERIFIED: 'Verified',
  PENDING: 'Pending',
  SUBMITTED: 'Submitted, waiting to be checked',
  VERIFICATION_FAILED: 'Verification failed',
  PAYMENT_VERIFICATION_DONE: 'Payment details verified',
  PAYMENT_VERIFICATION_FAILED: 'Payment details could not be verified',
  PAYMENT_VERIFICATION_IN_PROGRESS: 'Payment details being verified',
  SUCCESS: 'Paid',
  'IN PROCESS': 'In process',
  FAILED: 'Failed',
};

function Amount({ amount, currency }: { amount: number; currency: string }) {
  if (!isCurrency(currency)) return <>{`${amount} ${currency}`}</>;
  return <Money minor={toMinor(amount, currency as Currency)} currency={currency as Currency} />;
}

/** The signed-in associate's own page: their code, its views, the orders it brought and their statuses. */
export function MyAffiliatePage({ userId }: { userId: string }) {
  const details = useQuery(associationsDetailsQuery(userId));
  const aggregate = useQuery({ ...referralsAggregateQuery(userId), enabled: details.isSuccess });
  const activity = useQuery({ ...activitySummaryQuery(userId), enabled: details.isSuccess });

  if (details.isPending) {
    return (
      <section className="affiliate-page" aria-busy="true">
        <h1 className="affiliate-page__title">{MY_AFFILIATE_TITLE}</h1>
        <Skeleton lines={4} variant="text" />
      </section>
    );
  }
  if (details.isError) {
    if (isApiError(details.error) && details.error.httpStatusCode === 404) {
      return (
        <section className="affiliate-page">
          <h1 className="affiliate-page__title">{MY_AFFILIATE_TITLE}</h1>
          <p>You are not an affiliate yet.</p>
          <Link to="/form/affiliate-registration" className="ui-button" data-variant="primary" data-size="l">
            Become an affiliate
          </Link>
        </section>
      );
    }
    return (
      <ErrorView headingLevel={1} onRetry={() => void details.refetch()} retrying={details.isFetching} />
    );
  }

  const associate = details.data;
  const figures = aggregate.data;
  return (
    <section className="affiliate-page" aria-labelledby="affiliate-page-title">
      <h1 id="affiliate-page-title" className="affiliate-page__title">
        {MY_AFFILIATE_TITLE}
      </h1>
      <div>
        <h2>Your referral code</h2>
        <p className="affiliate-page__code">{associate.associate_code}</p>
        <p>Buyers who use it at checkout get a discount, and each order counts for you.</p>
        <ShareReferralLink code={associate.associate_code} />
      </div>
      <dl className="affiliate-page__figures">
        <div className="affiliate-page__figure">
          <dt>Verification</dt>
          <dd>{STATUS_TEXT[associate.verification_status]}</dd>
        </div>
        <div className="affiliate-page__figure">
          <dt>Payout</dt>
          <dd>{STATUS_TEXT[associate.payout_status]}</dd>
        </div>
        <div className="affiliate-page__figure">
          <dt>Views of your code</dt>
          <dd>{figures ? figures.views : '…'}</dd>
        </div>
        <div className="affiliate-page__figure">
          <dt>Orders it brought</dt>
          <dd>{figures ? figures.orders : '…'}</dd>
        </div>
        <div className="affiliate-page__figure">
          <dt>Paid orders</dt>
          <dd>
            {figures ? figures.paid_orders : '…'}
            {figures?.paid_totals.map((total) => (
              <span key={total.currency}>
                {' · '}
                <Amount amount={total.amount} currency={total.currency} />
              </span>
            ))}
          </dd>
        </div>
      </dl>
      <div>
        <h2>Recent orders with your code</h2>
        {activity.isError ? (
          <ErrorView onRetry={() => void activity.refetch()} retrying={activity.isFetching} />
        ) : !activity.data ? (
          <Skeleton lines={2} variant="text" />
        ) : activity.data.orders.length === 0 ? (
          <p>No orders yet. Share your code to get started.</p>
        ) : (
          <ul className="affiliate-page__orders">
            {activity.data.orders.map((order) => (
              <li key={order.customer_order_id} className="affiliate-page__order">
                <span>{order.customer_order_id}</span>
                <span>
                  {order.order_status === 'SUCCESS'
                    ? 'Paid'
                    : order.order_status.toLowerCase().replace('_', ' ')}
                </span>
                <Amount amount={order.total_amount} currency={order.currency} />
                <span>{formatLongDate(order.created_at)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
