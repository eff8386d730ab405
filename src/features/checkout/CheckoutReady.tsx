import type { PaymentService } from '@contract/catalogue';
import { type Currency, formatMoney } from '@contract/money';
import { useSelector } from '@xstate/react';
import { lazy, memo, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { ClientProfile } from '@/api/account';
import { useIsOnline } from '@/api/online';
import type { PaymentServiceOption } from '@/api/paymentServices';
import type { CheckoutDraft } from '@/storage/checkoutDraft';
import { BottomSheet } from '@/ui/BottomSheet';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import { useIsMobile } from '@/ui/useMediaQuery';
import { type CheckoutPageProps, goToResult, OFFLINE_REASON, PAY_LABEL } from './CheckoutShell';
import { CouponForm } from './CouponForm';
import type { checkoutMachine } from './checkoutMachine';
import { DetailsForm } from './DetailsForm';
import type { PaymentRef } from './payment/PaymentOverlays';
import { ReferralForm } from './ReferralForm';
import type { CheckoutSummaryState } from './summary/types';
import type { CheckoutController } from './useCheckout';
import { type CheckoutFormController, useCheckoutForm } from './useCheckoutForm';
import { codeFieldsFor } from './variants';

/* The ready checkout: the details form, the order summary in its sheet, the pay action and the payment's screens. */

// The payment's screens load with the payment, not with the checkout.
const PaymentOverlays = lazy(() =>
  import('./payment/PaymentOverlays').then((module) => ({ default: module.PaymentOverlays })),
);

// Re-rendered with a deferred controller: an update (a fetch answering, a machine moving) renders the page as a
// transition React slices, while the fields the buyer types in update at once through their own subscriptions.
export const CheckoutReady = memo(function CheckoutReady({
  controller,
  profile,
  draft,
  summary,
  totalBar,
  international = true,
  onPaymentDone = goToResult,
  services,
  createErrorAction,
}: CheckoutPageProps & {
  controller: CheckoutController;
  profile: ClientProfile;
  draft: CheckoutDraft | null;
  services: readonly PaymentServiceOption[];
}) {
  const details = useCheckoutForm({ controller, profile, draft });
  const [chosenService, setChosenService] = useState<PaymentService | null>(null);
  const paymentService = chooseService(services, chosenService);
  // On a phone the sheet stays a slim bar: the choice of payment service sits at the form's end instead.
  const isMobile = useIsMobile();
  const serviceChoice = (
    <ServiceChoice services={services} service={paymentService} onChoose={setChosenService} />
  );
  const { checkout } = controller;
  const payment = useSelector(checkout, (s) => (s.children.payment as PaymentRef | undefined) ?? null);
  // Where the checkout ended (paid, failed, still unsettled, or the stored order turned out paid): its result page.
  const end = useSelector(checkout, (s) => s.context.end);
  const onDoneRef = useRef(onPaymentDone);
  onDoneRef.current = onPaymentDone;
  useEffect(() => {
    if (end) onDoneRef.current(end);
  }, [end]);
  const { coupon, referral } = checkout.getSnapshot().context;
  const couponCode = useSelector(coupon, (s) => s.context.code);
  const referralCode = useSelector(referral, (s) => s.context.code);
  const fields = codeFieldsFor(controller.variant, { couponCode, referralCode });
  const codeForms = (
    <div className="checkout-page__codes">
      {fields.coupon.shown && (
        <CouponForm actor={coupon} currency={controller.currency} disabled={fields.coupon.disabled} />
      )}
      {fields.referral.shown && (
        <ReferralForm
          actor={referral}
          currency={controller.currency}
          field={fields.referral}
          inviteLink={fields.inviteLink}
        />
      )}
    </div>
  );
  const state: CheckoutSummaryState = { ...controller.summaryState, codeForms };

  return (
    <div className="checkout-page__grid">
      <div className="checkout-page__main">
        <DetailsForm
          checkout={controller.checkout}
          selfPickup={controller.features.selfPickup}
          form={details.form}
          values={details.values}
          rules={details.rules}
          email={details.email}
          chooseCountry={details.chooseCountry}
          pincodeNotFound={details.pincodeNotFound}
          profile={profile}
          international={international}
        />
        {isMobile && serviceChoice}
      </div>
      {/* The sheet is the grid's last child: on a phone it sticks to the foot of the page. */}
      <BottomSheet
        label="Order summary"
        className="checkout-page__side"
        peek={
          <div className="checkout-peek">
            {totalBar(state)}
            <PayAction
              controller={controller}
              details={details}
              currency={state.estimate.currency}
              service={paymentService}
              serviceChoice={isMobile ? null : serviceChoice}
              createErrorAction={createErrorAction}
            />
          </div>
        }
      >
        {summary(state)}
      </BottomSheet>
      <OrderInProgressModal controller={controller} />
      {payment && (
        <Suspense fallback={null}>
          <PaymentOverlays payment={payment} />
        </Suspense>
      )}
    </div>
  );
});

/** The buyer's choice when offered, else the card modal, else the first offered. */
function chooseService(
  services: readonly PaymentServiceOption[],
  chosen: PaymentService | null,
): PaymentService {
  if (chosen && services.some((s) => s.service === chosen)) return chosen;
  if (services.length === 0 || services.some((s) => s.service === 'CARD_MODAL')) return 'CARD_MODAL';
  return services[0]?.service ?? 'CARD_MODAL';
}

const SERVICE_LABELS: Record<PaymentService, string> = {
  CARD_MODAL: 'Card, UPI or net banking',
  PAYMENT_LINK: 'Secure payment page',
};

/** "Pay with": offered when the packages take more than one payment service. */
function ServiceChoice({
  services,
  service,
  onChoose,
}: {
  services: readonly PaymentServiceOption[];
  service: PaymentService;
  onChoose: (service: PaymentService) => void;
}) {
  const serviceName = useId();
  if (services.length < 2) return null;
  return (
    <fieldset className="checkout-pay__services">
      <legend className="checkout-pay__services-legend">Pay with</legend>
      {services.map((option) => (
        <label key={option.service} className="checkout-pay__service">
          <input
            type="radio"
            name={serviceName}
            value={option.service}
            checked={service === option.service}
            onChange={() => onChoose(option.service)}
          />
          <span>{SERVICE_LABELS[option.service] ?? option.description}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Spec §4 step 6: an order of the buyer's is still open; go back, or cancel it and go on. */
function OrderInProgressModal({ controller }: { controller: CheckoutController }) {
  const { checkout } = controller;
  const open = useSelector(checkout, (s) => s.matches('orderInProgress'));
  return (
    <Modal
      open={open}
      size="s"
      title="An earlier order is in progress"
      onClose={() => checkout.send({ type: 'GO_BACK' })}
      footer={
        <div className="checkout-pay__actions">
          <Button variant="secondary" onClick={() => checkout.send({ type: 'GO_BACK' })}>
            Go back
          </Button>
          <Button onClick={() => checkout.send({ type: 'PROCEED_TO_PAY' })}>Cancel it and continue</Button>
        </div>
      }
    >
      <p>
        An earlier order of yours is still waiting for its payment. To pay for this one, we cancel that order
        first so you are never charged twice; its stock is released. If your bank still completes its payment,
        we refund it automatically.
      </p>
    </Modal>
  );
}

type MachineReason = 'shippingFailed' | 'estimateFailed' | 'shipping' | 'pricing';

const MACHINE_REASONS: Record<MachineReason, { text: string; retry: boolean }> = {
  shippingFailed: { text: 'We could not fetch the shipping cost.', retry: true },
  estimateFailed: { text: 'We could not update the price.', retry: true },
  shipping: { text: 'Fetching shipping cost', retry: false },
  pricing: { text: 'Updating the price…', retry: false },
};

/** Why the pay action is not offered yet, when it is not the form's hint. */
function machineReason(s: SnapshotFrom<typeof checkoutMachine>): MachineReason {
  if (s.matches('fetchingShippingCostFailed')) return 'shippingFailed';
  if (s.matches('fetchingPriceEstimateFailed')) return 'estimateFailed';
  if (s.matches('fetchingShippingCost')) return 'shipping';
  return 'pricing';
}

function PayAction({
  controller,
  details,
  currency,
  service,
  serviceChoice,
  createErrorAction,
}: {
  createErrorAction?: ReactNode;
  controller: CheckoutController;
  details: CheckoutFormController;
  currency: Currency;
  service: PaymentService;
  /** The "Pay with" choice, when it sits with the pay action (beside the form from 769 px). */
  serviceChoice: ReactNode;
}) {
  const reasonId = useId();
  const { checkout } = controller;
  const online = useIsOnline();
  const reconciling = useSelector(checkout, (s) => s.context.reconciling);
  const createError = useSelector(checkout, (s) => s.context.paymentError);
  const machine = useSelector(checkout, machineReason);
  const ready = useSelector(checkout, (s) => s.matches('readyToPurchase'));
  const inProgress = useSelector(checkout, (s) => s.matches('orderInProgress'));
  const proceeding = useSelector(
    checkout,
    (s) => s.matches('proceedingToPay') || s.matches('paying') || s.status === 'done',
  );
  // The "in progress" choice is the modal's; the pay area waits under it.
  // What the buyer pays (spec §5's subtotal), as the total bar and the summary show it.
  const total = useSelector(checkout, (s) => s.context.estimate.subtotal);

  if (proceeding) {
    return (
      <div className="checkout-pay checkout-pay--done" role="status">
        <p className="checkout-pay__title">Ready to pay</p>
        <p>
          Your order comes to <strong>{formatMoney(total, currency)}</strong>. Payment opens next.
        </p>
      </div>
    );
  }
  // The machine is read as it moves, the page's summary a render later: paying waits until the summary shows the
  // price the machine settled on, so the buyer never pays a total the page has not shown yet.
  const priced = ready && controller.summaryState.status === 'ready';
  const canPay = priced && online && details.hint === null && !reconciling;
  let reason: { text: string; retry: boolean } | null = null;
  if (!online) reason = { text: OFFLINE_REASON, retry: false };
  else if (details.hint) reason = { text: details.hint.text, retry: false };
  else if (inProgress) reason = { text: 'An earlier order is in progress', retry: false };
  else if (!priced) reason = MACHINE_REASONS[machine];
  else if (reconciling) reason = { text: 'Checking your earlier order…', retry: false };

  return (
    <div className="checkout-pay">
      {serviceChoice}
      {createError && (
        <p className="checkout-pay__error" role="alert">
          {createError}
          {createErrorAction && <> {createErrorAction}</>}
        </p>
      )}
      <Button
        size="l"
        fullWidth
        className="checkout-pay__submit"
        disabled={!canPay}
        aria-describedby={reason ? reasonId : undefined}
        onClick={() => checkout.send({ type: 'PROCEED_TO_PAY', paymentService: service })}
      >
        {PAY_LABEL}
      </Button>
      {reason && (
        <p id={reasonId} className="checkout-pay__reason" aria-live="polite">
          {reason.text}
          {reason.retry && (
            <>
              {' '}
              <Button variant="link" size="s" onClick={() => checkout.send({ type: 'RETRY' })}>
                Try again
              </Button>
            </>
          )}
        </p>
      )}
    </div>
  );
}
