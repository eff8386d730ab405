import type { PaymentService } from '@contract/catalogue';
import type { Currency } from '@contract/money';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import {
  lazy,
  memo,
  type ReactNode,
  Suspense,
  useDeferredValue,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useSnapshot } from 'valtio';
import type { SnapshotFrom } from 'xstate';
import { type PaymentServiceOption, paymentServicesQuery } from '@/api/paymentServices';
import type { ClientProfile } from '@/api/user';
import { formatMoney } from '@/lib/money';
import { cartStore } from '@/state/cart';
import type { CheckoutDraft } from '@/storage/checkoutDraft';
import { BottomSheet } from '@/ui/BottomSheet';
import { Button } from '@/ui/Button';
import { ErrorView } from '@/ui/ErrorView';
import { Modal } from '@/ui/Modal';
import { Skeleton } from '@/ui/Skeleton';
import type { CheckoutTrack } from './analytics';
import { CouponForm } from './CouponForm';
import type { checkoutMachine } from './checkoutMachine';
import { DetailsForm } from './DetailsForm';
import { type PaymentEnd, usePayment } from './payment/usePayment';
import { ReferralForm } from './ReferralForm';
import { resultHref } from './result/resultHref';
import type { CheckoutSummaryState } from './summary/types';
import {
  type CheckoutBoot,
  type CheckoutController,
  type CheckoutFeatures,
  useCheckout,
  useCheckoutBoot,
} from './useCheckout';
import { type CheckoutFormController, useCheckoutForm } from './useCheckoutForm';
import { codeFieldsFor } from './variants';
import '@/ui/visually-hidden.css';
import './checkout-page.css';

// The payment's screens load with the payment, not with the checkout.
const PaymentOverlays = lazy(() =>
  import('./payment/PaymentOverlays').then((module) => ({ default: module.PaymentOverlays })),
);

/*
 * The checkout page (spec §2 Checkout page): a title strip, the currency switch, the details form and the order
 * summary with the pay action — inside a bottom sheet on a phone, beside the form from 769 px. The summary's
 * contents and the total bar are the caller's (the route composes them); this page owns the machines.
 */

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
  /** Where a payment ended (paid, failed, or still unsettled): the route goes to its result page. */
  onPaymentDone?: (end: PaymentEnd) => void;
}

/** The result page of a payment's end, the checkout's query string kept (spec §2). */
export function paymentEndHref(end: PaymentEnd, search: string): string {
  return end.kind === 'failure'
    ? resultHref('failure', 'order', end.orderId, search)
    : resultHref('success', 'order', end.orderId, search);
}

const goToResult = (end: PaymentEnd) =>
  window.location.assign(paymentEndHref(end, typeof window === 'undefined' ? '' : window.location.search));

function TitleStrip({ title, currencySwitch }: { title: string; currencySwitch?: ReactNode }) {
  return (
    <header className="checkout-page__strip">
      <h1 className="checkout-page__title">{title}</h1>
      {currencySwitch}
    </header>
  );
}

/** The loading screen: the layout of the page to come, so nothing moves when it arrives. */
function CheckoutLoading() {
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

function EmptyCheckout({ shopPath }: { shopPath: string }) {
  return (
    <section className="checkout-page__empty" aria-labelledby="checkout-empty-title">
      <h2 id="checkout-empty-title">Your cart is empty</h2>
      <p>Add a kit, a game or a bat to your cart to check out.</p>
      <a className="checkout-page__empty-link" href={shopPath}>
        Continue shopping
      </a>
    </section>
  );
}

/** The page while the browser has not taken it over yet (the server's render): the title and the loading screen. */
export function CheckoutLoadingPage({
  title,
  currencySwitch,
}: {
  title: string;
  currencySwitch?: ReactNode;
}) {
  return (
    <div className="checkout-page">
      <TitleStrip title={title} currencySwitch={currencySwitch} />
      <CheckoutLoading />
    </div>
  );
}

export function CheckoutPage(props: CheckoutPageProps) {
  // Each big mount (the machines, then the form) is rendered as a transition: React slices it into short tasks.
  const boot = useDeferredValue(useCheckoutBoot());
  const { items } = useSnapshot(cartStore);
  let body: ReactNode;
  if (!boot) body = <CheckoutLoading />;
  else if (items.length === 0) body = <EmptyCheckout shopPath={props.shopPath ?? '/'} />;
  else body = <CheckoutFlow {...props} boot={boot} />;
  return (
    <div className="checkout-page">
      <TitleStrip title={props.title} currencySwitch={props.currencySwitch} />
      {body}
    </div>
  );
}

function CheckoutFlow(props: CheckoutPageProps & { boot: CheckoutBoot }) {
  const controller = useCheckout({
    userId: props.userId,
    boot: props.boot,
    presetCouponCode: props.presetCouponCode,
    presetReferralCode: props.presetReferralCode,
    track: props.track,
    features: props.features,
  });
  const { checkout } = controller;
  const deferredController = useDeferredValue(controller);
  const stage = useSelector(checkout, (s) => {
    if (s.matches('fetchingProfileFailed')) return 'failed' as const;
    if (s.matches('fetchingProfile') || s.matches('fetchingOrderDetails')) return 'loading' as const;
    return 'ready' as const;
  });
  const loadedProfile = useSelector(checkout, (s) => s.context.profile);
  const profile = useDeferredValue(stage === 'ready' ? loadedProfile : null);
  // Asked beside the profile, and awaited with it: a payment choice appearing later would move the pay action.
  // Deferred like the profile: whichever answer comes last, the page mounts in a transition React can slice.
  const services = useDeferredValue(usePaymentServices(controller));
  if (stage === 'failed') {
    return (
      <ErrorView
        title="We could not load your details"
        message="Check your connection and try again. Nothing in your cart is lost."
        onRetry={() => checkout.send({ type: 'RETRY' })}
      />
    );
  }
  if (!profile || !services) return <CheckoutLoading />;
  return (
    <CheckoutReady
      {...props}
      controller={deferredController}
      profile={profile}
      draft={props.boot.draft}
      services={services}
    />
  );
}

// Re-rendered with a deferred controller: an update (a fetch answering, a machine moving) renders the page as a
// transition React slices, while the fields the buyer types in update at once through their own subscriptions.
const CheckoutReady = memo(function CheckoutReady({
  controller,
  profile,
  draft,
  userId,
  summary,
  totalBar,
  international = true,
  track,
  onPaymentDone = goToResult,
  services,
}: CheckoutPageProps & {
  controller: CheckoutController;
  profile: ClientProfile;
  draft: CheckoutDraft | null;
  services: readonly PaymentServiceOption[];
}) {
  const details = useCheckoutForm({ controller, profile, userId, draft });
  const [chosenService, setChosenService] = useState<PaymentService | null>(null);
  const paymentService = chooseService(services, chosenService);
  const valuesRef = useRef(details.values);
  valuesRef.current = details.values;
  const { payment, createError, clearError } = usePayment({
    controller,
    profile,
    values: () => valuesRef.current,
    paymentService,
    international: controller.features.internationalUsers,
    track,
    onDone: onPaymentDone,
  });
  const paidStoredOrderId = controller.paidStoredOrderId;
  const onDoneRef = useRef(onPaymentDone);
  onDoneRef.current = onPaymentDone;
  useEffect(() => {
    if (paidStoredOrderId) onDoneRef.current({ kind: 'success', orderId: paidStoredOrderId });
  }, [paidStoredOrderId]);
  const couponCode = useSelector(controller.coupon, (s) => s.context.code);
  const referralCode = useSelector(controller.referral, (s) => s.context.code);
  const fields = codeFieldsFor(controller.variant, { couponCode, referralCode });
  const codeForms = (
    <div className="checkout-page__codes">
      {fields.coupon.shown && (
        <CouponForm
          actor={controller.coupon}
          currency={controller.currency}
          disabled={fields.coupon.disabled}
        />
      )}
      {fields.referral.shown && (
        <ReferralForm
          actor={controller.referral}
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
          controller={controller}
          details={details}
          profile={profile}
          international={international}
        />
      </div>
      {/* The sheet is the grid's last child: on a phone it sticks to the foot of the page. */}
      <BottomSheet
        label="Order summary"
        className="checkout-page__side"
        peek={
          <>
            {totalBar(state)}
            <PayAction
              controller={controller}
              details={details}
              currency={state.estimate.currency}
              services={services}
              service={paymentService}
              onChooseService={setChosenService}
              createError={createError}
              onPay={clearError}
            />
          </>
        }
      >
        {summary(state)}
      </BottomSheet>
      <OrderInProgressModal controller={controller} details={details} />
      {payment && (
        <Suspense fallback={null}>
          <PaymentOverlays payment={payment} />
        </Suspense>
      )}
    </div>
  );
});

/**
 * The payment services every chosen package takes (spec §3); undefined while the first answer is on its way. With
 * no answer (offline, refused) none is offered and the card modal is used. A new country keeps the last answer on
 * screen until its own arrives.
 */
function usePaymentServices(controller: CheckoutController): readonly PaymentServiceOption[] | undefined {
  const enabled = controller.online && controller.packageCodes.length > 0;
  const query = useQuery({
    ...paymentServicesQuery(controller.packageCodes, controller.countryCode),
    enabled,
    placeholderData: keepPreviousData,
  });
  // Only the first answer is waited for: the page is never taken down again for a later one.
  const settled = useRef(false);
  if (query.data) settled.current = true;
  if (query.data) return query.data;
  if (!settled.current && enabled && !query.isError) return undefined;
  settled.current = true;
  return NO_SERVICES;
}

const NO_SERVICES: readonly PaymentServiceOption[] = [];

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

/** Spec §4 step 6: an order of the buyer's is still open; go back, or cancel it and go on. */
function OrderInProgressModal({
  controller,
  details,
}: {
  controller: CheckoutController;
  details: CheckoutFormController;
}) {
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
          <Button
            onClick={() =>
              checkout.send({
                type: 'PROCEED_TO_PAY',
                email: details.values.email,
                emailVerified: details.emailVerified,
              })
            }
          >
            Cancel it and continue
          </Button>
        </div>
      }
    >
      <p>
        An earlier order of yours is still waiting for its payment. To pay for this one, we cancel that order
        first so you are never charged twice; its stock is released.
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
  services,
  service,
  onChooseService,
  createError,
  onPay,
}: {
  controller: CheckoutController;
  details: CheckoutFormController;
  currency: Currency;
  services: readonly PaymentServiceOption[];
  service: PaymentService;
  onChooseService: (service: PaymentService) => void;
  createError: string | null;
  onPay: () => void;
}) {
  const reasonId = useId();
  const serviceName = useId();
  const { checkout, online, reconciling } = controller;
  const machine = useSelector(checkout, machineReason);
  const ready = useSelector(checkout, (s) => s.matches('readyToPurchase'));
  const inProgress = useSelector(checkout, (s) => s.matches('orderInProgress'));
  const proceeding = useSelector(checkout, (s) => s.matches('proceedingToPay'));
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
  const canPay = ready && online && details.hint === null && !reconciling;
  let reason: { text: string; retry: boolean } | null = null;
  if (!online) reason = { text: OFFLINE_REASON, retry: false };
  else if (details.hint) reason = { text: details.hint.text, retry: false };
  else if (inProgress) reason = { text: 'An earlier order is in progress', retry: false };
  else if (!ready) reason = MACHINE_REASONS[machine];
  else if (reconciling) reason = { text: 'Checking your earlier order…', retry: false };

  return (
    <div className="checkout-pay">
      {services.length > 1 && (
        <fieldset className="checkout-pay__services">
          <legend className="checkout-pay__services-legend">Pay with</legend>
          {services.map((option) => (
            <label key={option.service} className="checkout-pay__service">
              <input
                type="radio"
                name={serviceName}
                value={option.service}
                checked={service === option.service}
                onChange={() => onChooseService(option.service)}
              />
              <span>{SERVICE_LABELS[option.service] ?? option.description}</span>
            </label>
          ))}
        </fieldset>
      )}
      {createError && (
        <p className="checkout-pay__error" role="alert">
          {createError}
        </p>
      )}
      <Button
        size="l"
        fullWidth
        disabled={!canPay}
        aria-describedby={reason ? reasonId : undefined}
        onClick={() => {
          onPay();
          checkout.send({
            type: 'PROCEED_TO_PAY',
            email: details.values.email,
            emailVerified: details.emailVerified,
          });
        }}
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
