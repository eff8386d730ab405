import { ORDER_RESERVATION_MINUTES, type PaymentDetails } from '@contract/orders';
import type { OrderRow } from '../../db/schema';
import { HttpError } from '../../errors';
import { isOpen, minutes, type OrdersContext, PAYMENT_CLAIM_MS, refuse } from './context';
import * as repo from './repo';
import { customerOrderId } from './wire';

/** How long a concurrent retry waits for that payment to appear, polling the order. */
const PAYMENT_WAIT_MS = 15_000;
const PAYMENT_POLL_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The provider's payment order for a shop order, and how it is handed to the order's buyer. */
export function createProviderPayments({ db, now, log, provider }: OrdersContext) {
  /** Provider payments being created by this process, shared by its concurrent retries of the same order. */
  const creatingPayments = new Map<string, Promise<PaymentDetails>>();

  /**
   * The provider's payment order for a shop order: created once, then the stored one on every retry. `claimed`: this
   * request inserted the order, which holds the right to create it.
   */
  async function ensurePayment(
    order: OrderRow,
    callbackUrl: string,
    { claimed = false }: { claimed?: boolean } = {},
  ): Promise<PaymentDetails | null> {
    if (order.paymentDetails) return order.paymentDetails;
    if (!isOpen(order.status) || order.totalMinor === 0) return null;
    const inFlight = creatingPayments.get(order.id);
    if (inFlight) return inFlight;

    const deadline = Date.now() + PAYMENT_WAIT_MS;
    for (let first = true; ; first = false) {
      const at = now();
      if (
        (claimed && first) ||
        (await repo.claimPaymentCreation(db, order.id, at, new Date(at.getTime() + PAYMENT_CLAIM_MS)))
      ) {
        const creating = createPayment(order, callbackUrl);
        creatingPayments.set(order.id, creating);
        try {
          return await creating;
        } finally {
          creatingPayments.delete(order.id);
        }
      }
      // Another request (maybe another process) is creating it: wait for what it stores.
      const shared = creatingPayments.get(order.id);
      if (shared) return shared;
      const current = await repo.findOrder(db, order.id);
      if (current?.paymentDetails) return current.paymentDetails;
      if (Date.now() > deadline) {
        throw refuse(503, 'The payment is still being prepared. Try again in a moment.');
      }
      await sleep(PAYMENT_POLL_MS);
    }
  }

  async function createPayment(order: OrderRow, callbackUrl: string): Promise<PaymentDetails> {
    let handle: PaymentDetails;
    try {
      handle = await provider.createPayment({
        orderId: order.id,
        customerOrderId: customerOrderId(order.number),
        amountMinor: order.totalMinor,
        currency: order.currency,
        service: order.paymentService,
        buyer: {
          id: order.userId,
          name: order.billingDetails.name,
          email: order.shippingDetails?.email ?? null,
          phone: order.shippingDetails?.mobile_number ?? order.billingDetails.mobile_number,
        },
        callbackUrl,
        expiresAt: order.expiresAt,
      });
    } catch (error) {
      await repo.releasePaymentClaim(db, order.id);
      log.error(
        { err: error, order_id: order.id, provider: provider.name },
        'payment provider refused the order',
      );
      throw new HttpError(502, 'We could not reach the payment provider. Try again in a moment.').withCause(
        error,
      );
    }
    await repo.updateOrder(db, order.id, {
      provider: provider.name,
      providerOrderId: handle.provider_order_id,
      paymentDetails: handle,
      paymentClaimUntil: null,
      updatedAt: now(),
    });
    return handle;
  }

  /** The payment as handed to the order's own buyer, with the provider's short-lived proof that it is theirs. */
  function handOut(details: PaymentDetails | null, order: OrderRow): PaymentDetails | null {
    if (!details || !provider.grant) return details;
    const until = new Date(now().getTime() + minutes(ORDER_RESERVATION_MINUTES));
    return provider.grant(details, order.userId, until);
  }

  return { ensurePayment, handOut };
}

export type ProviderPayments = ReturnType<typeof createProviderPayments>;
