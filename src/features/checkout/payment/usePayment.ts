import type { PaymentService } from '@contract/catalogue';
import { STATE_COUNTRIES, type StateCountry } from '@contract/constants';
import { type Currency, formatMoney, toMajor, toMinor } from '@contract/money';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ClientProfile } from '@/api/account';
import { isApiError, reportError } from '@/api/errors';
import { changedTotalOf } from '@/api/orders';
import { stateForWire, statesQuery } from '@/api/places';
import { onIdle } from '@/lib/idle';
import { SITE_NAME } from '@/lib/site';
import { type CheckoutTrack, trackOnce } from '../analytics';
import type { CheckoutFormValues } from '../checkoutForm';
import type { PaymentOutput, paymentMachine, UnsettledAttempt } from '../paymentMachine';
import type { CheckoutController } from '../useCheckout';

/*
 * Hands the checkout over to the payment when the checkout machine reaches proceedingToPay: builds the order from
 * the form, loads the payment's code (kept out of the checkout's first load), runs it, and either hands the result
 * to the page (success, failure, unsettled) or resumes the checkout at its estimate with the error to show.
 */

export type PaymentEnd =
  | Exclude<PaymentOutput, { kind: 'backToEstimate' }>
  | { kind: 'failure'; orderId: string };

export interface UsePaymentOptions {
  controller: CheckoutController;
  profile: ClientProfile;
  /** The form's values when the buyer pressed pay. */
  values: () => CheckoutFormValues;
  paymentService: PaymentService;
  international: boolean;
  track?: CheckoutTrack;
  onDone: (end: PaymentEnd) => void;
}

export const CREATE_FAILED_MESSAGE = 'We could not create your order. Nothing was charged; please try again.';

/** What the buyer reads when the order's total is no longer the one shown: the new total, to check first. */
export function priceChangedMessage(changed: { totalAmount: number; currency: Currency }): string {
  const total = formatMoney(toMinor(changed.totalAmount, changed.currency), changed.currency);
  return `The total changed to ${total}. Check it and pay again.`;
}

async function stateNames(client: QueryClient, countries: readonly string[]) {
  const names = new Map<string, string>();
  for (const country of new Set(countries)) {
    if (!(STATE_COUNTRIES as readonly string[]).includes(country)) continue;
    const states = await client.fetchQuery(statesQuery(country as StateCountry)).catch(() => []);
    for (const state of states) names.set(`${country}:${state.state_name_enum}`, state.state_name);
  }
  return (country: string, stateEnum: string) =>
    names.get(`${country}:${stateEnum}`) ??
    stateForWire(
      stateEnum,
      (STATE_COUNTRIES as readonly string[]).includes(country) ? (country as StateCountry) : 'IN',
    );
}

export function usePayment({
  controller,
  profile,
  values,
  paymentService,
  international,
  track,
  onDone,
}: UsePaymentOptions) {
  const client = useQueryClient();
  const { checkout } = controller;
  const handedOver = useSelector(checkout, (s) => s.status === 'done');
  const ready = useSelector(checkout, (s) => s.matches('readyToPurchase'));
  // Once the buyer can pay, the payment's code is fetched while the browser is idle: paying does not wait for it.
  useEffect(() => {
    if (!ready || typeof window === 'undefined') return;
    return onIdle(() => void import('./paymentRuntime').catch(() => undefined), 3000);
  }, [ready]);
  const [payment, setPayment] = useState<ActorRefFrom<typeof paymentMachine> | null>(null);
  const [createError, setCreateError] = useState<string | null>(null);
  const attempt = useRef<UnsettledAttempt | null>(null);
  const started = useRef<unknown>(null);
  const latest = useRef({ values, paymentService, track, onDone, controller });
  latest.current = { values, paymentService, track, onDone, controller };

  useEffect(() => {
    if (!handedOver || started.current === checkout) return;
    started.current = checkout;
    setCreateError(null);
    const output = checkout.getSnapshot().output;
    const { values: readValues, paymentService: service } = latest.current;
    const form = readValues();
    const resume = (createdOrderId: string | null, priorOrderCancelled = false, refreshEstimate = false) =>
      latest.current.controller.resumeCheckout({ createdOrderId, priorOrderCancelled, refreshEstimate });
    void (async () => {
      const [runtime, { buildOrderCreateRequest }, stateName] = await Promise.all([
        import('./paymentRuntime'),
        import('./orderRequest'),
        stateNames(client, [form.country.toUpperCase(), form.billingCountry.toUpperCase()]),
      ]);
      const context = checkout.getSnapshot().context;
      // The estimate the buyer saw: the order goes with its inputs and its total, and nothing else is charged.
      const shown = output?.estimate ?? null;
      const request = buildOrderCreateRequest({
        values: form,
        pricing: controller.estimateInputs(),
        expectedTotal: shown ? toMajor(shown.subtotal, shown.currency) : null,
        paymentService: service,
        isShippingRequired: context.isShippingRequired,
        selfPickupEnabled: controller.features.selfPickup,
        pickupLocationId: output?.pickupLocationId ?? null,
        stateName,
      });
      const actor = runtime.createPaymentActor(
        {
          international,
          shopName: SITE_NAME,
          prefill: { name: form.fullName, email: form.email, contact: profile.phoneNumberWithCountryCode },
        },
        {
          request,
          priorOrderIdToCancel: output?.priorOrderIdToCancel ?? null,
          previousAttempt: attempt.current,
        },
      );
      const send = latest.current.track;
      actor.on('orderCreated', ({ order }) => {
        if (!send) return;
        const properties = {
          order_id: order.order_id,
          customer_order_id: order.customer_order_id,
          total_amount: order.total_amount,
          currency: order.currency,
          payment_service: order.payment_service,
        };
        trackOnce(send, 'order_created', order.order_id, properties);
        trackOnce(send, 'checkout_initiated', order.order_id, properties);
      });
      actor.on('orderCreateFailed', ({ error }) => {
        const changed = changedTotalOf(error);
        const message = changed
          ? priceChangedMessage(changed)
          : isApiError(error)
            ? error.message
            : CREATE_FAILED_MESSAGE;
        setCreateError(message.trim() === '' ? CREATE_FAILED_MESSAGE : message);
        send?.('order_failed', { reason: 'create_failed', message });
      });
      actor.on('paymentDismissed', ({ orderId }) => send?.('payment_modal_dismissed', { order_id: orderId }));
      actor.on('gatewayFailed', ({ orderId, error }) =>
        reportError('The payment provider could not be opened', { orderId, error: String(error) }),
      );
      let failed = false;
      actor.subscribe({
        next: (snapshot) => {
          if (snapshot.matches('failure') && !failed) {
            failed = true;
            latest.current.onDone({ kind: 'failure', orderId: snapshot.context.order?.order_id ?? '' });
          }
        },
        complete: () => {
          const end = actor.getSnapshot().output;
          if (!end) return;
          if (end.kind === 'backToEstimate') {
            attempt.current = end.unsettledAttempt;
            setPayment(null);
            // A changed total is priced again, so the summary shows what the next attempt will charge.
            resume(end.orderId, end.priorOrderCancelled, changedTotalOf(end.error) !== null);
          } else {
            attempt.current = null;
            latest.current.onDone(end);
          }
        },
      });
      setPayment(actor);
      actor.start();
    })().catch((error: unknown) => {
      // The payment's code did not load, or the order could not be built: back to the estimate, said above the button.
      reportError('The payment could not start', { error: String(error) });
      setCreateError(CREATE_FAILED_MESSAGE);
      resume(null);
    });
  }, [handedOver, checkout, client, controller, international, profile]);

  const clearError = useCallback(() => setCreateError(null), []);
  return { payment, createError, clearError };
}
