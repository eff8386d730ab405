import { AmountView } from '@/ui/AmountView';
import { Button } from '@/ui/Button';
import { totalBarView } from '../totalBarView';
import type { CheckoutSummaryState } from './types';
import './summary.css';
import '@/ui/visually-hidden.css';

/**
 * Spec §2 Total amount bar: "EMI starts from" with its per-month note when a no-cost EMI option exists, else the
 * total the buyer pays (spec §5's subtotal); loading, failed with a retry, and success. The bottom sheet's peek.
 */
export function TotalBar({ estimate, status, receivedAt, onRetry }: CheckoutSummaryState) {
  // Before any answer only a ready (skipped, empty) estimate is a price; offline or failed it is not known.
  const known = status === 'ready' || receivedAt !== null;
  const view = totalBarView({
    estimate: known
      ? {
          totalPrice: estimate.subtotal,
          pricingType: estimate.pricingType,
          emiAmountStartingFrom: estimate.emiAmountStartingFrom,
        }
      : null,
    currency: estimate.currency,
  });
  const loading = status === 'loading';
  return (
    <div className="total-bar">
      <div className="total-bar__figure" role="status" aria-live="polite" aria-busy={loading}>
        {status === 'failed' ? (
          <span className="total-bar__label">Could not get the price</span>
        ) : (
          <>
            <span className="total-bar__label">{view?.label ?? 'Total amount'}</span>
            <span className="total-bar__amount-line">
              <AmountView
                status={view ? 'known' : loading ? 'loading' : 'unknown'}
                loadingLabel="Loading the price"
                as="strong"
                className="total-bar__amount"
              >
                <strong className={loading ? 'total-bar__amount summary-amount--stale' : 'total-bar__amount'}>
                  {view?.formatted}
                </strong>
              </AmountView>
              {view?.kind === 'emi' && <span className="total-bar__note">{view.note}</span>}
            </span>
            {view?.kind === 'emi' && <span className="total-bar__sub">Total {view.totalFormatted}</span>}
            {status === 'lastKnown' && (
              <span className="total-bar__sub">
                {view ? 'Last known price' : 'The price will show when you are back online'}
              </span>
            )}
          </>
        )}
      </div>
      {status === 'failed' && (
        <Button variant="secondary" size="s" onClick={onRetry}>
          Retry
        </Button>
      )}
    </div>
  );
}
