import { describe, expect, it, vi } from 'vitest';
import {
  ORDER_STATUS_MESSAGE,
  ORDER_STATUS_SYNC_TAG,
  type OrderReturnRecord,
  type OrderStatusMessage,
} from '../lib/orderReturn';
import { clearLastOrderId, writeLastOrderId } from '../storage/checkoutDraft';
import { writeOrderReturnRecord } from '../storage/orderReturn';
import {
  checkOrderStatusInWorker,
  registerOrderStatusSync,
  type WorkerCheckDeps,
  workerDeps,
} from './order-status';

const NOW = Date.parse('2026-11-03T13:30:00.000Z');

const watched: OrderReturnRecord = {
  orderId: 'ord_1',
  statusUrl: '/api/invoicing/orders/ord_1/fetch_and_update_payment_status/v1/',
  orderUrl: '/api/invoicing/orders/ord_1/v1/',
  status: 'PENDING',
  orderNumber: null,
  notified: false,
  bannerShown: false,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A worker with a stored order, a token and a server that answers `status`. */
function worker({
  status = 'SUCCESS' as string,
  httpStatus = 200,
  token = 'access-1' as string | null,
  permission = 'granted' as NotificationPermission,
  record = watched as OrderReturnRecord | null,
  storedId = 'ord_1' as string | null,
} = {}) {
  const posted: OrderStatusMessage[] = [];
  const shown: { title: string; options: NotificationOptions }[] = [];
  const state = { record };
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
    String(input).endsWith('/fetch_and_update_payment_status/v1/')
      ? json(httpStatus, { order_id: 'ord_1', order_status: status })
      : json(200, { order: { customer_order_id: 'IBC1001' } }),
  );
  const deps: WorkerCheckDeps = {
    readLastOrderId: async () => storedId,
    readRecord: async () => state.record,
    writeRecord: async (next) => {
      state.record = next;
    },
    accessToken: async () => token,
    fetch: fetch as unknown as typeof globalThis.fetch,
    notificationPermission: () => permission,
    showNotification: async (title, options) => {
      shown.push({ title, options });
    },
    postToWindows: async (message) => {
      posted.push(message);
    },
    now: () => NOW,
  };
  return { deps, fetch, posted, shown, state };
}

describe('the service worker order-status check', () => {
  it('asks the server to reconcile with the access token, and notifies a confirmed order once', async () => {
    const w = worker();
    expect(await checkOrderStatusInWorker(w.deps)).toBe('final');
    const [url, init] = w.fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe(watched.statusUrl);
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer access-1');
    expect(JSON.parse(String(init?.body))).toEqual({ payment_result: null });
    expect(w.shown).toEqual([
      {
        title: 'Order confirmed',
        options: expect.objectContaining({
          body: 'Your order IBC1001 is confirmed. Tap to view it.',
          tag: 'order-ord_1',
          data: { url: '/order/ord_1/success' },
        }),
      },
    ]);
    expect(w.state.record).toMatchObject({
      status: 'SUCCESS',
      orderNumber: 'IBC1001',
      notified: true,
      bannerShown: false,
    });
    expect(w.posted).toEqual([
      { type: ORDER_STATUS_MESSAGE, orderId: 'ord_1', status: 'SUCCESS', orderNumber: 'IBC1001' },
    ]);
    // Resolved: a later sync asks nothing.
    expect(await checkOrderStatusInWorker(w.deps)).toBe('final');
    expect(w.fetch).toHaveBeenCalledTimes(2);
  });

  it('tells of a failed payment, and raises no notification without permission', async () => {
    const w = worker({ status: 'FAILED', permission: 'default' });
    expect(await checkOrderStatusInWorker(w.deps)).toBe('final');
    expect(w.shown).toEqual([]);
    expect(w.state.record).toMatchObject({ status: 'FAILED', notified: false, bannerShown: false });
    expect(w.posted.at(-1)?.status).toBe('FAILED');
  });

  it('reports a still-pending order to the windows and keeps watching', async () => {
    const w = worker({ status: 'PENDING' });
    expect(await checkOrderStatusInWorker(w.deps)).toBe('pending');
    expect(w.shown).toEqual([]);
    expect(w.posted).toEqual([
      { type: ORDER_STATUS_MESSAGE, orderId: 'ord_1', status: 'PENDING', orderNumber: null },
    ]);
  });

  it('lets an unpaid order lapse without a word', async () => {
    const w = worker({ status: 'EXPIRED', record: { ...watched, status: 'CREATED' } });
    await checkOrderStatusInWorker(w.deps);
    expect(w.shown).toEqual([]);
    expect(w.state.record).toMatchObject({ status: 'EXPIRED', bannerShown: true });
  });

  it('leaves the check to the page when it has no usable token or the server refuses it', async () => {
    for (const w of [worker({ token: null }), worker({ httpStatus: 401 })]) {
      expect(await checkOrderStatusInWorker(w.deps)).toBe('unauthenticated');
      expect(w.posted).toEqual([
        { type: ORDER_STATUS_MESSAGE, orderId: 'ord_1', status: null, orderNumber: null },
      ]);
      expect(w.shown).toEqual([]);
    }
  });

  it('does nothing when the order id was cleared or belongs to another watch', async () => {
    const cleared = worker({ storedId: null });
    expect(await checkOrderStatusInWorker(cleared.deps)).toBe('none');
    const other = worker({ storedId: 'ord_2' });
    expect(await checkOrderStatusInWorker(other.deps)).toBe('none');
    expect([...cleared.fetch.mock.calls, ...other.fetch.mock.calls]).toEqual([]);
  });

  it('fails on a server error, so the browser retries the sync', async () => {
    await expect(checkOrderStatusInWorker(worker({ httpStatus: 503 }).deps)).rejects.toThrow('503');
  });
});

describe('the worker reads what the page stored', () => {
  it('reads what the page stored in IndexedDB, and the access token through the Cookie Store API', async () => {
    await writeLastOrderId('ord_1', NOW);
    await writeOrderReturnRecord(watched, NOW);
    const cookies: Record<string, string> = { access_token: 'tok%2B1', expires: String(NOW + 60_000) };
    const scope = {
      cookieStore: { get: async (name: string) => (name in cookies ? { name, value: cookies[name] } : null) },
    } as unknown as ServiceWorkerGlobalScope;
    const deps = workerDeps(scope);
    expect(await deps.readLastOrderId(NOW)).toBe('ord_1');
    expect(await deps.readRecord(NOW)).toEqual(watched);
    expect(await deps.accessToken(NOW)).toBe('tok+1');
    // An expired access token is the page's to refresh.
    expect(await deps.accessToken(NOW + 120_000)).toBeNull();
    // A week later the stored order has expired.
    expect(await deps.readLastOrderId(NOW + 8 * 24 * 60 * 60 * 1000)).toBeNull();
    await clearLastOrderId();
    expect(await deps.readLastOrderId(NOW)).toBeNull();
    // Without the Cookie Store API the worker cannot authenticate.
    expect(await workerDeps({} as ServiceWorkerGlobalScope).accessToken(NOW)).toBeNull();
  });
});

describe('the worker’s event handlers', () => {
  function scopeWithHandlers() {
    const handlers = new Map<string, (event: unknown) => void>();
    const clients = { matchAll: vi.fn(async () => []), openWindow: vi.fn(async () => null) };
    const unregister = vi.fn(async () => {});
    const scope = {
      addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
      clients,
      location: { origin: 'https://shop.example' },
      registration: { periodicSync: { unregister } },
    } as unknown as ServiceWorkerGlobalScope;
    const fire = async (type: string, event: Record<string, unknown>) => {
      let work: Promise<unknown> = Promise.resolve();
      handlers.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
      return work;
    };
    return { scope, fire, clients, unregister };
  }

  it('fails a sync while the order is pending, so the browser tries again later', async () => {
    const h = scopeWithHandlers();
    registerOrderStatusSync(h.scope, worker({ status: 'PENDING' }).deps);
    await expect(h.fire('sync', { tag: ORDER_STATUS_SYNC_TAG, lastChance: false })).rejects.toThrow(
      'pending',
    );
    await expect(h.fire('sync', { tag: ORDER_STATUS_SYNC_TAG, lastChance: true })).resolves.toBeUndefined();
  });

  it('completes a sync once the order is final, and ends the periodic check', async () => {
    const h = scopeWithHandlers();
    const w = worker({ status: 'SUCCESS' });
    registerOrderStatusSync(h.scope, w.deps);
    await expect(h.fire('sync', { tag: ORDER_STATUS_SYNC_TAG, lastChance: false })).resolves.toBeUndefined();
    await h.fire('periodicsync', { tag: ORDER_STATUS_SYNC_TAG });
    expect(h.unregister).toHaveBeenCalledWith(ORDER_STATUS_SYNC_TAG);
  });

  it('ignores other sync tags', async () => {
    const h = scopeWithHandlers();
    const w = worker();
    registerOrderStatusSync(h.scope, w.deps);
    await h.fire('sync', { tag: 'outbox' });
    expect(w.fetch).not.toHaveBeenCalled();
  });

  it('opens the order when the buyer taps the notification', async () => {
    const h = scopeWithHandlers();
    registerOrderStatusSync(h.scope, worker().deps);
    const close = vi.fn();
    await h.fire('notificationclick', { notification: { data: { url: '/order/ord_1/success' }, close } });
    expect(close).toHaveBeenCalled();
    expect(h.clients.openWindow).toHaveBeenCalledWith('https://shop.example/order/ord_1/success');
  });
});
