import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ORDER_STATUS_MESSAGE,
  type OrderNotice,
  type OrderReturnRecord,
  type WatchedOrderStatus,
} from '@/lib/orderReturn';
import {
  createOrderReturnWatcher,
  type OrderReturnDeps,
  type OrderReturnView,
  WORKER_ANSWER_MS,
} from './orderReturnWatcher';

/** A device with a stored last order, a server answering `statuses` in turn, and what the watcher did. */
function setup({
  storedId = 'ord_1' as string | null,
  statuses = ['PENDING'] as WatchedOrderStatus[],
  record = undefined as OrderReturnRecord | undefined,
  worker = false,
  online = true,
  notificationsAllowed = false,
} = {}) {
  const state = { storedId, record, online };
  const answers = [...statuses];
  const views: OrderReturnView[] = [];
  const notifications: OrderNotice[] = [];
  const deps = {
    checkStatus: vi.fn(async (_orderId: string) => {
      const next = answers.length > 1 ? answers.shift() : answers[0];
      if (!next) throw new Error('offline');
      return next;
    }),
    orderNumber: vi.fn(async () => 'IBC1001'),
    readLastOrderId: vi.fn(async () => state.storedId),
    settlePaid: vi.fn(async () => {
      state.storedId = null;
    }),
    readRecord: vi.fn(async () => state.record),
    writeRecord: vi.fn(async (next: OrderReturnRecord) => {
      state.record = next;
    }),
    showNotification: vi.fn(async (notice: OrderNotice) => {
      if (!notificationsAllowed) return false;
      notifications.push(notice);
      return true;
    }),
    registerBackgroundCheck: vi.fn(async () => worker),
    stopBackgroundCheck: vi.fn(async () => {}),
    isOnline: () => state.online,
    urls: (id: string) => ({
      statusUrl: `/api/invoicing/orders/${id}/status`,
      orderUrl: `/api/invoicing/orders/${id}`,
    }),
  } satisfies OrderReturnDeps;
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const serviceWorker = new EventTarget();
  const watcher = createOrderReturnWatcher({
    orderId: 'ord_1',
    deps,
    onChange: (view) => views.push(view),
    targets: { window: win, document: doc, serviceWorker },
  });
  return {
    deps,
    state,
    views,
    notifications,
    watcher,
    async focus() {
      doc.visibilityState = 'visible';
      doc.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
    },
    async hide() {
      doc.visibilityState = 'hidden';
      doc.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
    },
    async reconnect() {
      win.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
    },
    async fromWorker(data: unknown) {
      serviceWorker.dispatchEvent(new MessageEvent('message', { data }));
      await vi.advanceTimersByTimeAsync(0);
    },
    async start() {
      watcher.start();
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

const lastView = (views: OrderReturnView[]) => views.at(-1);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the order-return watcher', () => {
  it('checks the stored order when the app opens, through the reconciling status call', async () => {
    const t = setup({ statuses: ['CREATED'] });
    await t.start();
    expect(t.deps.checkStatus).toHaveBeenCalledTimes(1);
    expect(t.deps.checkStatus).toHaveBeenCalledWith('ord_1');
    // A created, unpaid order is nothing to tell the buyer about.
    expect(t.views).toEqual([]);
  });

  it('checks again when the app comes back to the foreground and when the connection returns', async () => {
    const t = setup({ statuses: ['CREATED'] });
    await t.start();
    await t.focus();
    await t.reconnect();
    expect(t.deps.checkStatus).toHaveBeenCalledTimes(3);
  });

  it('checks nothing when no order id is stored, and stops listening', async () => {
    const t = setup({ storedId: null });
    await t.start();
    await t.focus();
    await t.reconnect();
    expect(t.deps.checkStatus).not.toHaveBeenCalled();
    expect(t.views).toEqual([]);
  });

  it('waits while offline and checks on reconnect', async () => {
    const t = setup({ online: false, statuses: ['CREATED'] });
    await t.start();
    expect(t.deps.checkStatus).not.toHaveBeenCalled();
    t.state.online = true;
    await t.reconnect();
    expect(t.deps.checkStatus).toHaveBeenCalledTimes(1);
  });

  it('tells the buyer a payment is being confirmed, once', async () => {
    const t = setup({ statuses: ['PENDING'] });
    await t.start();
    await t.focus();
    expect(t.views).toHaveLength(1);
    expect(lastView(t.views)).toMatchObject({
      kind: 'pending',
      notice: { message: 'Payment for order IBC1001 is still being confirmed' },
    });
  });

  it('announces a confirmed order with a link to it, clears the stored id and stops checking', async () => {
    const t = setup({ statuses: ['PENDING', 'SUCCESS'] });
    await t.start();
    await t.focus();
    expect(lastView(t.views)).toMatchObject({
      kind: 'resolved',
      notice: {
        message: 'Your order IBC1001 is confirmed',
        action: { label: 'View order', href: '/order/ord_1/success' },
      },
    });
    expect(t.deps.settlePaid).toHaveBeenCalledTimes(1);
    expect(t.deps.settlePaid).toHaveBeenCalledWith('ord_1');
    expect(t.state.record).toMatchObject({ status: 'SUCCESS', bannerShown: true });
    await t.focus();
    await t.reconnect();
    expect(t.deps.checkStatus).toHaveBeenCalledTimes(2);
  });

  it('announces a failed payment with a way to try again, keeping the order id', async () => {
    const t = setup({ statuses: ['FAILED'] });
    await t.start();
    expect(lastView(t.views)).toMatchObject({
      kind: 'resolved',
      notice: {
        message: 'Payment for order IBC1001 failed',
        action: { label: 'Try again', href: '/checkout' },
      },
    });
    expect(t.deps.settlePaid).not.toHaveBeenCalled();
  });

  it('shows a final outcome once: the next open stays silent', async () => {
    const first = setup({ statuses: ['FAILED'] });
    await first.start();
    const again = setup({ statuses: ['FAILED'], record: first.state.record });
    await again.start();
    expect(again.views).toEqual([{ kind: 'idle' }]);
    expect(again.deps.showNotification).not.toHaveBeenCalled();
  });

  it('lets an unpaid order lapse quietly, but reports one whose payment was in flight', async () => {
    const abandoned = setup({ statuses: ['CREATED', 'EXPIRED'] });
    await abandoned.start();
    await abandoned.focus();
    expect(abandoned.views).toEqual([{ kind: 'idle' }]);

    const inFlight = setup({ statuses: ['PENDING', 'EXPIRED'] });
    await inFlight.start();
    await inFlight.focus();
    expect(lastView(inFlight.views)).toMatchObject({
      kind: 'resolved',
      notice: { message: 'Order IBC1001 expired before it was paid' },
    });
  });

  it('raises a notification only where the buyer allowed them', async () => {
    const allowed = setup({ statuses: ['SUCCESS'], notificationsAllowed: true });
    await allowed.start();
    expect(allowed.notifications).toEqual([
      expect.objectContaining({
        title: 'Order confirmed',
        body: 'Your order IBC1001 is confirmed. Tap to view it.',
      }),
    ]);
    expect(allowed.state.record?.notified).toBe(true);

    const refused = setup({ statuses: ['SUCCESS'], notificationsAllowed: false });
    await refused.start();
    expect(refused.notifications).toEqual([]);
    expect(refused.state.record?.notified).toBe(false);
    // The banner is shown either way.
    expect(lastView(refused.views)).toMatchObject({ kind: 'resolved' });
  });

  it('hands the check to the service worker where it can, and shows what the worker found', async () => {
    const t = setup({ worker: true, statuses: ['PENDING'] });
    await t.start();
    expect(t.deps.registerBackgroundCheck).toHaveBeenCalledTimes(1);
    expect(t.deps.checkStatus).not.toHaveBeenCalled();
    // The worker notified already and recorded it.
    t.state.record = { ...(t.state.record as OrderReturnRecord), status: 'SUCCESS', notified: true };
    await t.fromWorker({
      type: ORDER_STATUS_MESSAGE,
      orderId: 'ord_1',
      status: 'SUCCESS',
      orderNumber: 'IBC1001',
    });
    expect(lastView(t.views)).toMatchObject({
      kind: 'resolved',
      notice: { message: 'Your order IBC1001 is confirmed' },
    });
    expect(t.deps.showNotification).not.toHaveBeenCalled();
    // The page never asked itself, even after the worker's grace period.
    await vi.advanceTimersByTimeAsync(WORKER_ANSWER_MS);
    expect(t.deps.checkStatus).not.toHaveBeenCalled();
  });

  it('asks itself when the worker cannot authenticate or does not answer', async () => {
    const unauthenticated = setup({ worker: true, statuses: ['PENDING'] });
    await unauthenticated.start();
    await unauthenticated.fromWorker({
      type: ORDER_STATUS_MESSAGE,
      orderId: 'ord_1',
      status: null,
      orderNumber: null,
    });
    expect(unauthenticated.deps.checkStatus).toHaveBeenCalledTimes(1);

    const silent = setup({ worker: true, statuses: ['PENDING'] });
    await silent.start();
    await vi.advanceTimersByTimeAsync(WORKER_ANSWER_MS - 1);
    expect(silent.deps.checkStatus).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(silent.deps.checkStatus).toHaveBeenCalledTimes(1);
  });

  it("ignores another order's message", async () => {
    const t = setup({ worker: true });
    await t.start();
    await t.fromWorker({
      type: ORDER_STATUS_MESSAGE,
      orderId: 'ord_2',
      status: 'SUCCESS',
      orderNumber: 'IBC2',
    });
    expect(t.views).toEqual([]);
  });

  it('asks the worker to keep checking when the buyer leaves with the payment pending', async () => {
    const t = setup({ statuses: ['PENDING'] });
    await t.start();
    await t.hide();
    expect(t.deps.registerBackgroundCheck).toHaveBeenCalledTimes(2);
  });

  it('shows what the worker resolved while the app was closed', async () => {
    const t = setup({
      record: {
        orderId: 'ord_1',
        statusUrl: '/s',
        orderUrl: '/o',
        status: 'SUCCESS',
        orderNumber: 'IBC1001',
        notified: true,
        bannerShown: false,
      },
    });
    await t.start();
    expect(t.deps.checkStatus).not.toHaveBeenCalled();
    expect(lastView(t.views)).toMatchObject({
      kind: 'resolved',
      notice: { message: 'Your order IBC1001 is confirmed' },
    });
    expect(t.deps.showNotification).not.toHaveBeenCalled();
  });

  it('stays quiet on the checkout and result screens, and checks when the buyer leaves them', async () => {
    const t = setup({ statuses: ['SUCCESS'] });
    t.watcher.setQuiet(true);
    await t.start();
    await t.focus();
    expect(t.deps.checkStatus).not.toHaveBeenCalled();
    t.watcher.setQuiet(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.deps.checkStatus).toHaveBeenCalledTimes(1);
  });

  it('stops when the stored id is cleared (the success screen) or replaced', async () => {
    const t = setup({ statuses: ['PENDING'] });
    await t.start();
    t.state.storedId = null;
    await t.focus();
    await t.reconnect();
    expect(t.deps.checkStatus).toHaveBeenCalledTimes(1);
  });

  it('keeps watching after a failed check', async () => {
    const t = setup({ statuses: [] });
    await t.start();
    expect(t.views).toEqual([]);
    await t.focus();
    expect(t.deps.checkStatus).toHaveBeenCalledTimes(2);
  });
});
