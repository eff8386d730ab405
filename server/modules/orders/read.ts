import type { Order } from '@contract/orders';
import type { OrderRow } from '../../db/schema';
import { bookingsOf } from '../ads/repo';
import { bookingToWire } from '../ads/wire';
import type { OrdersContext } from './context';
import type { Expiry } from './expire';
import * as repo from './repo';
import { orderToWire } from './wire';

const HISTORY_LIMIT = 100;

/** The buyer's orders as read: each expired first when its time is up. */
export function createOrderReads(
  { db, now }: OrdersContext,
  { isDue, expireIfDue, owned }: Pick<Expiry, 'isDue' | 'expireIfDue' | 'owned'>,
) {
  async function wire(rows: readonly OrderRow[]): Promise<Order[]> {
    const ids = rows.map((r) => r.id);
    const [keys, bookings] = await Promise.all([repo.gameKeysOf(db, ids), bookingsOf(db, ids)]);
    const bookingOf = new Map(bookings.map((b) => [b.orderId, bookingToWire(b)]));
    return rows.map((row) => orderToWire(row, keys.get(row.id) ?? [], bookingOf.get(row.id) ?? null));
  }

  return {
    async status(orderId: string, userId: string) {
      const order = await owned(orderId, userId);
      return { order_id: order.id, order_status: order.status };
    },

    async details(orderId: string, userId: string): Promise<Order> {
      const [order] = await wire([await owned(orderId, userId)]);
      if (!order) throw new Error('an order read nothing');
      return order;
    },

    async history(userId: string): Promise<Order[]> {
      let rows = await repo.listUserOrders(db, userId, HISTORY_LIMIT);
      // Only this buyer's lapsed orders are closed here (the sweep does everyone's), and the list read again.
      const due = rows.filter((row) => isDue(row, now()));
      for (const row of due) await expireIfDue(row.id);
      if (due.length > 0) rows = await repo.listUserOrders(db, userId, HISTORY_LIMIT);
      return wire(rows);
    },
  };
}
