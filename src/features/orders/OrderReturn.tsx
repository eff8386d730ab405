import { useEffect, useRef, useState } from 'react';
import { serviceUrl } from '@/api/config';
import { isOnline } from '@/api/online';
import { fetchAndUpdatePaymentStatus, fetchOrder } from '@/api/orders';
import { settlePaidOrder } from '@/state/paidOrder';
import { readLastOrderId } from '@/storage/checkoutDraft';
import { readOrderReturnRecord, writeOrderReturnRecord } from '@/storage/orderReturn';
import { registerOrderStatusSync, unregisterPeriodicCheck } from './backgroundSync';
import { showOrderNotification } from './notifications';
import { OrderReturnBanner } from './OrderReturnBanner';
import {
  createOrderReturnWatcher,
  type OrderReturnDeps,
  type OrderReturnView,
  type OrderReturnWatcher,
} from './orderReturnWatcher';

const orderPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;

/** The watcher's dependencies in the browser: the API, IndexedDB, notifications and the service worker. */
export const browserOrderReturnDeps: OrderReturnDeps = {
  checkStatus: async (orderId) => (await fetchAndUpdatePaymentStatus(orderId, null)).order_status,
  orderNumber: (orderId) =>
    fetchOrder(orderId).then(
      (order) => order.customer_order_id,
      () => null,
    ),
  readLastOrderId: () => readLastOrderId(),
  settlePaid: settlePaidOrder,
  readRecord: () => readOrderReturnRecord(),
  writeRecord: (record) => writeOrderReturnRecord(record),
  showNotification: showOrderNotification,
  registerBackgroundCheck: registerOrderStatusSync,
  stopBackgroundCheck: unregisterPeriodicCheck,
  isOnline,
  urls: (orderId) => ({
    statusUrl: serviceUrl('invoicing', `${orderPath(orderId)}/fetch_and_update_payment_status/v1/`),
    orderUrl: serviceUrl('invoicing', `${orderPath(orderId)}/v1/`),
  }),
};

export interface OrderReturnProps {
  orderId: string;
  quiet: boolean;
  deps?: OrderReturnDeps;
}

/** Watches the stored last order (mounted by OrderReturnMount only when there is one) and shows its banner. */
export default function OrderReturn({ orderId, quiet, deps = browserOrderReturnDeps }: OrderReturnProps) {
  const [view, setView] = useState<OrderReturnView>({ kind: 'idle' });
  const watcher = useRef<OrderReturnWatcher | null>(null);
  const quietRef = useRef(quiet);
  quietRef.current = quiet;

  useEffect(() => {
    let alive = true;
    const next = createOrderReturnWatcher({
      orderId,
      deps,
      quiet: quietRef.current,
      onChange: (v) => {
        if (alive) setView(v);
      },
      targets: {
        window,
        document,
        serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : null,
      },
    });
    watcher.current = next;
    next.start();
    return () => {
      alive = false;
      next.stop();
    };
  }, [orderId, deps]);

  useEffect(() => watcher.current?.setQuiet(quiet), [quiet]);

  return <OrderReturnBanner view={view} onDismiss={() => setView({ kind: 'idle' })} />;
}
