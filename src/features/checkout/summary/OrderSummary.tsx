import type { Currency } from '@contract/money';
import type { ReactNode } from 'react';
import { formatDayTime } from '@/lib/dates';
import { AmountView, amountWidth } from '@/ui/AmountView';
import { Button } from '@/ui/Button';
import { Money } from '@/ui/Money';
import { AdBookingSummary } from './AdBookingSummary';
import { EmiTenureNote, FestivalStrip, HeadsetNotice, LicencePricingPanel, NoCostEmiNote } from './Strips';
import { type AdBookingFigures, type ShippingLine, summaryExtras, summaryRows } from './summaryView';
import type { CheckoutSummaryState, EstimateStatus } from './types';
import './summary.css';
import '@/ui/visually-hidden.css';

export interface OrderSummaryProps extends CheckoutSummaryState {
  /** The cart's lines, read-only (the route passes <CartLines editable={false} />). */
  lines: ReactNode;
  /** The clock for the festival strip and the last-known time (ms); the real one when left out. */
  now?: number;
  /** The zone the last-known time is shown in; the buyer's when left out. */
  timeZone?: string;
  /** An ad booking's figures: shown in place of the item rows, as ad packages list nothing (spec §2). */
  adBooking?: AdBookingFigures | null;
}

/**
 * first: the first estimate is loading; refresh: a newer one is; unknown: none came (failed or offline) and the
 * empty estimate's zeros must not pass for a price.
 */
type Pending = 'none' | 'first' | 'refresh' | 'unknown';

/** An amount, or while the first estimate loads a placeholder of its size; dimmed while a newer one loads. */
function Amount({
  minor,
  currency,
  pending,
  sign = '',
}: {
  minor: number;
  currency: Currency;
  pending: Pending;
  sign?: string;
}) {
  // The section says it is updating, so the placeholder needs no words of its own.
  return (
    <AmountView
      status={pending === 'first' ? 'loading' : pending === 'unknown' ? 'unknown' : 'known'}
      width={amountWidth(minor, currency, 6)}
      className="summary-amount"
    >
      <span className={pending === 'refresh' ? 'summary-amount summary-amount--stale' : 'summary-amount'}>
        {sign}
        <Money minor={minor} currency={currency} />
      </span>
    </AmountView>
  );
}

function ShippingAmount({
  line,
  currency,
  pending,
}: {
  line: ShippingLine;
  currency: Currency;
  pending: Pending;
}) {
  if (pending === 'first' || pending === 'unknown')
    return <Amount minor={0} currency={currency} pending={pending} />;
  return (
    <span className={pending === 'refresh' ? 'summary-amount summary-amount--stale' : 'summary-amount'}>
      {line.struck !== null && (
        <>
          <Money minor={line.struck} currency={currency} strike strikeLabel="Shipping charge waived:" />{' '}
        </>
      )}
      <strong className="summary-free">Free</strong>
    </span>
  );
}

function EstimateNote({
  status,
  receivedAt,
  now,
  timeZone,
  onRetry,
}: {
  status: EstimateStatus;
  receivedAt: number | null;
  now: number;
  timeZone: string | undefined;
  onRetry: () => void;
}) {
  if (status === 'failed') {
    return (
      <div className="summary-alert" role="alert">
        <p>We could not get the price of your order.</p>
        <Button variant="secondary" size="s" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  }
  if (status === 'lastKnown') {
    return (
      <p className="summary-alert summary-alert--offline" role="status">
        {receivedAt === null
          ? 'The price will show when you are back online'
          : `Last known price (${formatDayTime(receivedAt, now, timeZone)}) — will update when you are back online`}
      </p>
    );
  }
  return null;
}

/** Spec §2 Order summary: the lines, the price from the server's estimate, the strips, and the code forms. */
export function OrderSummary(props: OrderSummaryProps) {
  const { estimate, status, receivedAt, onRetry, variant, lines, codeForms, adBooking } = props;
  const now = props.now ?? Date.now();
  const currency = estimate.currency;
  const rows = summaryRows(estimate, variant);
  const extras = summaryExtras({
    packageCodes: props.packageCodes,
    productCodes: props.productCodes,
    estimate,
    variant,
    now,
  });
  const loading = status === 'loading';
  const pending: Pending =
    status === 'ready'
      ? 'none'
      : receivedAt !== null
        ? loading
          ? 'refresh'
          : 'none'
        : loading
          ? 'first'
          : 'unknown';

  return (
    // Not a named section: the bottom sheet (or the column beside the form) is the "Order summary" region.
    <div className="order-summary">
      <h2 className="order-summary__heading">Order summary</h2>
      {extras.festival && <FestivalStrip festival={extras.festival} />}
      {extras.headsetNotice && <HeadsetNotice />}
      <div className="order-summary__lines">{lines}</div>
      {extras.licencePanel && <LicencePricingPanel />}
      <EstimateNote
        status={status}
        receivedAt={receivedAt}
        now={now}
        timeZone={props.timeZone}
        onRetry={onRetry}
      />
      <section className="order-summary__prices" aria-label="Price" aria-busy={loading}>
        {loading && <span className="visually-hidden">Updating the price</span>}
        {adBooking ? (
          <AdBookingSummary {...adBooking} currency={currency} />
        ) : (
          <dl className="summary-rows">
            <div className="summary-row">
              <dt>Items</dt>
              <dd>
                <Amount minor={rows.items} currency={currency} pending={pending} />
              </dd>
            </div>
            {rows.shipping && (
              <div className="summary-row">
                <dt>Shipping</dt>
                <dd>
                  <ShippingAmount line={rows.shipping} currency={currency} pending={pending} />
                </dd>
              </div>
            )}
            {rows.discounts.map((d) => (
              <div key={d.key} className="summary-row summary-row--discount">
                <dt>{d.label}</dt>
                <dd>
                  <Amount minor={d.amount} currency={currency} pending={pending} sign="−" />
                </dd>
              </div>
            ))}
            <div className="summary-row summary-row--total">
              <dt>Total</dt>
              <dd>
                <Amount minor={rows.total} currency={currency} pending={pending} />
              </dd>
            </div>
            <div className="summary-row summary-row--minor">
              <dt>Taxable amount</dt>
              <dd>
                <Amount minor={rows.taxableAmount} currency={currency} pending={pending} />
              </dd>
            </div>
            {rows.tax.map((line) => (
              <div key={line.key} className="summary-row summary-row--minor">
                {line.amount === null ? (
                  <>
                    <dt>GST</dt>
                    <dd>{line.label}</dd>
                  </>
                ) : (
                  <>
                    <dt>{line.label}</dt>
                    <dd>
                      <Amount minor={line.amount} currency={currency} pending={pending} />
                    </dd>
                  </>
                )}
              </div>
            ))}
          </dl>
        )}
      </section>
      {extras.noCostEmi && (
        <>
          <NoCostEmiNote monthly={extras.noCostEmi.monthly} />
          <EmiTenureNote monthly={extras.noCostEmi.monthly} months={extras.noCostEmi.months} />
        </>
      )}
      {extras.noCostEmiWithheld && (
        <p className="summary-note" role="note">
          {extras.noCostEmiWithheld}
        </p>
      )}
      <div className="order-summary__codes">{codeForms}</div>
    </div>
  );
}
