// The outbox: every write that can wait (a form, an analytics event, an associate-code view) is kept here in
// IndexedDB until the server has it, then replayed one at a time, oldest first, by the page (src/api/outbox.ts)
// and by the service worker's Background Sync (src/sw/outbox.ts). It lives in IndexedDB, not in a worker's
// memory, so a service worker update or a closed tab loses nothing.
// Relative imports and no zod: the service worker imports this module too (see src/sw/requests.ts).
import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';

export const OUTBOX_DATABASE = 'ibc-outbox';
export const OUTBOX_STORE = 'entries';
/** The Background Sync tag the page registers and the worker answers. */
export const OUTBOX_SYNC_TAG = 'outbox';
/** The worker's message to its pages: what it sent or dropped, and whether the page must send the rest. */
export const OUTBOX_MESSAGE = 'ibc-outbox';
/** Held while one context replays, so a page, another tab and the worker never send the same entry at once. */
const OUTBOX_LOCK = 'ibc-outbox';

/**
 * At most this many entries wait. When full, the oldest analytics entry (an event or an associate-code view) makes
 * room; a form submission is never evicted: with the outbox full of forms, a new event is not kept and a new form
 * is refused (the person keeps what they typed and is told to go online).
 */
export const OUTBOX_LIMIT = 200;
/** Dropped entries kept, with why, for the person and for support to read. */
export const OUTBOX_DROPPED_KEPT = 20;
export const OUTBOX_BACKOFF_BASE_MS = 2_000;
export const OUTBOX_BACKOFF_MAX_MS = 5 * 60_000;

export type OutboxKind = 'form' | 'event' | 'associate-view';

export interface OutboxRequest {
  /** The absolute address, for the worker, which has no API configuration. */
  url: string;
  /** The service and path, for the page's HTTP client (token refresh, error catalogue). */
  service: string;
  path: string;
  /** Sent as JSON. */
  body: unknown;
  /** Headers besides Authorization and the Idempotency-Key, e.g. x-tz. */
  headers: Record<string, string>;
  /** The token set that authorizes it: only a page, which holds the tokens, sends it. null: anonymous. */
  auth: string | null;
}

export interface OutboxEntry {
  /** The Idempotency-Key: made once when enqueued, sent with every attempt. */
  key: string;
  kind: OutboxKind;
  request: OutboxRequest;
  enqueuedAt: number;
  /** Orders entries enqueued in the same millisecond. */
  seq: number;
  attempts: number;
  /** Not sent again before this time (backoff after a failure). */
  retryAt: number;
  /** Set when the server refused it as the request's own fault: kept for the record, never sent again. */
  dropped: { status: number; message: string; at: number } | null;
}

export type AddOutcome = 'added' | 'evicted-oldest' | 'not-kept' | 'refused';

let store: UseStore | undefined;
function outboxStore(): UseStore {
  store ??= createStore(OUTBOX_DATABASE, OUTBOX_STORE);
  return store;
}

type IdbKey = [number, number, string];
const keyOf = (entry: OutboxEntry): IdbKey => [entry.enqueuedAt, entry.seq, entry.key];

function isEntry(value: unknown): value is OutboxEntry {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<OutboxEntry>;
  return typeof v.key === 'string' && typeof v.enqueuedAt === 'number' && typeof v.request === 'object';
}

/** Every entry, oldest first (IndexedDB orders the array keys by time, then sequence). */
export async function readOutbox(): Promise<OutboxEntry[]> {
  return outboxStore()('readonly', async (os) =>
    ((await promisifyRequest(os.getAll())) as unknown[]).filter(isEntry),
  );
}

/** The entries still to send, oldest first. */
export async function pendingEntries(): Promise<OutboxEntry[]> {
  return (await readOutbox()).filter((entry) => entry.dropped === null);
}

/** Adds an entry, keeping the bound (see OUTBOX_LIMIT). */
export function addToOutbox(entry: OutboxEntry): Promise<AddOutcome> {
  return outboxStore()('readwrite', async (os) => {
    const all = ((await promisifyRequest(os.getAll())) as unknown[]).filter(isEntry);
    const live = all.filter((e) => e.dropped === null);
    let outcome: AddOutcome = 'added';
    if (live.length >= OUTBOX_LIMIT) {
      const oldestAnalytics = live.find((e) => e.kind !== 'form');
      if (!oldestAnalytics) return entry.kind === 'form' ? 'refused' : 'not-kept';
      os.delete(keyOf(oldestAnalytics));
      outcome = 'evicted-oldest';
    }
    await promisifyRequest(os.put(entry, keyOf(entry)));
    return outcome;
  });
}

async function removeEntry(entry: OutboxEntry): Promise<void> {
  await outboxStore()('readwrite', (os) => promisifyRequest(os.delete(keyOf(entry))));
}

async function putEntry(entry: OutboxEntry): Promise<void> {
  await outboxStore()('readwrite', (os) => promisifyRequest(os.put(entry, keyOf(entry))));
}

/** Keeps the entry with why it was refused, and only the last OUTBOX_DROPPED_KEPT of those. */
async function recordDropped(entry: OutboxEntry): Promise<void> {
  await outboxStore()('readwrite', async (os) => {
    await promisifyRequest(os.put(entry, keyOf(entry)));
    const dropped = ((await promisifyRequest(os.getAll())) as unknown[])
      .filter(isEntry)
      .filter((e) => e.dropped !== null);
    for (const old of dropped.slice(0, Math.max(0, dropped.length - OUTBOX_DROPPED_KEPT))) {
      os.delete(keyOf(old));
    }
  });
}

/** The entries the server refused, with why, oldest first. */
export async function droppedEntries(): Promise<OutboxEntry[]> {
  return (await readOutbox()).filter((entry) => entry.dropped !== null);
}

export type Delivery =
  | { outcome: 'sent'; body: unknown }
  /** The server refused the request as its own fault: sending it again would change nothing. */
  | { outcome: 'refused'; status: number; message: string }
  /** The network, the server or its limits failed: it is sent again later. */
  | { outcome: 'failed' };

/**
 * What an HTTP status means for an entry: 2xx sent; a 4xx refused, except a timeout or a limit; else failed. An
 * analytics entry over its limit is refused too: it must not hold up the forms behind it for an hour.
 */
export function outcomeOfStatus(status: number, kind: OutboxKind = 'form'): Delivery['outcome'] {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 429 && kind !== 'form') return 'refused';
  if (status === 408 || status === 425 || status === 429) return 'failed';
  if (status >= 400 && status < 500) return 'refused';
  return 'failed';
}

/** Exponential backoff from OUTBOX_BACKOFF_BASE_MS, capped, spread by `random` so many devices do not retry as one. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(OUTBOX_BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), OUTBOX_BACKOFF_MAX_MS);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

export interface ReplayDeps {
  /** Sends one entry with its Idempotency-Key. A thrown error counts as failed. */
  deliver(entry: OutboxEntry): Promise<Delivery>;
  /** Whether this context may send it (the worker holds no tokens: it sends anonymous entries only). */
  canDeliver(entry: OutboxEntry): boolean;
  now(): number;
  random?: () => number;
}

export interface ReplayReport {
  sent: { key: string; kind: OutboxKind; body: unknown }[];
  dropped: { key: string; kind: OutboxKind; status: number; message: string }[];
  /** Why it stopped before the outbox was empty: backoff not over, a failure, or an entry only a page can send. */
  stopped: 'backoff' | 'failed' | 'needs-page' | null;
  /** When the next attempt is due, after 'backoff' or 'failed'. */
  retryAt: number | null;
}

/** Runs `task` while holding the outbox lock (Web Locks, shared by tabs and the worker; else this context's queue). */
let localQueue: Promise<unknown> = Promise.resolve();
function withOutboxLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (locks) return locks.request(OUTBOX_LOCK, task);
  const run = localQueue.then(task, task);
  localQueue = run.catch(() => undefined);
  return run;
}

/**
 * Sends the waiting entries one at a time, oldest first: a sent entry leaves, a refused one is kept with why and
 * the next goes, a failure stops the replay and the entry waits out its backoff (kept order: nothing overtakes it).
 */
export function replayOutbox(
  deps: ReplayDeps,
  options: { ignoreBackoff?: boolean } = {},
): Promise<ReplayReport> {
  return withOutboxLock(async () => {
    const report: ReplayReport = { sent: [], dropped: [], stopped: null, retryAt: null };
    for (;;) {
      // Read again each time: another context may have sent or added entries meanwhile.
      const [entry] = await pendingEntries();
      if (!entry) return report;
      if (!deps.canDeliver(entry)) {
        report.stopped = 'needs-page';
        return report;
      }
      if (!options.ignoreBackoff && entry.retryAt > deps.now()) {
        report.stopped = 'backoff';
        report.retryAt = entry.retryAt;
        return report;
      }
      let delivery: Delivery;
      try {
        delivery = await deps.deliver(entry);
      } catch {
        delivery = { outcome: 'failed' };
      }
      if (delivery.outcome === 'sent') {
        await removeEntry(entry);
        report.sent.push({ key: entry.key, kind: entry.kind, body: delivery.body });
      } else if (delivery.outcome === 'refused') {
        const { status, message } = delivery;
        await recordDropped({ ...entry, dropped: { status, message, at: deps.now() } });
        report.dropped.push({ key: entry.key, kind: entry.kind, status, message });
      } else {
        const attempts = entry.attempts + 1;
        const retryAt = deps.now() + backoffMs(attempts, deps.random);
        await putEntry({ ...entry, attempts, retryAt });
        report.stopped = 'failed';
        report.retryAt = retryAt;
        return report;
      }
    }
  });
}

/** What the worker tells its pages after a replay. */
export interface OutboxMessage {
  type: typeof OUTBOX_MESSAGE;
  sent: ReplayReport['sent'];
  dropped: ReplayReport['dropped'];
  /** An entry only a page can send (a signed-in one) is next: a page should replay now. */
  flush: boolean;
}

export function isOutboxMessage(data: unknown): data is OutboxMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === OUTBOX_MESSAGE;
}
