import type { OrderStatus, PaymentResult } from '@contract/orders';
import type { Executor } from '../../db/client';
import type { OrderRow } from '../../db/schema';
import { isAdClash, markBooked, reholdBooking } from '../ads/repo';
import type { OrderPayments, PaymentOutcome } from '../payments/provider';
import { isSettled, ORDER_NOT_FOUND, type OrdersContext, refuse } from './context';
import * as repo from './repo';

/** Inside a late payment's savepoint: a unit or an ad screen it needs has gone to another buyer. */
class StockGoneError extends Error {}

/** An order's payment settled: the provider's word applied, and a late payment whose stock had gone refunded. */
export function createSettlement(ctx: OrdersContext) {
  const { db, now, log, provider, transaction } = ctx;

  /**
   * Marks an order paid inside a transaction: stock, coupon, sales, its game key and its ad booking, each once. An
   * order that had lapsed (cancelled or expired, its stock and screens given back) takes them again only if all of
   * them are still free; otherwise they went to another buyer, so the payment is refunded instead: never a unit
   * sold, or a screen booked, twice.
   */
  async function markPaid(
    tx: Executor,
    order: OrderRow,
    paymentId: string | null,
    bump: () => Promise<void>,
  ): Promise<'SUCCESS' | 'REFUND_PENDING'> {
    const at = now();
    if (order.stockReleasedAt !== null) {
      const retaken = await tx
        .transaction(async (savepoint) => {
          for (const line of order.reservation) {
            if ((await repo.takeStock(savepoint, line.product_id, line.quantity, at)) === 'short') {
              throw new StockGoneError();
            }
          }
          await reholdBooking(savepoint, order.id).catch((error: unknown) => {
            throw isAdClash(error) ? new StockGoneError() : error;
          });
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof StockGoneError) return false;
          throw error;
        });
      if (!retaken) {
        await repo.updateOrder(tx, order.id, {
          status: 'REFUND_PENDING',
          providerPaymentId: paymentId ?? order.providerPaymentId,
          updatedAt: at,
        });
        log.warn(
          { order_id: order.id, was: order.status },
          'a payment arrived after the order lapsed and its stock or screens went to another: refunding it',
        );
        return 'REFUND_PENDING';
      }
      if (order.reservation.length > 0) await bump();
    }
    if (order.stockReleasedAt !== null && order.couponCode) {
      await repo.recordRedemption(tx, {
        couponCode: order.couponCode,
        userId: order.userId,
        orderId: order.id,
        at,
      });
    }
    await repo.updateOrder(tx, order.id, {
      status: 'SUCCESS',
      successAt: at,
      stockReleasedAt: null,
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

  /** Asks the provider to give back a late payment whose stock had gone; the sweep retries a refused request. */
  async function requestRefund(orderId: string): Promise<void> {
    const order = await repo.findOrder(db, orderId);
    if (order?.status !== 'REFUND_PENDING') return;
    if (!order.providerOrderId || !order.providerPaymentId) {
      log.error(
        { order_id: order.id },
        'a late payment to refund has no provider payment id; refund it by hand',
      );
      return;
    }
    try {
      const { refundId } = await provider.refund({
        providerOrderId: order.providerOrderId,
        providerPaymentId: order.providerPaymentId,
        amountMinor: order.totalMinor,
        orderId: order.id,
      });
      const at = now();
      await repo.updateOrderIf(db, order.id, 'REFUND_PENDING', {
        status: 'REFUNDED',
        refundId,
        refundedAt: at,
        updatedAt: at,
      });
      log.info({ order_id: order.id, refund_id: refundId }, 'late payment refunded');
    } catch (error) {
      log.warn(
        { err: error, order_id: order.id, provider: provider.name },
        'the provider did not accept a refund yet; the sweep asks again',
      );
    }
  }

  /** Applies a provider's verified word: idempotent, and SUCCESS is final whatever arrives after it. */
  async function applyOutcome(
    orderId: string,
    outcome: Exclude<PaymentOutcome, 'CREATED'>,
    providerPaymentId: string | null,
  ): Promise<OrderStatus | null> {
    const status = await transaction(async (tx, bump): Promise<OrderStatus | null> => {
      const order = await repo.lockOrder(tx, orderId);
      if (!order) return null;
      if (isSettled(order.status)) return order.status;
      const at = now();
      if (outcome === 'PAID') {
        const paid = await markPaid(tx, order, providerPaymentId, bump);
        if (paid === 'SUCCESS') log.info({ order_id: order.id, was: order.status }, 'order paid');
        return paid;
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
