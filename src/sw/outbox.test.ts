import { clear, createStore } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addToOutbox,
  droppedEntries,
  OUTBOX_DATABASE,
  OUTBOX_MESSAGE,
  OUTBOX_STORE,
  OUTBOX_SYNC_TAG,
  type OutboxEntry,
  type OutboxMessage,
  pendingEntries,
} from '../storage/outbox';
import type { WorkerOutboxDeps } from './outbox';

const T0 = Date.parse('2026-11-27T10:00:00.000Z');
const PUSH = 'http://shop.test/api/marketing/web_engage/events/push/';
const FORM = 'http://shop.test/api/forms/create_ib_form_submission/v1/';

function entry(name: string, at: number, over: Partial<OutboxEntry['request']> = {}): OutboxEntry {
  return {
    key: `0000000${at - T0}-key-${name}`,
    kind: over.url === FORM ? 'form' : 'event',
    request: {
      url: PUSH,
      service: 'marketing',
      path: '/web_engage/events/push/',
      body: { event_name: name },
      headers: {},
      auth: null,
      ...over,
    },
    enqueuedAt: at,
    seq: 1,
    attempts: 0,
    retryAt: 0,
    dropped: null,
  };
}

/** A worker scope that records its listeners, and fires a sync event at them. */
function fakeScope() {
  const listeners: ((event: Event) => void)[] = [];
  const scope = {
    addEventListener: (type: string, listener: (event: Event) => void) => {
      if (type === 'sync') listeners.push(listener);
    },
  } as unknown as ServiceWorkerGlobalScope;
  async function sync(tag: string, lastChance = false): Promise<void> {
    const waits: Promise<unknown>[] = [];
    const event = { tag, lastChance, waitUntil: (p: Promise<unknown>) => waits.push(p) } as unknown as Event;
    for (const listener of listeners) listener(event);
    await Promise.all(waits);
  }
  return { scope, sync };
}

/** The network: answers each request from `statuses` in turn (then 202), recording what was sent. */
function worker(statuses: number[] = []) {
  const seen: { url: string; key: string | null; body: unknown }[] = [];
  const posted: OutboxMessage[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push({
      url: String(input),
      key: new Headers(init?.headers).get('Idempotency-Key'),
      body: JSON.parse(String(init?.body)),
    });
    const status = statuses.shift() ?? 202;
    const body =
      status < 300
        ? { accepted: true }
        : { data: { message: `Refused ${status}`, response: '', res_status: 'X', http_status_code: status } };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  const deps: WorkerOutboxDeps = {
    fetch: fetch as unknown as typeof globalThis.fetch,
    postToWindows: async (message) => {
      posted.push(message);
    },
    now: () => T0,
  };
  return { deps, seen, posted };
}

async function freshWorkerModule() {
  vi.resetModules();
  return import('./outbox');
}

beforeEach(async () => {
  await clear(createStore(OUTBOX_DATABASE, OUTBOX_STORE));
});

describe('the service worker outbox sync', () => {
  it('sends the anonymous entries in order with their keys and tells the pages what was sent', async () => {
    await addToOutbox(entry('b', T0 + 2));
    await addToOutbox(entry('a', T0 + 1));
    const { registerOutboxSync } = await freshWorkerModule();
    const w = worker();
    const { scope, sync } = fakeScope();
    registerOutboxSync(scope, w.deps);

    await sync('order-status');
    expect(w.seen).toEqual([]);
    await sync(OUTBOX_SYNC_TAG);
    expect(w.seen.map((s) => [s.url, s.key, s.body])).toEqual([
      [PUSH, '00000001-key-a', { event_name: 'a' }],
      [PUSH, '00000002-key-b', { event_name: 'b' }],
    ]);
    expect(w.posted).toEqual([
      {
        type: OUTBOX_MESSAGE,
        sent: [
          { key: '00000001-key-a', kind: 'event', body: { accepted: true } },
          { key: '00000002-key-b', kind: 'event', body: { accepted: true } },
        ],
        dropped: [],
        flush: false,
      },
    ]);
    expect(await pendingEntries()).toEqual([]);
  });

  it('leaves a signed-in entry, and what follows, to the page it asks to replay', async () => {
    await addToOutbox(entry('anonymous', T0 + 1));
    await addToOutbox(entry('form', T0 + 2, { url: FORM, service: 'forms', auth: 'main' }));
    await addToOutbox(entry('after', T0 + 3));
    const { registerOutboxSync } = await freshWorkerModule();
    const w = worker();
    const { scope, sync } = fakeScope();
    registerOutboxSync(scope, w.deps);
    await sync(OUTBOX_SYNC_TAG);
    expect(w.seen.map((s) => s.key)).toEqual(['00000001-key-anonymous']);
    expect(w.posted.at(-1)).toMatchObject({ flush: true });
    expect((await pendingEntries()).map((e) => e.key)).toEqual(['00000002-key-form', '00000003-key-after']);
  });

  it('fails the sync on a server error so the browser retries, and drops a refused entry with why', async () => {
    await addToOutbox(entry('refused', T0 + 1));
    await addToOutbox(entry('later', T0 + 2));
    const { registerOutboxSync } = await freshWorkerModule();
    const w = worker([400, 503]);
    const { scope, sync } = fakeScope();
    registerOutboxSync(scope, w.deps);
    await expect(sync(OUTBOX_SYNC_TAG)).rejects.toThrow('The outbox is still waiting');
    expect((await droppedEntries()).map((e) => e.dropped?.message)).toEqual(['Refused 400']);
    expect((await pendingEntries()).map((e) => [e.key, e.attempts])).toEqual([['00000002-key-later', 1]]);
    // The browser's last try: the entry stays for the page, the sync ends.
    await expect(sync(OUTBOX_SYNC_TAG, true)).resolves.toBeUndefined();
  });

  it('a new worker version replays what the old one could not send, with the same key, once', async () => {
    await addToOutbox(entry('made-offline', T0 + 1));
    const old = await freshWorkerModule();
    const down = worker([503]);
    const before = fakeScope();
    old.registerOutboxSync(before.scope, down.deps);
    await expect(before.sync(OUTBOX_SYNC_TAG)).rejects.toThrow();

    // The update: new code, new scope, nothing carried over in memory.
    const updated = await freshWorkerModule();
    expect(updated).not.toBe(old);
    const up = worker();
    const after = fakeScope();
    updated.registerOutboxSync(after.scope, up.deps);
    await after.sync(OUTBOX_SYNC_TAG);
    await after.sync(OUTBOX_SYNC_TAG);
    expect(up.seen.map((s) => s.key)).toEqual(['00000001-key-made-offline']);
    expect(down.seen.map((s) => s.key)).toEqual(['00000001-key-made-offline']);
    expect(await pendingEntries()).toEqual([]);
  });
});
