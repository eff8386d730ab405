import type { OrderStatus, PaymentResult } from '@contract/orders';
import type { Executor } from '../../db/client';
import type { OrderRow } from '../../db/schema';
import { markBooked } from '../ads/repo';
import type { OrderPayments, PaymentOutcome } from '../payments/provider';
import { isSettled, ORDER_NOT_FOUND, type OrdersContext, refuse } from './context';
import { createLicences } from './licences';
import * as repo from './repo';

/** How long one process holds a refund request before another may make it (a request times out well before). */
const REFUND_CLAIM_MS = 60_000;
const REFUND_BACKOFF_BASE_MS = 60_000;
const REFUND_BACKOFF_MAX_MS = 6 * 3_600_000;

/** The wait after the `attempts`-th refused refund request: a minute, doubling, at most six hours. */
export function refundBackoffMs(attempts: number): number {
  return Math.min(REFUND_BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), REFUND_BACKOFF_MAX_MS);
}

/** An order its buyer cancelled, or that expired: a payment that still settles on it is given back, never applied. */
export function isLapsed(status: OrderStatus): boolean {
  return status === 'CANCELLED' || status === 'EXPIRED';
}

/** A refund with no payment to name: asking the provider again would not change that. */
class NothingToRefundError extends Error {}

/** An order's payment settled: the provider's word applied, and a payment on a lapsed order refunded. */
export function createSettlement(ctx: OrdersContext) {
  const { db, now, log, provider, transaction, refundMaxAttempts } = ctx;

  /**
   * Marks an open order paid inside a transaction: its sales, licences, game key and ad booking, each once (its
   * stock and coupon use are already held since its creation).
   */
  async function markPaid(tx: Executor, order: OrderRow, paymentId: string | null): Promise<'SUCCESS'> {
    const at = now();
    await repo.updateOrder(tx, order.id, {
      status: 'SUCCESS',
      successAt: at,
      providerPaymentId: paymentId ?? order.providerPaymentId,
      updatedAt: at,
    });
    await markBooked(tx, order.id, at);
    await repo.recordSales(
      tx,
      order.id,
      order.packages.map((p) => ({ packageId: p.package_id, quantity: p.quantity })),
      at,
    );
    await createLicences(tx, order, at);
    if (order.gameKeysRequired) {
      const game = order.packages[0]?.products.find((p) => p.product_type === 'game');
      const key = game
        ? await repo.assignGameKey(tx, { orderId: order.id, productCode: game.product_code, at })
        : null;
      if (!key) {
        log.warn(
          { order_id: order.id, product_code: game?.product_code },
          'no free game key for a paid order; add keys with `npm run shop -- orders add-game-keys`',
        );
      }
    }
    return 'SUCCESS';
  }

  /**
   * Asks the provider to give back a payment owed a refund, once at a time across processes (a claimed attempt).
   * A refused request is asked again by the sweep after a backoff; after `refundMaxAttempts` refusals, or at once
   * when there is no payment to name, the order is left to a person (`npm run shop -- orders refunds`).
   */
  async function requestRefund(orderId: string): Promise<void> {
    const at = now();
    const order = await repo.claimRefundAttempt(db, orderId, at, new Date(at.getTime() + REFUND_CLAIM_MS));
    if (!order) return;
    try {
      if (!order.providerOrderId || !order.providerPaymentId) {
        throw new NothingToRefundError('no provider payment id to refund');
      }
      const { refundId } = await provider.refund({
        providerOrderId: order.providerOrderId,
        providerPaymentId: order.providerPaymentId,
        amountMinor: order.totalMinor,
        orderId: order.id,
      });
      const done = now();
      await repo.updateOrderIf(db, order.id, 'REFUND_PENDING', {
        status: 'REFUNDED',
        refundId,
        refundedAt: done,
        refundNextAttemptAt: null,
        refundLastError: null,
        updatedAt: done,
      });
      log.info({ order_id: order.id, refund_id: refundId }, 'payment refunded');
    } catch (error) {
      const failedAt = now();
      const giveUp = error instanceof NothingToRefundError || order.refundAttempts >= refundMaxAttempts;
      const retryIn = refundBackoffMs(order.refundAttempts);
      await repo.updateOrderIf(db, order.id, 'REFUND_PENDING', {
        refundLastError: String(error instanceof Error ? error.message : error).slice(0, 500),
        refundNextAttemptAt: giveUp ? null : new Date(failedAt.getTime() + retryIn),
        refundGaveUpAt: giveUp ? failedAt : null,
        updatedAt: failedAt,
      });
      const context = {
        err: error,
        order_id: order.id,
        provider: provider.name,
        attempts: order.refundAttempts,
      };
      if (giveUp) {
        log.error(context, 'the provider refused the refund for the last time; a person must refund it');
      } else {
        log.warn(
          { ...context, retry_in_ms: retryIn },
          'the provider did not accept a refund; the sweep asks again',
        );
      }
    }
  }

  /**
   * Applies a provider's verified word: idempotent, and SUCCESS, REFUND_PENDING and REFUNDED are final whatever
   * arrives after them.
   */
  async function applyOutcome(
    orderId: string,
    outcome: Exclude<PaymentOutcome, 'CREATED'>,
    providerPaymentId: string | null,
  ): Promise<OrderStatus | null> {
    const status = await transaction(async (tx): Promise<OrderStatus | null> => {
      const order = await repo.lockOrder(tx, orderId);
      if (!order) return null;
      if (isSettled(order.status)) return order.status;
      const at = now();
      if (outcome === 'PAID') {
        // Decided under the order's row lock: a cancel or expiry committed first means this payment goes back.
        if (isLapsed(order.status)) {
          await repo.updateOrder(tx, order.id, {
            status: 'REFUND_PENDING',
            providerPaymentId: providerPaymentId ?? order.providerPaymentId,
            updatedAt: at,
          });
          log.warn(
            { order_id: order.id, was: order.status },
            'a payment settled on a lapsed order: refunding it',
          );
          return 'REFUND_PENDING';
        }
        await markPaid(tx, order, providerPaymentId);
        log.info({ order_id: order.id, was: order.status }, 'order paid');
        return 'SUCCESS';
      }
      // A failed or pending payment keeps the reservation until it lapses, so the buyer can pay the same order.
      if (outcome === 'FAILED' && (order.status === 'CREATED' || order.status === 'PENDING')) {
        await repo.updateOrder(tx, order.id, { status: 'FAILED', providerPaymentId, updatedAt: at });
        return 'FAILED';
      }
      if (outcome === 'PENDING' && (order.status === 'CREATED' || order.status === 'FAILED')) {
        await repo.updateOrder(tx, order.id, { status: 'PENDING', providerPaymentId, updatedAt: at });
        return 'PENDING';
      }
      return order.status;
    });
    if (status === 'REFUND_PENDING') await requestRefund(orderId);
    return status;
  }

  const payments: OrderPayments = {
    async findByProviderOrderId(providerOrderId) {
      const row = await repo.findOrderByProviderOrderId(db, providerOrderId);
      return row ? { orderId: row.id } : null;
    },
    async applyOutcome(orderId, outcome, providerPaymentId) {
      await applyOutcome(orderId, outcome, providerPaymentId);
    },
  };

  return { markPaid, applyOutcome, requestRefund, payments };
}

export type Settlement = ReturnType<typeof createSettlement>;

/** The buyer's way back from paying: a signed result or the hosted page's return, checked with the provider. */
export function createPaymentChecks(
  { db, log, provider }: OrdersContext,
  {
    applyOutcome,
    owned,
  }: Pick<Settlement, 'applyOutcome'> & { owned: (orderId: string, userId: string) => Promise<OrderRow> },
) {
  return {
    /** The browser's shortcut (a signed result) or, without one, the provider's own word. */
    async reconcile(orderId: string, userId: string, result: PaymentResult | null | undefined) {
      const order = await owned(orderId, userId);
      if (result) {
        if (!order.providerOrderId) throw refuse(409, 'This order has no payment to check');
        if (!provider.verifyCallback(result, order.providerOrderId)) {
          log.warn({ order_id: order.id }, 'a payment result with a wrong signature was refused');
          throw refuse(400, 'This payment result could not be verified', 'payment_result');
        }
        await applyOutcome(order.id, 'PAID', result.provider_payment_id);
      } else if (order.providerOrderId && !isSettled(order.status)) {
        const state = await provider.fetchState(order.providerOrderId);
        if (state.outcome !== 'CREATED') await applyOutcome(order.id, state.outcome, state.providerPaymentId);
      }
      const current = await repo.findOrder(db, order.id);
      return { order_id: order.id, order_status: current?.status ?? order.status };
    },

    /** The hosted page's way back: verified against the stored provider order; answers the order id. */
    async acceptReturn(orderId: string, query: Record<string, string | undefined>) {
      const order = await repo.findOrder(db, orderId);
      if (!order?.providerOrderId) throw refuse(404, ORDER_NOT_FOUND);
      const verified = provider.verifyReturn(query, order.providerOrderId);
      if (!verified) {
        log.warn({ order_id: order.id }, 'a payment return with a wrong signature was refused');
        throw refuse(400, 'This payment result could not be verified');
      }
      if (verified.outcome !== 'CREATED') {
        await applyOutcome(order.id, verified.outcome, verified.providerPaymentId);
      }
      return order.id;
    },
  };
}
