// The outbox, service-worker side: on the outbox's Background Sync, send the waiting anonymous entries in order
// and tell the open pages what was sent; a signed-in entry needs the page's tokens (cookies a worker cannot
// read), so the worker stops there and asks the open pages to replay. The entries live in IndexedDB
// (src/storage/outbox.ts), so a new worker version replays what an older one left.

import {
  type Delivery,
  OUTBOX_MESSAGE,
  OUTBOX_SYNC_TAG,
  type OutboxEntry,
  type OutboxMessage,
  outcomeOfStatus,
  type ReplayReport,
  replayOutbox,
} from '../storage/outbox';
import { postToWindows, type SyncEventLike } from './clients';

export interface WorkerOutboxDeps {
  fetch: typeof fetch;
  postToWindows(message: OutboxMessage): Promise<void>;
  now(): number;
}

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The message of a spec §8 error body, else the status. */
function refusalMessage(body: unknown, status: number): string {
  const data =
    typeof body === 'object' && body !== null ? (body as { data?: { message?: unknown } }).data : null;
  return typeof data?.message === 'string' && data.message !== '' ? data.message : `Refused (HTTP ${status})`;
}

/** Sends one anonymous entry with its Idempotency-Key. */
export async function deliverFromWorker(entry: OutboxEntry, send: typeof fetch): Promise<Delivery> {
  const response = await send(entry.request.url, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      ...entry.request.headers,
      'Idempotency-Key': entry.key,
    },
    body: JSON.stringify(entry.request.body),
  });
  const body = parse(await response.text());
  const outcome = outcomeOfStatus(response.status, entry.kind);
  if (outcome === 'sent') return { outcome, body };
  if (outcome === 'refused') {
    return { outcome, status: response.status, message: refusalMessage(body, response.status) };
  }
  return { outcome };
}

/** One replay by the worker; the pages hear what changed, and whether they must send the rest. */
export async function replayInWorker(deps: WorkerOutboxDeps): Promise<ReplayReport> {
  // The browser's sync already waited for the connection and backs off on its own.
  const report = await replayOutbox(
    {
      deliver: (entry) => deliverFromWorker(entry, deps.fetch),
      canDeliver: (entry) => entry.request.auth === null,
      now: deps.now,
    },
    { ignoreBackoff: true },
  );
  const flush = report.stopped === 'needs-page';
  if (report.sent.length > 0 || report.dropped.length > 0 || flush) {
    await deps.postToWindows({ type: OUTBOX_MESSAGE, sent: report.sent, dropped: report.dropped, flush });
  }
  return report;
}

export function workerOutboxDeps(scope: ServiceWorkerGlobalScope): WorkerOutboxDeps {
  return {
    fetch: (input, init) => scope.fetch(input, init),
    postToWindows: (message) => postToWindows(scope, message),
    now: () => Date.now(),
  };
}

/** Answers the outbox's Background Sync. */
export function registerOutboxSync(scope: ServiceWorkerGlobalScope, deps = workerOutboxDeps(scope)): void {
  scope.addEventListener('sync', (event) => {
    const sync = event as SyncEventLike;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    sync.waitUntil(
      replayInWorker(deps).then((report) => {
        // Failing the sync makes the browser fire it again later, with the app closed too.
        if (report.stopped === 'failed' && !sync.lastChance) throw new Error('The outbox is still waiting');
      }),
    );
  });
}
