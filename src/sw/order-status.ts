// The push-like return, service-worker side: on a Background Sync or Periodic Background Sync event, re-check
// the buyer's last order, raise a notification when its payment resolved, and tell the open pages.
// Relative imports only (see requests.ts); the records are the page's (src/storage/kv.ts, features/orders).

import { createStore, get, set, type UseStore } from 'idb-keyval';
import {
  ACCESS_TOKEN_COOKIE,
  isFinalOrderStatus,
  isNewsForBuyer,
  isWatchedOrderStatus,
  KV_DATABASE,
  KV_STORE,
  LAST_ORDER_KEY,
  ORDER_RETURN_KEY,
  ORDER_STATUS_MESSAGE,
  ORDER_STATUS_SYNC_TAG,
  type OrderReturnRecord,
  type OrderStatusMessage,
  orderNotice,
  parseOrderReturnRecord,
  TOKEN_EXPIRES_COOKIE,
  type WatchedOrderStatus,
} from '../lib/orderReturn';
import { postToWindows, type SyncEventLike } from './clients';

export type WorkerCheckOutcome = 'none' | 'unauthenticated' | 'pending' | 'final';

export interface WorkerCheckDeps {
  readLastOrderId(now: number): Promise<string | null>;
  readRecord(now: number): Promise<OrderReturnRecord | null>;
  writeRecord(record: OrderReturnRecord): Promise<void>;
  /** The main access token, or null when none is kept, it has expired or cookies cannot be read here. */
  accessToken(now: number): Promise<string | null>;
  fetch: typeof fetch;
  notificationPermission(): NotificationPermission;
  showNotification(title: string, options: NotificationOptions): Promise<void>;
  postToWindows(message: OrderStatusMessage): Promise<void>;
  now(): number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function statusOf(body: unknown): WatchedOrderStatus | null {
  const status = isRecord(body) ? body.order_status : undefined;
  return isWatchedOrderStatus(status) ? status : null;
}

/**
 * One check of the watched order. Asks the server to reconcile with the provider (the same call the page
 * makes), then: pending → tell the windows; final → one notification (where permitted) and tell the windows.
 * A failure of the network or server throws, so the browser retries the sync later.
 */
export async function checkOrderStatusInWorker(deps: WorkerCheckDeps): Promise<WorkerCheckOutcome> {
  const now = deps.now();
  const orderId = await deps.readLastOrderId(now);
  const record = await deps.readRecord(now);
  // The success screen clears the last order id: nothing left to watch.
  if (!orderId || !record || record.orderId !== orderId) return 'none';
  if (record.status && isFinalOrderStatus(record.status)) return 'final';
  const token = await deps.accessToken(now);
  if (!token) {
    await deps.postToWindows({ type: ORDER_STATUS_MESSAGE, orderId, status: null, orderNumber: null });
    return 'unauthenticated';
  }
  const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  const response = await deps.fetch(record.statusUrl, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ payment_result: null }),
  });
  if (response.status === 401 || response.status === 403) {
    // The page refreshes tokens; the worker never rotates them behind its back.
    await deps.postToWindows({ type: ORDER_STATUS_MESSAGE, orderId, status: null, orderNumber: null });
    return 'unauthenticated';
  }
  if (!response.ok) throw new Error(`Order status check answered ${response.status}`);
  const status = statusOf(await response.json());
  if (!status) throw new Error('Order status check answered no status');

  if (!isFinalOrderStatus(status)) {
    await deps.writeRecord({ ...record, status });
    await deps.postToWindows({
      type: ORDER_STATUS_MESSAGE,
      orderId,
      status,
      orderNumber: record.orderNumber,
    });
    return 'pending';
  }

  const orderNumber =
    record.orderNumber ?? (await readOrderNumber(deps, record.orderUrl, headers)) ?? orderId;
  const news = isNewsForBuyer(record.status, status);
  let notified = false;
  if (news && deps.notificationPermission() === 'granted') {
    const notice = orderNotice(orderId, orderNumber, status);
    await deps.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: notice.action.href },
    });
    notified = true;
  }
  // Not news (an unpaid order lapsed): nothing for the page's banner to say either.
  await deps.writeRecord({ ...record, status, orderNumber, notified, bannerShown: !news });
  await deps.postToWindows({ type: ORDER_STATUS_MESSAGE, orderId, status, orderNumber });
  return 'final';
}

async function readOrderNumber(
  deps: Pick<WorkerCheckDeps, 'fetch'>,
  url: string,
  headers: Record<string, string>,
): Promise<string | null> {
  try {
    const response = await deps.fetch(url, { headers });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    const order = isRecord(body) && isRecord(body.order) ? body.order : null;
    return typeof order?.customer_order_id === 'string' ? order.customer_order_id : null;
  } catch {
    return null;
  }
}

/* ---- The worker's real dependencies ---- */

interface CookieStoreLike {
  get(name: string): Promise<{ value: string } | null>;
}

interface Envelope {
  value: unknown;
  savedAt: number;
  expiresAt: number | null;
}

function isEnvelope(raw: unknown): raw is Envelope {
  return (
    isRecord(raw) &&
    'value' in raw &&
    typeof raw.savedAt === 'number' &&
    (raw.expiresAt === null || typeof raw.expiresAt === 'number')
  );
}

function liveValue(raw: unknown, now: number): unknown {
  if (!isEnvelope(raw) || (raw.expiresAt !== null && raw.expiresAt <= now)) return undefined;
  return raw.value;
}

/** The dependencies inside a service worker: IndexedDB, cookies through the Cookie Store API, its clients. */
export function workerDeps(scope: ServiceWorkerGlobalScope): WorkerCheckDeps {
  let store: UseStore | undefined;
  const kv = () => {
    store ??= createStore(KV_DATABASE, KV_STORE);
    return store;
  };
  return {
    async readLastOrderId(now) {
      const value = liveValue(await get(LAST_ORDER_KEY, kv()), now);
      return isRecord(value) && typeof value.orderId === 'string' && value.orderId ? value.orderId : null;
    },
    async readRecord(now) {
      return parseOrderReturnRecord(liveValue(await get(ORDER_RETURN_KEY, kv()), now));
    },
    async writeRecord(record) {
      const raw: unknown = await get(ORDER_RETURN_KEY, kv());
      // Kept in the page's envelope, with the page's expiry.
      const envelope: Envelope = isEnvelope(raw)
        ? { ...raw, value: record }
        : { value: record, savedAt: Date.now(), expiresAt: null };
      await set(ORDER_RETURN_KEY, envelope, kv());
    },
    async accessToken(now) {
      // The tokens live in the page's cookies (spec §6); a worker reads them only through the Cookie Store API.
      const cookies = (scope as unknown as { cookieStore?: CookieStoreLike }).cookieStore;
      if (!cookies) return null;
      const token = (await cookies.get(ACCESS_TOKEN_COOKIE))?.value;
      if (!token) return null;
      const expires = Number((await cookies.get(TOKEN_EXPIRES_COOKIE))?.value);
      return Number.isFinite(expires) && expires > 0 && expires <= now ? null : decodeURIComponent(token);
    },
    fetch: (input, init) => scope.fetch(input, init),
    notificationPermission: () => (typeof Notification === 'undefined' ? 'denied' : Notification.permission),
    showNotification: (title, options) => scope.registration.showNotification(title, options),
    postToWindows: (message) => postToWindows(scope, message),
    now: () => Date.now(),
  };
}

/** Registers the sync, periodic sync and notification-click handlers. */
export function registerOrderStatusSync(scope: ServiceWorkerGlobalScope, deps = workerDeps(scope)): void {
  scope.addEventListener('sync', (event) => {
    const sync = event as SyncEventLike;
    if (sync.tag !== ORDER_STATUS_SYNC_TAG) return;
    sync.waitUntil(
      checkOrderStatusInWorker(deps).then((outcome) => {
        // Still pending: failing the sync makes the browser try again later, with the app closed too.
        if (outcome === 'pending' && !sync.lastChance) throw new Error('The order is still pending');
      }),
    );
  });
  scope.addEventListener('periodicsync', (event) => {
    const sync = event as SyncEventLike;
    if (sync.tag !== ORDER_STATUS_SYNC_TAG) return;
    sync.waitUntil(
      checkOrderStatusInWorker(deps).then(async (outcome) => {
        if (outcome !== 'none' && outcome !== 'final') return;
        const periodic = (
          scope.registration as unknown as { periodicSync?: { unregister(tag: string): Promise<void> } }
        ).periodicSync;
        await periodic?.unregister(ORDER_STATUS_SYNC_TAG);
      }),
    );
  });
  scope.addEventListener('notificationclick', (event) => {
    const url = isRecord(event.notification.data) ? event.notification.data.url : undefined;
    if (typeof url !== 'string' || !url.startsWith('/')) return;
    event.notification.close();
    event.waitUntil(openOrFocus(scope, url));
  });
}

async function openOrFocus(scope: ServiceWorkerGlobalScope, path: string): Promise<void> {
  const target = new URL(path, scope.location.origin).href;
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows[0];
  if (open) {
    try {
      await (await open.focus()).navigate(target);
      return;
    } catch {
      // A window this worker does not control cannot be navigated from here: open a new one.
    }
  }
  await scope.clients.openWindow(target);
}
