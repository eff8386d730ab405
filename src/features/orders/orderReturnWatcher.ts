import {
  isFinalOrderStatus,
  isNewsForBuyer,
  isWatchedOrderStatus,
  ORDER_STATUS_MESSAGE,
  type OrderNotice,
  type OrderReturnRecord,
  type OrderStatusMessage,
  orderNotice,
  type WatchedOrderStatus,
} from '@/lib/orderReturn';

/*
 * The push-like return, page side: the buyer's last order is re-checked when the app opens, comes back to the
 * foreground (visibilitychange) or reconnects (online) — by the service worker where it can (Background Sync),
 * by the page otherwise — until its payment is final; then the buyer is told once, by a banner and, where they
 * allowed it, a notification.
 */

export interface OrderReturnDeps {
  /** Asks the server to reconcile with the payment provider; answers the order's status. */
  checkStatus(orderId: string): Promise<WatchedOrderStatus>;
  /** The order's customer_order_id, or null when it cannot be read. */
  orderNumber(orderId: string): Promise<string | null>;
  readLastOrderId(): Promise<string | null>;
  /** A paid order: empties the cart it was made from and forgets the stored id (src/state/paidOrder.ts). */
  settlePaid(orderId: string): Promise<unknown>;
  readRecord(): Promise<OrderReturnRecord | undefined>;
  writeRecord(record: OrderReturnRecord): Promise<void>;
  /** Shows the notification where the buyer allowed it; true when shown. */
  showNotification(notice: OrderNotice): Promise<boolean>;
  /** Hands the check to the service worker; true when it will answer with an ORDER_STATUS message. */
  registerBackgroundCheck(): Promise<boolean>;
  stopBackgroundCheck(): Promise<void>;
  isOnline(): boolean;
  /** Where the worker finds the order on the API. */
  urls(orderId: string): Pick<OrderReturnRecord, 'statusUrl' | 'orderUrl'>;
}

export type OrderReturnView =
  | { kind: 'idle' }
  | { kind: 'pending'; notice: OrderNotice }
  | { kind: 'resolved'; notice: OrderNotice };

export interface OrderReturnTargets {
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  /** navigator.serviceWorker, for the worker's answers; absent without one. */
  serviceWorker?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
}

/** How long the page waits for the worker's answer before asking itself (a worker without the handler). */
export const WORKER_ANSWER_MS = 10_000;

export interface OrderReturnWatcher {
  start(): void;
  stop(): void;
  /** Quiet on the checkout and the result screens, which tell the buyer themselves. */
  setQuiet(quiet: boolean): void;
}

function isStatusMessage(data: unknown): data is OrderStatusMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  return (
    m.type === ORDER_STATUS_MESSAGE &&
    typeof m.orderId === 'string' &&
    (m.status === null || isWatchedOrderStatus(m.status)) &&
    (m.orderNumber === null || typeof m.orderNumber === 'string')
  );
}

export function createOrderReturnWatcher({
  orderId,
  deps,
  onChange,
  targets,
  quiet: initiallyQuiet = false,
  workerAnswerMs = WORKER_ANSWER_MS,
}: {
  orderId: string;
  deps: OrderReturnDeps;
  onChange: (view: OrderReturnView) => void;
  targets: OrderReturnTargets;
  quiet?: boolean;
  workerAnswerMs?: number;
}): OrderReturnWatcher {
  let quiet = initiallyQuiet;
  let attached = false;
  let done = false;
  let checking = false;
  let pendingShown = false;
  let lastSeen: WatchedOrderStatus | null = null;
  let workerTimer: ReturnType<typeof setTimeout> | undefined;

  const onVisibility = () => {
    if (targets.document.visibilityState === 'visible') void trigger();
    // Leaving with the payment unsettled: the worker keeps checking once the app is gone.
    else if (!done && lastSeen !== null && !isFinalOrderStatus(lastSeen)) void deps.registerBackgroundCheck();
  };
  const onOnline = () => void trigger();
  const onMessage = (event: Event) => {
    const data = (event as MessageEvent).data;
    if (!isStatusMessage(data) || data.orderId !== orderId || done || quiet) return;
    clearTimeout(workerTimer);
    if (data.status === null) void pageCheck();
    else void settle(data.status, data.orderNumber);
  };

  function detach() {
    if (!attached) return;
    attached = false;
    targets.document.removeEventListener('visibilitychange', onVisibility);
    targets.window.removeEventListener('online', onOnline);
    targets.serviceWorker?.removeEventListener('message', onMessage);
  }

  function finish() {
    done = true;
    clearTimeout(workerTimer);
    detach();
    void deps.stopBackgroundCheck();
  }

  async function ensureRecord(): Promise<OrderReturnRecord> {
    const record = await deps.readRecord();
    if (record?.orderId === orderId) return record;
    const fresh: OrderReturnRecord = {
      orderId,
      ...deps.urls(orderId),
      status: null,
      orderNumber: null,
      notified: false,
      bannerShown: false,
    };
    await deps.writeRecord(fresh);
    return fresh;
  }

  async function trigger() {
    if (done || quiet || checking || !deps.isOnline()) return;
    checking = true;
    try {
      // The success screen clears the id, and a new order replaces it: either ends this watch.
      if ((await deps.readLastOrderId()) !== orderId) return finish();
      const record = await ensureRecord();
      // The worker resolved it while the app was away.
      if (record.status !== null && isFinalOrderStatus(record.status))
        return await resolve(record.status, record.orderNumber);
      if (await deps.registerBackgroundCheck()) {
        clearTimeout(workerTimer);
        workerTimer = setTimeout(() => void pageCheck(), workerAnswerMs);
        return;
      }
      await pageCheck();
    } finally {
      checking = false;
    }
  }

  async function pageCheck() {
    if (done || quiet) return;
    let status: WatchedOrderStatus;
    try {
      status = await deps.checkStatus(orderId);
    } catch {
      // Offline or the server in trouble: the next focus or reconnect asks again.
      return;
    }
    await settle(status, null);
  }

  async function settle(status: WatchedOrderStatus, orderNumber: string | null) {
    if (done) return;
    if (isFinalOrderStatus(status)) return resolve(status, orderNumber);
    lastSeen = status;
    const record = await ensureRecord();
    const number = orderNumber ?? record.orderNumber;
    await deps.writeRecord({ ...record, status, orderNumber: number });
    // A payment in flight is worth a word (and the offer to notify); a merely created order is not.
    if (status !== 'PENDING' || pendingShown || done) return;
    pendingShown = true;
    const shown = number ?? (await deps.orderNumber(orderId));
    if (shown && !number) await deps.writeRecord({ ...record, status, orderNumber: shown });
    onChange({ kind: 'pending', notice: orderNotice(orderId, shown ?? orderId, status) });
  }

  async function resolve(status: WatchedOrderStatus, orderNumberHint: string | null) {
    if (done) return;
    finish();
    const record = await ensureRecord();
    // A final status the worker wrote carries its own verdict (bannerShown) on whether it is news.
    const recorded = record.status !== null && isFinalOrderStatus(record.status) ? record.status : null;
    const finalStatus = recorded ?? status;
    const news = recorded ? !record.bannerShown : isNewsForBuyer(record.status, status);
    if (news) {
      const orderNumber =
        orderNumberHint ?? record.orderNumber ?? (await deps.orderNumber(orderId)) ?? orderId;
      const notice = orderNotice(orderId, orderNumber, finalStatus);
      const notified = record.notified || (await deps.showNotification(notice).catch(() => false));
      await deps.writeRecord({ ...record, status: finalStatus, orderNumber, notified, bannerShown: true });
      onChange({ kind: 'resolved', notice });
    } else {
      await deps.writeRecord({ ...record, status: finalStatus, bannerShown: true });
      onChange({ kind: 'idle' });
    }
    // Paid: nothing left to resume, and the cart it was bought from goes (the success screen does the same).
    if (finalStatus === 'SUCCESS') await deps.settlePaid(orderId);
  }

  return {
    start() {
      if (attached || done) return;
      attached = true;
      targets.document.addEventListener('visibilitychange', onVisibility);
      targets.window.addEventListener('online', onOnline);
      targets.serviceWorker?.addEventListener('message', onMessage);
      void trigger();
    },
    stop() {
      clearTimeout(workerTimer);
      detach();
    },
    setQuiet(next) {
      const wasQuiet = quiet;
      quiet = next;
      if (wasQuiet && !next) void trigger();
    },
  };
}
