import type { Executor } from '../../db/client';
import type { OrderRow } from '../../db/schema';
import { releaseBooking } from '../ads/repo';
import type { PaymentProvider } from '../payments/provider';
import {
  isOpen,
  minutes,
  ORDER_NOT_FOUND,
  ORPHAN_GRACE_MS,
  type OrdersContext,
  PENDING_GRACE_MINUTES,
  refuse,
} from './context';
import { isLapsed, type Settlement } from './pay';
import * as repo from './repo';

const SWEEP_BATCH = 50;

/** Unpaid orders closed: cancelled by their buyer, or expired once their reservation lapses. */
export function createExpiry(
  ctx: OrdersContext,
  { applyOutcome, requestRefund }: Pick<Settlement, 'applyOutcome' | 'requestRefund'>,
) {
  const { db, now, log, provider, transaction } = ctx;

  /** Gives an unpaid order's stock, coupon use and ad screens back, once, and sets its final status. */
  async function close(
    tx: Executor,
    order: OrderRow,
    status: 'CANCELLED' | 'EXPIRED',
    bump: () => Promise<void>,
  ) {
    const at = now();
    if (order.stockReleasedAt === null) {
      await repo.returnStock(tx, order.reservation, at);
      await repo.releaseRedemption(tx, order.id);
      if (order.reservation.length > 0) await bump();
      await releaseBooking(tx, order.id, at);
    }
    return repo.updateOrder(tx, order.id, {
      status,
      stockReleasedAt: order.stockReleasedAt ?? at,
      updatedAt: at,
    });
  }

  function isDue(order: OrderRow, at: Date): boolean {
    if (
      order.status === 'CREATED' &&
      order.providerOrderId === null &&
      order.totalMinor > 0 &&
      order.createdAt.getTime() + ORPHAN_GRACE_MS < at.getTime() &&
      (order.paymentClaimUntil === null || order.paymentClaimUntil < at)
    ) {
      return true;
    }
    if (order.status === 'CREATED' || order.status === 'FAILED') return order.expiresAt < at;
    if (order.status === 'PENDING')
      return order.expiresAt.getTime() + minutes(PENDING_GRACE_MINUTES) < at.getTime();
    return false;
  }

  /** Tells the provider that a closed order's payment may no longer be made; a failure leaves the refund net. */
  async function closeAtProvider(order: Pick<OrderRow, 'id' | 'providerOrderId'>): Promise<void> {
    if (!order.providerOrderId) return;
    await provider.closePayment(order.providerOrderId).catch((error: unknown) => {
      log.warn(
        { err: error, order_id: order.id, provider: provider.name },
        'could not close the payment at the provider; a payment made on it anyway is refunded',
      );
    });
  }

  /**
   * Expires one order if its reservation has lapsed, after asking the provider whether it was paid after all (a
   * lost webhook): a paid order is never expired. When the provider cannot be asked, the order waits for the next
   * sweep.
   */
  async function expireIfDue(orderId: string): Promise<void> {
    const seen = await repo.findOrder(db, orderId);
    if (!seen || !isDue(seen, now())) return;
    if (seen.providerOrderId) {
      let state: Awaited<ReturnType<PaymentProvider['fetchState']>>;
      try {
        state = await provider.fetchState(seen.providerOrderId);
      } catch (error) {
        log.warn(
          { err: error, order_id: orderId, provider: provider.name },
          'could not ask the provider before expiring an order; it stays open until the next sweep',
        );
        return;
      }
      if (state.outcome === 'PAID' || (state.outcome === 'PENDING' && seen.status !== 'PENDING')) {
        await applyOutcome(orderId, state.outcome, state.providerPaymentId);
      }
    }
    const closed = await transaction(async (tx, bump) => {
      const order = await repo.lockOrder(tx, orderId);
      return order && isDue(order, now()) ? close(tx, order, 'EXPIRED', bump) : undefined;
    });
    if (closed) await closeAtProvider(closed);
  }

  /** Expires every lapsed order (a batch at a time): the periodic sweep and order creation run it. */
  async function expireDue(limit = SWEEP_BATCH): Promise<number> {
    const at = now();
    const due = await repo.findExpired(
      db,
      at,
      {
        pendingBefore: new Date(at.getTime() - minutes(PENDING_GRACE_MINUTES)),
        orphanedBefore: new Date(at.getTime() - ORPHAN_GRACE_MS),
      },
      limit,
    );
    for (const { id } of due) await expireIfDue(id);
    return due.length;
  }

  /** The periodic sweep: lapsed orders expire, refunds still owed are asked for again. */
  async function sweep(): Promise<void> {
    await expireDue();
    for (const { id } of await repo.findRefundsDue(db, now(), SWEEP_BATCH)) await requestRefund(id);
  }

  /** The buyer's own order (expired first if its time is up); anyone else's is not found, so ids leak nothing. */
  async function owned(orderId: string, userId: string): Promise<OrderRow> {
    const first = await repo.findOrder(db, orderId);
    if (!first || first.userId !== userId) throw refuse(404, ORDER_NOT_FOUND);
    if (!isDue(first, now())) return first;
    await expireIfDue(orderId);
    const row = await repo.findOrder(db, orderId);
    if (!row) throw refuse(404, ORDER_NOT_FOUND);
    return row;
  }

  /**
   * After a cancel: whether the provider still holds a payment of the order that may complete (a UPI collect, a
   * bank page left open). One it already took is applied now, so it is refunded at once.
   */
  async function paymentInFlight(order: Pick<OrderRow, 'id' | 'providerOrderId'>): Promise<boolean> {
    if (!order.providerOrderId) return false;
    try {
      const state = await provider.fetchState(order.providerOrderId);
      if (state.outcome === 'PAID') await applyOutcome(order.id, 'PAID', state.providerPaymentId);
      return state.outcome === 'PENDING';
    } catch (error) {
      log.warn(
        { err: error, order_id: order.id, provider: provider.name },
        'could not ask the provider after a cancel; the buyer is told a payment may still complete',
      );
      return true;
    }
  }

  /**
   * CREATED, PENDING or FAILED → CANCELLED with its stock back (once); a paid order cannot be. The order's row lock
   * orders it with a payment settling: cancelled first, that payment is refunded; paid first, the cancel is refused.
   */
  async function cancel(orderId: string, userId: string) {
    await owned(orderId, userId);
    const { order, closed } = await transaction(async (tx, bump) => {
      const locked = await repo.lockOrder(tx, orderId);
      if (!locked) throw refuse(404, ORDER_NOT_FOUND);
      if (locked.status === 'SUCCESS') {
        throw refuse(409, 'This order has been paid, so it cannot be cancelled');
      }
      if (!isOpen(locked.status)) return { order: locked, closed: false };
      return { order: (await close(tx, locked, 'CANCELLED', bump)) ?? locked, closed: true };
    });
    if (closed) await closeAtProvider(order);
    // A cancel asked again (a retry) tells the same truth about the payment as the first.
    const inFlight = isLapsed(order.status) && (await paymentInFlight(order));
    const current = isLapsed(order.status) ? await repo.findOrder(db, orderId) : order;
    return { order_id: orderId, order_status: current?.status ?? order.status, payment_in_flight: inFlight };
  }

  return { isDue, expireIfDue, expireDue, sweep, owned, cancel };
}

export type Expiry = ReturnType<typeof createExpiry>;
