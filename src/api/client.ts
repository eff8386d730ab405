import { MAINTENANCE_DEFAULT_MESSAGE, MAINTENANCE_DEFAULT_SECONDS, RES_STATUS } from '@contract/constants';
import type { z } from 'zod';
import { loadSchema, type Schema, type SchemaSource } from '@/lib/schemaSource';
import { buyerTimeZone } from '@/lib/timeZone';
import { getApiConfig, type QueryValue, type Service, serviceUrl } from './config';
import {
  ApiError,
  CLIENT_RES_STATUS,
  defaultError,
  ExpiredToken,
  errorFromResponse,
  HTTP_STATUS,
  isApiError,
  loadErrorBodySchema,
  networkError,
  readResStatus,
  reportError,
  sessionExpiredError,
  timeoutError,
} from './errors';
import { apiEvents, type MaintenanceNotice } from './events';
import { isOnline, reportUnreachable } from './online';
import type { RefreshTokensResponse } from './token-schemas';
import {
  clearTokens,
  getAccessToken,
  getTokens,
  setTokens,
  type TokenSet,
  type TokenSetName,
  tokenSetFromRefresh,
} from './tokens';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  service: Service;
  /** Path under the service prefix, e.g. "/profile/v1/". */
  path: string;
  method?: HttpMethod;
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /** Sent as JSON (a FormData is sent as is). */
  body?: unknown;
  /**
   * Which token set authorizes the call (default 'main'), or false to send no Authorization header.
   * With a set and no access token kept, the call fails with SESSION_EXPIRED without reaching the server.
   */
  auth?: TokenSetName | false;
  /** Send the Authorization header only when a token is kept; otherwise call anonymously. */
  optionalAuth?: boolean;
  /** Send x-tz (the browser's IANA zone); default true. Form submissions pass false (spec §7). */
  tz?: boolean;
  /** Extra headers, e.g. { 'Idempotency-Key': key }. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Overrides the configured per-request timeout (VITE_API_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** The buyer's zone for x-tz (spec §7, §9). */
export const currentTimeZone = buyerTimeZone;

interface RawResponse {
  url: string;
  status: number;
  ok: boolean;
  body: unknown;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send(options: ApiRequestOptions, accessToken: string | undefined): Promise<RawResponse> {
  const url = serviceUrl(options.service, options.path, options.query);
  if (!isOnline()) throw networkError();
  const { signal } = options;
  if (signal?.aborted) throw signal.reason;

  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  if (options.tz !== false) headers['x-tz'] = currentTimeZone();
  Object.assign(headers, options.headers);

  // One controller per attempt: the caller's signal cancels it, and so does our timeout, body read included.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? getApiConfig().timeoutMs);
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const send = getApiConfig().fetch ?? fetch;
    const response = await send(url, {
      method: options.method ?? 'GET',
      headers,
      ...(body === undefined ? {} : { body }),
      signal: controller.signal,
    });
    const text = await response.text();
    return { url, status: response.status, ok: response.ok, body: parseBody(text) };
  } catch (error) {
    if (timedOut) throw timeoutError();
    if (signal?.aborted) throw signal.reason ?? error;
    // fetch rejects with a TypeError when the request could not leave (no network, DNS, connection refused).
    if (error instanceof TypeError) reportUnreachable();
    throw networkError(error);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads the maintenance details from the §8 body (inside data) or the status shape (at the top). */
function maintenanceNotice(body: unknown): MaintenanceNotice {
  const top = isRecord(body) ? body : {};
  const data = isRecord(top.data) ? top.data : {};
  const response = data.response ?? top.response;
  const message =
    typeof response === 'string' && response !== ''
      ? response
      : isRecord(response) && typeof response.description === 'string'
        ? response.description
        : MAINTENANCE_DEFAULT_MESSAGE;
  const seconds = Number(data.time_in_seconds ?? top.time_in_seconds);
  return {
    res_status: RES_STATUS.SERVER_UNDER_MAINTENANCE,
    response: message,
    time_in_seconds:
      Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds) : MAINTENANCE_DEFAULT_SECONDS,
  };
}

type Outcome = { ok: true; body: unknown } | { ok: false; error: ApiError };

/** Turns a raw response into a body or an error; maintenance is broadcast here, whatever the status. */
async function settle(raw: RawResponse): Promise<Outcome> {
  if (readResStatus(raw.body) === RES_STATUS.SERVER_UNDER_MAINTENANCE) {
    const notice = maintenanceNotice(raw.body);
    apiEvents.emit('maintenance', notice);
    const status = raw.ok ? HTTP_STATUS.NO_INTERNET : raw.status;
    // The status endpoint's shape ({ res_status, response, time_in_seconds }) is expected here, not a fault.
    const error = (await loadErrorBodySchema()).safeParse(raw.body).success
      ? await errorFromResponse(status, raw.body, raw.url)
      : new ApiError({
          message: notice.response,
          response: notice.response,
          resStatus: notice.res_status,
          httpStatusCode: status,
          body: raw.body,
        });
    return { ok: false, error };
  }
  if (raw.ok) return { ok: true, body: raw.body };
  return { ok: false, error: await errorFromResponse(raw.status, raw.body, raw.url) };
}

async function parseWith<S extends Schema>(
  source: SchemaSource<S> | undefined,
  raw: RawResponse,
  body: unknown,
): Promise<unknown> {
  if (!source) return body;
  const parsed = (await loadSchema(source)).safeParse(body);
  if (parsed.success) return parsed.data;
  reportError('Response failed its schema', {
    url: raw.url,
    status: raw.status,
    issues: parsed.error.issues,
  });
  throw defaultError(HTTP_STATUS.INTERNAL, {
    kind: 'invalid-response',
    resStatus: CLIENT_RES_STATUS.INVALID_RESPONSE,
    body,
    cause: parsed.error,
  });
}

/**
 * Calls one service of spec §7 and returns the parsed response.
 * Failures reject with an ApiError (spec §8); a caller's abort rejects with the signal's reason.
 * An expired-token answer leads to one token refresh (shared by every call failing at the same time) and one
 * retry of the call. `schema` may be a loader (see SchemaSource): callers on a page's first load pass one.
 */
export function apiRequest<S extends Schema>(
  options: ApiRequestOptions & { schema: SchemaSource<S> },
): Promise<z.output<S>>;
export function apiRequest(options: ApiRequestOptions & { schema?: undefined }): Promise<unknown>;
export async function apiRequest(
  options: ApiRequestOptions & { schema?: SchemaSource<Schema> },
): Promise<unknown> {
  const set = options.auth ?? 'main';
  const token = set === false ? undefined : getAccessToken(set) || undefined;
  if (set !== false && token === undefined && !options.optionalAuth) throw sessionExpiredError();

  const first = await send(options, token);
  const outcome = await settle(first);
  if (outcome.ok) return parseWith(options.schema, first, outcome.body);
  if (set === false || token === undefined || outcome.error.kind !== ExpiredToken) throw outcome.error;

  const fresh = await accessTokenAfterExpiry(set, token);
  const retry = await send(options, fresh);
  const retried = await settle(retry);
  if (retried.ok) return parseWith(options.schema, retry, retried.body);
  throw retried.error;
}

const refreshes = new Map<TokenSetName, Promise<TokenSet>>();

/**
 * The access token to retry with after `staleToken` was refused. When another call already replaced the
 * token, that one is used; otherwise every caller waits on the same single refresh of the set.
 */
async function accessTokenAfterExpiry(set: TokenSetName, staleToken: string): Promise<string> {
  const current = getAccessToken(set);
  if (!current) throw sessionExpiredError();
  if (current !== staleToken) return current;
  return (await refreshSession(set)).accessToken;
}

/**
 * Refreshes a token set; concurrent callers share the one refresh in flight. The shop's other tabs share the
 * token cookies, and a refresh token is single use: a second tab refreshing with the same one would look like
 * token theft and end the session. So tabs refresh one at a time (a Web Lock per set), and a tab that waited uses
 * the tokens the other tab stored instead of refreshing again.
 */
export function refreshSession(set: TokenSetName): Promise<TokenSet> {
  let flight = refreshes.get(set);
  if (!flight) {
    const staleAccessToken = getAccessToken(set);
    flight = withRefreshLock(set, () => {
      const current = getTokens(set);
      if (current && current.accessToken !== staleAccessToken) return Promise.resolve(current);
      return requestNewTokens(set);
    }).finally(() => refreshes.delete(set));
    refreshes.set(set, flight);
  }
  return flight;
}

/** Runs `refresh` holding the set's refresh lock, which every tab of the shop on this device shares. */
function withRefreshLock(set: TokenSetName, refresh: () => Promise<TokenSet>): Promise<TokenSet> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks || typeof locks.request !== 'function') return refresh();
  return locks.request(`ibc-shop-token-refresh:${set}`, refresh);
}

/** A failure of the network, a timeout, maintenance or a server fault says nothing about the session. */
function keepsSession(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.isNetworkError || error.isTimeout || error.isMaintenance || error.httpStatusCode >= 500;
}

function endSession(set: TokenSetName, reason: 'refresh-failed' | 'session-expired'): void {
  clearTokens(set);
  apiEvents.emit('logout', { tokenSet: set, reason });
}

async function requestNewTokens(set: TokenSetName): Promise<TokenSet> {
  const previous = getTokens(set);
  if (!previous?.refreshToken) {
    endSession(set, 'refresh-failed');
    throw sessionExpiredError();
  }
  const body = { refresh_token: previous.refreshToken };
  const schema = () => import('./token-schemas').then((schemas) => schemas.refreshTokensResponseSchema);
  let answer: RefreshTokensResponse;
  try {
    answer =
      set === 'forms'
        ? await apiRequest({
            service: 'forms',
            path: '/auth/refresh_tokens/v1/',
            method: 'POST',
            body,
            auth: false,
            headers: { Authorization: `Bearer ${previous.accessToken}` },
            schema,
          })
        : await apiRequest({
            service: 'user',
            path: '/refresh_auth_tokens/v1/',
            method: 'POST',
            body,
            auth: false,
            schema,
          });
  } catch (error) {
    // Keep the buyer signed in through a tunnel or an outage; only a refused refresh ends the session.
    if (keepsSession(error)) throw error;
    endSession(set, 'refresh-failed');
    throw sessionExpiredError(error);
  }
  const accessToken = answer.access_token;
  if (!accessToken) {
    endSession(set, 'session-expired');
    throw sessionExpiredError();
  }
  const next = tokenSetFromRefresh({ ...answer, access_token: accessToken }, previous);
  setTokens(set, next);
  return next;
}
