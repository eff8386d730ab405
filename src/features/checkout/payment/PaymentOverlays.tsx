import { REFUND_IF_PAID_NOTE } from '@contract/order-status';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { isApiError } from '@/api/errors';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import { NotifyMeButton } from '@/ui/NotifyMeButton';
import { Spinner } from '@/ui/Spinner';
import type { PaymentSnapshot, paymentMachine } from '../paymentMachine';
import './payment.css';

/*
 * What the buyer sees while paying (spec §2 "Other views"): the overlay spinner while the order is processed, the
 * full-screen loader while the hosted payment page loads, the cancel-prior-order failure with RETRY and GO_BACK,
 * and the payment-gateway-issue modal. Nothing here while the provider's own modal is open.
 */

export type PaymentRef = ActorRefFrom<typeof paymentMachine>;

type View =
  | { kind: 'none' }
  | { kind: 'overlay'; label: string; note?: string }
  | { kind: 'pending' }
  | { kind: 'redirect' }
  | { kind: 'cancelFailed'; message: string }
  | { kind: 'gatewayIssue'; step: 'idle' | 'submitting' | 'submitted' | 'failed'; orderNumber: string };

const message = (error: unknown, fallback: string) =>
  isApiError(error) && error.message.trim() !== '' ? error.message : fallback;

export function paymentView(s: PaymentSnapshot): View {
  if (s.matches({ cancellingPriorOrder: 'failure' }))
    return {
      kind: 'cancelFailed',
      message: message(s.context.error, 'Check your connection and try again.'),
    };
  if (s.matches('cancellingPriorOrder')) return { kind: 'overlay', label: 'Cancelling your earlier order…' };
  if (s.matches('creatingOrder') || s.matches('paymentOrderCreated') || s.matches('choosingPayment'))
    return {
      kind: 'overlay',
      label: 'Creating your order…',
      // The earlier order is cancelled, but its payment may still complete at the bank: say what happens then.
      ...(s.context.priorPaymentInFlight
        ? { note: `Your earlier order is cancelled. ${REFUND_IF_PAID_NOTE}` }
        : {}),
    };
  if (s.matches('loadingScript')) return { kind: 'overlay', label: 'Opening secure payment…' };
  // The bank has not answered yet: the buyer is told why they wait, and that they need not.
  if (s.matches('checkingOrderStatus')) return { kind: 'pending' };
  if (s.matches('confirmingPayment') || s.matches('success'))
    return { kind: 'overlay', label: 'Confirming your payment…' };
  if (s.matches('redirecting')) return { kind: 'redirect' };
  if (s.matches('gatewayIssue')) {
    const step = (['submitting', 'submitted', 'failed'] as const).find((k) => s.matches({ gatewayIssue: k }));
    return {
      kind: 'gatewayIssue',
      step: step ?? 'idle',
      orderNumber: s.context.order?.customer_order_id ?? s.context.order?.order_id ?? '',
    };
  }
  return { kind: 'none' };
}

const sameView = (a: View, b: View) => JSON.stringify(a) === JSON.stringify(b);

export function PaymentOverlays({ payment }: { payment: PaymentRef }) {
  const view = useSelector(payment, paymentView, sameView);
  const send = payment.send;
  // Each view's words once on the page, in one live region; the spinner beside them is decoration.
  if (view.kind === 'overlay')
    return (
      <div className="payment-overlay" data-testid="payment-overlay">
        <div className="payment-overlay__box">
          <Spinner size="xl" />
          <p role="status">{view.label}</p>
          {view.note && <p className="payment-overlay__note">{view.note}</p>}
        </div>
      </div>
    );
  if (view.kind === 'pending') return <PaymentPending />;
  if (view.kind === 'redirect')
    return (
      <div className="payment-overlay payment-overlay--full">
        <div className="payment-overlay__box">
          <Spinner size="xl" />
          <div role="status">
            <p>Taking you to the secure payment page…</p>
            <p className="payment-overlay__note">Do not close this tab.</p>
          </div>
        </div>
      </div>
    );
  if (view.kind === 'cancelFailed')
    return (
      <Modal
        open
        size="s"
        title="We could not cancel your earlier order"
        onClose={() => send({ type: 'GO_BACK' })}
        closeOnBackdropClick={false}
        footer={
          <div className="payment-modal__actions">
            <Button variant="secondary" onClick={() => send({ type: 'GO_BACK' })}>
              Go back
            </Button>
            <Button onClick={() => send({ type: 'RETRY' })}>Try again</Button>
          </div>
        }
      >
        <p role="alert">{view.message}</p>
        <p>
          Your earlier order has to be cancelled before a new one is made, so you are never charged twice.
        </p>
      </Modal>
    );
  if (view.kind === 'gatewayIssue') return <GatewayIssueModal view={view} send={send} />;
  return null;
}

/**
 * A payment the bank has not confirmed yet (spec §4: the status is asked again on pollDelay's schedule): what is
 * happening, that the page may be closed (the order is watched and the buyer told when it resolves), a way to be
 * notified and a way to the buyer's orders.
 */
function PaymentPending() {
  const heading = useRef<HTMLHeadingElement>(null);
  // The provider's window just closed: the buyer's focus lands on what now explains the wait.
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  return (
    <div className="payment-overlay payment-overlay--full">
      <section className="payment-overlay__box payment-pending" aria-labelledby="payment-pending-title">
        <Spinner size="xl" />
        <div role="status">
          <h2 id="payment-pending-title" ref={heading} tabIndex={-1} className="payment-pending__title">
            Your bank is confirming your payment
          </h2>
          <p>
            This can take a few minutes, and you will not be charged twice. You can close this page: we will
            tell you as soon as your bank answers, and the result will be in My orders.
          </p>
        </div>
        <NotifyMeButton />
        <a className="ui-button" data-variant="secondary" data-size="m" href="/my-orders">
          <span className="ui-button__content">See my orders</span>
        </a>
      </section>
    </div>
  );
}

function GatewayIssueModal({
  view,
  send,
}: {
  view: Extract<View, { kind: 'gatewayIssue' }>;
  send: PaymentRef['send'];
}) {
  const submitted = view.step === 'submitted';
  return (
    <Modal
      open
      size="s"
      title="The payment window did not open"
      onClose={() => send({ type: 'GO_BACK' })}
      closeOnBackdropClick={false}
      footer={
        <div className="payment-modal__actions">
          <Button variant="secondary" onClick={() => send({ type: 'GO_BACK' })}>
            {submitted ? 'Done' : 'Go back'}
          </Button>
          {!submitted && (
            <Button loading={view.step === 'submitting'} onClick={() => send({ type: 'SUBMIT_ISSUE' })}>
              Report the problem
            </Button>
          )}
        </div>
      }
    >
      {submitted ? (
        <p role="status">
          Thank you. We have your report for order {view.orderNumber}. Our team will get in touch within one
          working day; nothing has been charged, and your order is kept until then.
        </p>
      ) : (
        <>
          <p>
            Our payment partner could not be reached, so nothing has been charged. Report the problem and our
            team will contact you to complete order {view.orderNumber}, or go back and try again in a moment.
          </p>
          {view.step === 'failed' && (
            <p role="alert" className="payment-modal__error">
              We could not send your report. Check your connection and try again.
            </p>
          )}
        </>
      )}
    </Modal>
  );
}
