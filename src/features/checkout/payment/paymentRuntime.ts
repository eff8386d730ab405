import { fromCallback, fromPromise } from 'xstate';
import { addEventOrderDetails } from '@/api/ads';
import { cancelOrder, createOrder, fetchAndUpdatePaymentStatus, fetchOrderStatus } from '@/api/orders';
import { sendForm } from '@/api/sendForm';
import { pageLoad } from '@/lib/pageLoad';
import { writeLastOrderId } from '@/storage/checkoutDraft';
import type { paymentMachine } from '../paymentMachine';
import { loadedProviderCheckout, loadProviderScript, openProviderCheckout } from './providerScript';

/* The payment machine with its real calls: the shop's order API, the device's last order id, the provider's window. */

export interface PaymentRuntimeOptions {
  /** FEATURE_INTERNATIONAL_USERS: the v2 create. */
  international: boolean;
  shopName: string;
}

export function paymentLogic(
  payment: typeof paymentMachine,
  { international, shopName }: PaymentRuntimeOptions,
) {
  return payment.provide({
    actors: {
      cancelOrder: fromPromise(({ input, signal }) => cancelOrder(input.orderId, { signal })),
      createOrder: fromPromise(({ input, signal }) =>
        createOrder(input.request, { idempotencyKey: input.idempotencyKey, international, signal }),
      ),
      rememberOrder: fromPromise(({ input }) => writeLastOrderId(input.orderId, Date.now(), input.source)),
      recordAdBooking: fromPromise(({ input, signal }) =>
        addEventOrderDetails({ order_id: input.orderId, ad_assets: input.assets }, { signal }),
      ),
      redirectToPaymentLink: fromPromise(async ({ input }) => {
        if (input.paymentLink === '') throw new Error('The order has no payment link');
        pageLoad.assign(input.paymentLink);
        // The page is leaving: the full-screen loader stays until it has.
        await new Promise<never>(() => undefined);
      }),
      loadProviderScript: fromPromise(({ input }) => loadProviderScript(input.details)),
      openPaymentModal: fromCallback(({ input, sendBack }) =>
        openProviderCheckout({
          Checkout: loadedProviderCheckout(input.details.provider),
          details: input.details,
          shopName,
          description: `Order ${input.orderId}`,
          prefill: input.prefill,
          onOutcome: sendBack,
        }),
      ),
      confirmPayment: fromPromise(({ input, signal }) =>
        fetchAndUpdatePaymentStatus(input.orderId, input.result, { signal }),
      ),
      fetchOrderStatus: fromPromise(({ input, signal }) => fetchOrderStatus(input.orderId, { signal })),
      submitIssueForm: fromPromise(({ input }) =>
        sendForm({ form_id: 'payment_gateway_issue', form_submission_data: { orderId: input.orderId } }),
      ),
    },
  });
}
