import type { CheckoutSummaryState } from '@/features/checkout/summary/types';
import { totalBarView } from '@/features/checkout/totalBarMachine';
import { formatMoney } from '@/lib/money';
import { Button } from '@/ui/Button';

/*
 * Stand-ins for the order summary and the total bar until their own components land in
 * src/features/checkout/summary/: the route imports its renderers from here, so the swap is one import.
 */

function statusNote(state: CheckoutSummaryState) {
  if (state.status === 'lastKnown')
    return <p role="status">Last known price: it will update when you are back online.</p>;
  if (state.status === 'failed')
    return (
      <p role="alert">
        The price could not be updated.{' '}
        <Button variant="link" size="s" onClick={state.onRetry}>
          Retry
        </Button>
      </p>
    );
  if (state.status === 'loading') return <p role="status">Updating the price…</p>;
  return null;
}

export function checkoutSummary(state: CheckoutSummaryState) {
  const { estimate } = state;
  return (
    <div className="checkout-summary">
      {state.codeForms}
      <dl>
        <dt>GST</dt>
        <dd>{formatMoney(estimate.taxAmount, estimate.currency)}</dd>
        <dt>Shipping</dt>
        <dd>{formatMoney(estimate.shippingCharges, estimate.currency)}</dd>
      </dl>
      {statusNote(state)}
    </div>
  );
}

export function checkoutTotalBar(state: CheckoutSummaryState) {
  const view = totalBarView({
    estimate: {
      totalPrice: state.estimate.totalPrice,
      pricingType: state.estimate.pricingType,
      emiAmountStartingFrom: state.estimate.emiAmountStartingFrom,
    },
    currency: state.estimate.currency,
  });
  return view ? (
    <p className="checkout-total">
      {view.label} <strong>{view.formatted}</strong>
    </p>
  ) : null;
}
