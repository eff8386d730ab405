import { lazy, Suspense, useEffect, useState } from 'react';
import { readStoredOrderId } from './lastOrderProbe';

// The watcher, its API calls and zod load only for a buyer with a stored last order.
const OrderReturn = lazy(() => import('./OrderReturn'));

const QUIET_PATHS = [/^\/checkout\/?$/, /^\/success\/?$/, /^\/failure\/?$/, /^\/order\/[^/]+\/success\/?$/];

/** The checkout and the result screens tell the buyer about their payment themselves. */
export function isQuietPath(pathname: string): boolean {
  return QUIET_PATHS.some((pattern) => pattern.test(pathname));
}

/**
 * Mounted once in the app shell: looks for a stored last order when the app opens, comes back to the foreground
 * or reconnects (an order created since is picked up too), and only then loads the watcher.
 */
export function OrderReturnMount({
  pathname,
  readOrderId = readStoredOrderId,
}: {
  pathname: string;
  readOrderId?: () => Promise<string | null>;
}) {
  const [orderId, setOrderId] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    const look = () => {
      void readOrderId().then((id) => {
        if (alive && id) setOrderId(id);
      });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') look();
    };
    look();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', look);
    return () => {
      alive = false;
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', look);
    };
  }, [readOrderId]);
  if (!orderId) return null;
  return (
    <Suspense fallback={null}>
      <OrderReturn key={orderId} orderId={orderId} quiet={isQuietPath(pathname)} />
    </Suspense>
  );
}
