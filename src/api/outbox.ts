import {
  addToOutbox,
  type Delivery,
  isOutboxMessage,
  OUTBOX_SYNC_TAG,
  type OutboxEntry,
  type OutboxKind,
  outcomeOfStatus,
  type ReplayReport,
  replayOutbox,
} from '@/storage/outbox';
import { apiRequest, currentTimeZone } from './client';
import { SERVICES, type Service, serviceUrl } from './config';
import { ApiError, CLIENT_RES_STATUS, ExpiredToken, HTTP_STATUS, isApiError } from './errors';
import { isOnline, subscribeOnline } from './online';
import { applyReport, newIdempotencyKey, setStatus } from './outboxStatus';
import type { TokenSetName } from './tokens';

/*
 * The page's side of the outbox (src/storage/outbox.ts): enqueue a write that can wait, replay the waiting ones on
 * app start, on reconnect and after a backoff, and say where each stands. Signed-in entries are replayed here (the
 * page holds the tokens); the service worker's Background Sync replays anonymous ones and asks the page for the rest.
 */

export type { OutboxKind };

export interface OutboxRequestInput {
  service: Service;
  /** Path under the service prefix, e.g. "/create_public_ib_form_submission_details/v1/". */
  path: string;
  /** Sent as JSON with POST. */
  body: unknown;
  /** The token set that authorizes it, or false (default) for an anonymous write. */
  auth?: TokenSetName | false;
  /** Send x-tz (default true); form submissions pass false (spec §7). */
  tz?: boolean;
}

export interface EnqueueInput {
  kind: OutboxKind;
  request: OutboxRequestInput;
  /** The Idempotency-Key; give the one a direct attempt already used, so the replay cannot double it. */
  key?: string;
}

/* ---- Enqueue ---- */

/** The outbox is full of forms: the person keeps what they typed and is told what to do. */
function outboxFullError(): ApiError {
  const message = 'Too many requests are waiting to be sent. Go online to send them, then try again.';
  return new ApiError({
    message,
    response: message,
    resStatus: CLIENT_RES_STATUS.NETWORK_ERROR,
    httpStatusCode: HTTP_STATUS.NO_INTERNET,
    kind: 'network',
  });
}

let sequence = 0;

/**
 * Keeps a write until the server has it, and starts sending it now when online. Resolves once it is stored, with
 * its Idempotency-Key and whether it was kept (an analytics entry is not when the outbox is full of forms); a form
 * the full outbox cannot take rejects with an ApiError that says so.
 */
export async function enqueue({
  kind,
  request,
  key = newIdempotencyKey(),
}: EnqueueInput): Promise<{ key: string; kept: boolean }> {
  const headers: Record<string, string> = {};
  if (request.tz !== false) headers['x-tz'] = currentTimeZone();
  sequence += 1;
  // Built before the first await, so entries keep the order enqueue was called in.
  const entry: OutboxEntry = {
    key,
    kind,
    request: {
      url: serviceUrl(request.service, request.path),
      service: request.service,
      path: request.path,
      body: request.body,
      headers,
      auth: request.auth || null,
    },
    enqueuedAt: Date.now(),
    seq: sequence,
    attempts: 0,
    retryAt: 0,
    dropped: null,
  };
  const outcome = await addToOutbox(entry);
  if (outcome === 'refused') throw outboxFullError();
  if (outcome === 'not-kept') return { key, kept: false };
  setStatus(key, { state: 'waiting' });
  if (isOnline()) void flushOutbox();
  else void requestBackgroundSync();
  return { key, kept: true };
}

/** An analytics event to the marketing service (spec §7): never throws, whatever befalls it. */
export function enqueueEvent(
  path: string,
  body: unknown,
  auth: TokenSetName | false = false,
): Promise<unknown> {
  return enqueue({ kind: 'event', request: { service: 'marketing', path, body, tz: false, auth } }).catch(
    () => undefined,
  );
}

/* ---- Replay from the page ---- */

function isService(value: string): value is Service {
  return (SERVICES as readonly string[]).includes(value);
}

async function deliver(entry: OutboxEntry): Promise<Delivery> {
  const { service, path, body, headers, auth } = entry.request;
  if (!isService(service)) return { outcome: 'refused', status: 400, message: `Unknown service ${service}` };
  try {
    const answer = await apiRequest({
      service,
      path,
      method: 'POST',
      body,
      auth: (auth as TokenSetName | null) ?? false,
      tz: false,
      headers: { ...headers, 'Idempotency-Key': entry.key },
    });
    return { outcome: 'sent', body: answer };
  } catch (error) {
    if (!isApiError(error) || error.isNetworkError || error.isTimeout || error.isMaintenance) {
      return { outcome: 'failed' };
    }
    // Signed out before it could go: sending it again cannot succeed.
    if (error.isSessionExpired) return { outcome: 'refused', status: 401, message: error.message };
    if (error.kind !== 'http' && error.kind !== ExpiredToken) return { outcome: 'failed' };
    return outcomeOfStatus(error.httpStatusCode, entry.kind) === 'refused'
      ? { outcome: 'refused', status: error.httpStatusCode, message: error.message }
      : { outcome: 'failed' };
  }
}

const pageDeps = { deliver, canDeliver: () => true, now: () => Date.now() };

let flight: Promise<void> | null = null;
let again = false;
let againIgnoringBackoff = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleRetry(report: ReplayReport): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  if (report.stopped !== 'failed' && report.stopped !== 'backoff') return;
  // The service worker retries too if this tab closes first.
  void requestBackgroundSync();
  if (report.retryAt === null || !isOnline()) return;
  retryTimer = setTimeout(() => void flushOutbox(), Math.max(0, report.retryAt - Date.now()));
}

/**
 * Replays the waiting entries; calls made while one runs are folded into one more run after it. On reconnect the
 * backoff is skipped: the connection was what failed.
 */
export function flushOutbox(options: { ignoreBackoff?: boolean } = {}): Promise<void> {
  if (flight) {
    again = true;
    againIgnoringBackoff ||= options.ignoreBackoff === true;
    return flight;
  }
  flight = (async () => {
    let ignoreBackoff = options.ignoreBackoff === true;
    do {
      again = false;
      const report = await replayOutbox(pageDeps, { ignoreBackoff });
      applyReport(report);
      scheduleRetry(report);
      ignoreBackoff = againIgnoringBackoff;
      againIgnoringBackoff = false;
    } while (again);
  })()
    .catch(() => undefined)
    .finally(() => {
      flight = null;
    });
  return flight;
}

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/** Asks the service worker to replay when the browser has Background Sync (fired at once online, else on reconnect). */
async function requestBackgroundSync(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (!navigator.serviceWorker.controller) return;
  try {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync?: SyncManagerLike;
    };
    await registration.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Background Sync refused or missing: the page replays on reconnect and at start.
  }
}

let started = false;

/** Replays now (app start), on every reconnect, and when the service worker asks or reports. */
export function startOutbox(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  subscribeOnline((online) => {
    if (online) void flushOutbox({ ignoreBackoff: true });
  });
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
      if (!isOutboxMessage(event.data)) return;
      applyReport(event.data);
      if (event.data.flush) void flushOutbox({ ignoreBackoff: true });
    });
  }
  if (isOnline()) void flushOutbox({ ignoreBackoff: true });
}
