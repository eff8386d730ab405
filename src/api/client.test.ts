import { RES_STATUS } from '@contract/common';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest, currentTimeZone } from './client';
import {
  ApiError,
  CONNECTION_LOST_DESCRIPTION,
  CONNECTION_LOST_TITLE,
  DEFAULT_ERROR_DESCRIPTION,
  DEFAULT_ERROR_TITLE,
  type ErrorReporter,
  ExpiredToken,
  setErrorReporter,
  TIMEOUT_MESSAGE,
} from './errors';
import { apiEvents, type LogoutNotice, type MaintenanceNotice } from './events';
import { REACHABILITY_PROBE_MS } from './online';
import { delay, errorBody, fakeNetwork, json, resetClient, type SeenRequest } from './test-helpers';
import { getTokens, setTokens, type TokenSetName } from './tokens';

const profileSchema = z.object({ name: z.string() });
const OLD = { accessToken: 'old-access', refreshToken: 'old-refresh', userId: 'u1', expires: null };

function signIn(set: TokenSetName = 'main', tokens = OLD) {
  setTokens(set, tokens);
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const isRefresh = (request: SeenRequest) => request.url.endsWith('/refresh_auth_tokens/v1/');
const bearer = (request: SeenRequest) => request.headers.get('Authorization');

let reporter: Mock<ErrorReporter>;
let restoreReporter: () => void;

beforeEach(() => {
  resetClient();
  reporter = vi.fn<ErrorReporter>();
  restoreReporter = setErrorReporter(reporter);
});

afterEach(() => {
  restoreReporter();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('requests', () => {
  it('calls the service under its prefix with the query, JSON body and method', async () => {
    signIn();
    const { requests } = fakeNetwork(() => json(200, { name: 'Asha' }));
    const result = await apiRequest({
      service: 'commerce',
      path: '/orders/price_estimate/v1/',
      method: 'POST',
      query: { currency: 'INR', page: 2, skip: undefined },
      body: { packages: ['solo'] },
      schema: profileSchema,
    });
    expect(result).toEqual({ name: 'Asha' });
    const [request] = requests;
    expect(request?.url).toBe('/api/commerce/orders/price_estimate/v1/?currency=INR&page=2');
    expect(request?.method).toBe('POST');
    expect(request?.body).toEqual({ packages: ['solo'] });
    expect(request?.headers.get('Content-Type')).toBe('application/json');
  });

  it('sends the Bearer token of the chosen set and x-tz with the browser zone', async () => {
    signIn('main');
    signIn('business', { ...OLD, accessToken: 'business-access' });
    const { requests } = fakeNetwork(() => json(200, {}));
    await apiRequest({ service: 'user', path: '/profile/v1/' });
    await apiRequest({ service: 'invoicing', path: '/pickup_locations/v1/', auth: 'business' });
    expect(bearer(requests[0] as SeenRequest)).toBe('Bearer old-access');
    expect(bearer(requests[1] as SeenRequest)).toBe('Bearer business-access');
    expect(requests[0]?.headers.get('x-tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('falls back to Asia/Kolkata when the browser cannot tell its zone', async () => {
    const spy = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
      throw new Error('no Intl');
    });
    // A fresh copy of the module: the zone is read once per page load.
    vi.resetModules();
    const fresh = await import('./client');
    expect(fresh.currentTimeZone()).toBe('Asia/Kolkata');
    spy.mockRestore();
  });

  it('reads the zone once per page load', () => {
    const first = currentTimeZone();
    const spy = vi.spyOn(Intl, 'DateTimeFormat');
    expect(currentTimeZone()).toBe(first);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('drops Authorization with auth: false and x-tz with tz: false (form submissions)', async () => {
    signIn();
    const { requests } = fakeNetwork(() => json(200, {}));
    await apiRequest({
      service: 'forms',
      path: '/create_ib_form_submission/v1/',
      method: 'POST',
      body: { form_id: 'f', form_submission_data: {} },
      auth: false,
      tz: false,
    });
    expect(bearer(requests[0] as SeenRequest)).toBeNull();
    expect(requests[0]?.headers.has('x-tz')).toBe(false);
  });

  it('adds extra headers such as an Idempotency-Key', async () => {
    signIn();
    const { requests } = fakeNetwork(() => json(200, {}));
    await apiRequest({
      service: 'commerce',
      path: '/order/create/v1/',
      method: 'POST',
      headers: { 'Idempotency-Key': 'k-1' },
    });
    expect(requests[0]?.headers.get('Idempotency-Key')).toBe('k-1');
  });

  it('raises SESSION_EXPIRED without calling the server when the set has no access token', async () => {
    const { fetchMock } = fakeNetwork(() => json(200, {}));
    const error = await rejection(apiRequest({ service: 'user', path: '/profile/v1/' }));
    expect(error.message).toBe('Session Expired!');
    expect(error.httpStatusCode).toBe(400);
    expect(error.resStatus).toBe(RES_STATUS.SESSION_EXPIRED);
    expect(error.isSessionExpired).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('calls anonymously with optionalAuth when no token is kept', async () => {
    const { requests } = fakeNetwork(() => json(200, {}));
    await apiRequest({ service: 'commerce', path: '/packages/1/v1/', optionalAuth: true });
    expect(bearer(requests[0] as SeenRequest)).toBeNull();
  });

  it('treats a response that fails its schema as an error and reports it', async () => {
    signIn();
    fakeNetwork(() => json(200, { name: 42 }));
    const error = await rejection(
      apiRequest({ service: 'user', path: '/profile/v1/', schema: profileSchema }),
    );
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toBe(DEFAULT_ERROR_TITLE);
    expect(reporter).toHaveBeenCalledOnce();
  });

  it('checks a response against a schema given as a loader, loaded once the response is in', async () => {
    signIn();
    const loader = vi.fn(async () => profileSchema);
    fakeNetwork(() => json(200, { name: 'Asha', extra: true }));
    const request = apiRequest({ service: 'user', path: '/profile/v1/', schema: loader });
    expect(loader).not.toHaveBeenCalled();
    await expect(request).resolves.toEqual({ name: 'Asha' });

    fakeNetwork(() => json(200, { name: 42 }));
    const error = await rejection(apiRequest({ service: 'user', path: '/profile/v1/', schema: loader }));
    expect(error.kind).toBe('invalid-response');
    expect(reporter).toHaveBeenCalledOnce();
  });
});

describe('the error catalogue', () => {
  it('parses the §8 body into an ApiError', async () => {
    fakeNetwork(() =>
      json(400, errorBody(400, 'BAD_REQUEST', { field: 'email', message: 'Enter a valid e-mail' })),
    );
    const error = await rejection(apiRequest({ service: 'user', path: '/login/v1/', auth: false }));
    expect(error.message).toBe('Enter a valid e-mail');
    expect(error.response).toEqual({
      title: 'title for BAD_REQUEST',
      description: 'description for BAD_REQUEST',
    });
    expect(error.resStatus).toBe('BAD_REQUEST');
    expect(error.httpStatusCode).toBe(400);
    expect(error.field).toBe('email');
    expect(reporter).not.toHaveBeenCalled();
  });

  it('reports an unparseable body and falls back to the default texts with the real status', async () => {
    fakeNetwork(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await rejection(apiRequest({ service: 'user', path: '/login/v1/', auth: false }));
    expect(error.message).toBe(DEFAULT_ERROR_TITLE);
    expect(error.title).toBe(DEFAULT_ERROR_TITLE);
    expect(error.description).toBe(DEFAULT_ERROR_DESCRIPTION);
    expect(error.httpStatusCode).toBe(502);
    expect(reporter).toHaveBeenCalledWith('Unparseable error body', expect.objectContaining({ status: 502 }));
  });

  it('says "Connection lost" for a 503 whose body is not the §8 body (a proxy\'s page, or nothing)', async () => {
    for (const answer of [
      () => new Response('<html><h1>503 Service Temporarily Unavailable</h1></html>', { status: 503 }),
      () => new Response(null, { status: 503 }),
      () => json(503, { error: 'upstream connect error' }),
    ]) {
      fakeNetwork(answer);
      const error = await rejection(apiRequest({ service: 'user', path: '/login/v1/', auth: false }));
      expect(error.httpStatusCode).toBe(503);
      expect(error.title).toBe(CONNECTION_LOST_TITLE);
      expect(error.description).toBe(CONNECTION_LOST_DESCRIPTION);
      expect(error.message).toBe(CONNECTION_LOST_TITLE);
    }
    expect(reporter).toHaveBeenCalledWith('Unparseable error body', expect.objectContaining({ status: 503 }));
  });

  it("keeps the server's own words for a 503 with the §8 body", async () => {
    fakeNetwork(() => json(503, errorBody(503, 'SERVICE_UNAVAILABLE', { message: 'Database unavailable' })));
    const error = await rejection(apiRequest({ service: 'user', path: '/login/v1/', auth: false }));
    expect(error.httpStatusCode).toBe(503);
    expect(error.message).toBe('Database unavailable');
    expect(reporter).not.toHaveBeenCalled();
  });

  it('turns a rejected fetch into 503 "Connection lost"', async () => {
    fakeNetwork(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await rejection(apiRequest({ service: 'user', path: '/login/v1/', auth: false }));
    expect(error.httpStatusCode).toBe(503);
    expect(error.title).toBe(CONNECTION_LOST_TITLE);
    expect(error.description).toBe(CONNECTION_LOST_DESCRIPTION);
    expect(error.isNetworkError).toBe(true);
  });

  it('goes offline when a request cannot leave, though the browser says online, and back once the server answers', async () => {
    vi.useFakeTimers();
    let reachable = false;
    const { fetchMock } = fakeNetwork(() => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return json(200, { ok: true });
    });
    const failed = rejection(apiRequest({ service: 'user', path: '/login/v1/', auth: false }));
    await vi.advanceTimersByTimeAsync(10);
    expect((await failed).isNetworkError).toBe(true);
    expect(onlineManager.isOnline()).toBe(false);
    // Offline, requests fail fast; the health check is asked every few seconds.
    await vi.advanceTimersByTimeAsync(REACHABILITY_PROBE_MS);
    expect(onlineManager.isOnline()).toBe(false);
    reachable = true;
    await vi.advanceTimersByTimeAsync(REACHABILITY_PROBE_MS);
    expect(fetchMock.mock.calls.at(-1)?.[0]).toMatch(/\/healthz$/);
    expect(onlineManager.isOnline()).toBe(true);
    const calls = fetchMock.mock.calls.length;
    await vi.advanceTimersByTimeAsync(REACHABILITY_PROBE_MS * 3);
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('fails fast with 503 "Connection lost" while the browser is offline', async () => {
    onlineManager.setOnline(false);
    const { fetchMock } = fakeNetwork(() => json(200, {}));
    const error = await rejection(apiRequest({ service: 'user', path: '/login/v1/', auth: false }));
    onlineManager.setOnline(true);
    expect(error.httpStatusCode).toBe(503);
    expect(error.message).toBe(CONNECTION_LOST_TITLE);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('times out a call that takes longer than its timeout', async () => {
    vi.useFakeTimers();
    // A server that never answers: the fetch only settles when the client aborts it.
    const { fetchMock } = fakeNetwork(() => json(200, {}));
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise<Response>((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = rejection(
      apiRequest({ service: 'user', path: '/login/v1/', auth: false, timeoutMs: 5_000 }),
    );
    await vi.advanceTimersByTimeAsync(4_999);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.isTimeout).toBe(true);
    expect(error.message).toBe(TIMEOUT_MESSAGE);
  });

  it('reads "Endpoint request timed out" from the server as a timeout, in or out of the §8 shape', async () => {
    fakeNetwork(() => json(504, { message: TIMEOUT_MESSAGE }));
    const gateway = await rejection(apiRequest({ service: 'user', path: '/login/v1/', auth: false }));
    expect(gateway.isTimeout).toBe(true);
    expect(gateway.httpStatusCode).toBe(504);
    expect(reporter).not.toHaveBeenCalled();

    fakeNetwork(() => json(504, errorBody(504, 'GATEWAY_TIMEOUT', { message: TIMEOUT_MESSAGE })));
    const wrapped = await rejection(apiRequest({ service: 'user', path: '/login/v1/', auth: false }));
    expect(wrapped.isTimeout).toBe(true);
  });

  it("rejects with the caller's abort reason, not an ApiError", async () => {
    fakeNetwork(() => json(200, {}));
    const controller = new AbortController();
    controller.abort();
    await expect(
      apiRequest({ service: 'user', path: '/login/v1/', auth: false, signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('maintenance', () => {
  it('broadcasts SERVER_UNDER_MAINTENANCE before rejecting', async () => {
    fakeNetwork(() =>
      json(
        503,
        errorBody(503, RES_STATUS.SERVER_UNDER_MAINTENANCE, { response: 'Back soon', time_in_seconds: 600 }),
      ),
    );
    const notices: MaintenanceNotice[] = [];
    const off = apiEvents.on('maintenance', (notice) => notices.push(notice));
    // The caller's error handler finds the maintenance screen already told.
    let toldWhenRejected = -1;
    const error = await rejection(
      apiRequest({ service: 'commerce', path: '/packages/1/v1/', auth: false }).catch((caught: unknown) => {
        toldWhenRejected = notices.length;
        throw caught;
      }),
    );
    off();
    expect(toldWhenRejected).toBe(1);
    expect(notices).toEqual([
      { res_status: 'SERVER_UNDER_MAINTENANCE', response: 'Back soon', time_in_seconds: 600 },
    ]);
    expect(error.isMaintenance).toBe(true);
    expect(error.httpStatusCode).toBe(503);
  });

  it('defaults to 1800 seconds and "under maintenance"', async () => {
    fakeNetwork(() => json(200, { res_status: RES_STATUS.SERVER_UNDER_MAINTENANCE }));
    const notices: MaintenanceNotice[] = [];
    const off = apiEvents.on('maintenance', (notice) => notices.push(notice));
    await rejection(apiRequest({ service: 'maintenance', path: '/status/v1/', auth: false }));
    off();
    expect(notices).toEqual([
      { res_status: 'SERVER_UNDER_MAINTENANCE', response: 'under maintenance', time_in_seconds: 1800 },
    ]);
    expect(reporter).not.toHaveBeenCalled();
  });
});

describe('expired tokens', () => {
  /** A server that refuses the old token with `expired` and accepts the refreshed one. */
  function expiringServer(expired: () => Response, refreshDelayMs = 0) {
    return fakeNetwork(async (request) => {
      if (isRefresh(request)) {
        if (refreshDelayMs) await delay(refreshDelayMs);
        return json(200, {
          access_token: 'new-access',
          refresh_token: 'new-refresh',
          user_id: 'u1',
          expires_in: 3600,
        });
      }
      return bearer(request) === 'Bearer new-access' ? json(200, { name: 'Asha' }) : expired();
    });
  }

  const expiredVariants: [string, () => Response][] = [
    ['400 INVALID_TOKEN', () => json(400, errorBody(400, RES_STATUS.INVALID_TOKEN))],
    ['400 INVALID_USER', () => json(400, errorBody(400, RES_STATUS.INVALID_USER))],
    ['401 with a detail and no res_status', () => json(401, { detail: 'Token expired' })],
    ['403 with a detail and no res_status', () => json(403, { detail: 'Signature has expired' })],
    ['403 NotAuthorizedException', () => json(403, errorBody(403, RES_STATUS.NOT_AUTHORIZED))],
    ['404 UserNotFoundException', () => json(404, errorBody(404, RES_STATUS.USER_NOT_FOUND))],
    ['404 INVALID_SESSION_TOKEN', () => json(404, errorBody(404, RES_STATUS.INVALID_SESSION_TOKEN))],
  ];

  it.each(expiredVariants)('%s → one refresh, then one retry with the new token', async (_name, expired) => {
    signIn();
    const { requests } = expiringServer(expired);
    const result = await apiRequest({ service: 'user', path: '/profile/v1/', schema: profileSchema });
    expect(result).toEqual({ name: 'Asha' });
    expect(requests.map((r) => `${r.method} ${r.url} ${bearer(r)}`)).toEqual([
      'GET /api/user/profile/v1/ Bearer old-access',
      'POST /api/user/refresh_auth_tokens/v1/ null',
      'GET /api/user/profile/v1/ Bearer new-access',
    ]);
    expect(requests[1]?.body).toEqual({ refresh_token: 'old-refresh' });
    expect(getTokens('main')).toMatchObject({
      accessToken: 'new-access',
      refreshToken: 'new-refresh',
      userId: 'u1',
    });
  });

  const notExpired: [string, () => Response][] = [
    ['401 without a detail', () => json(401, errorBody(401, 'UNAUTHORIZED'))],
    ['401 with a detail and a res_status', () => json(401, { detail: 'x', res_status: 'UNAUTHORIZED' })],
    ['403 with another res_status', () => json(403, errorBody(403, 'FORBIDDEN'))],
    ['400 with another res_status', () => json(400, errorBody(400, 'BAD_REQUEST'))],
    ['404 NOT_FOUND', () => json(404, errorBody(404, 'NOT_FOUND'))],
    [
      '400 UserNotFoundException (rule is 404 only)',
      () => json(400, errorBody(400, RES_STATUS.USER_NOT_FOUND)),
    ],
    ['500', () => json(500, errorBody(500, 'INTERNAL_SERVER_ERROR'))],
  ];

  it.each(notExpired)('%s → no refresh, the error is the caller’s', async (_name, failure) => {
    signIn();
    const { requests } = expiringServer(failure);
    const error = await rejection(apiRequest({ service: 'user', path: '/profile/v1/' }));
    expect(error.kind).not.toBe(ExpiredToken);
    expect(requests).toHaveLength(1);
    expect(getTokens('main')?.accessToken).toBe('old-access');
  });

  it('does not refresh for a call made without Authorization', async () => {
    signIn();
    const { requests } = expiringServer(() => json(400, errorBody(400, RES_STATUS.INVALID_TOKEN)));
    const error = await rejection(apiRequest({ service: 'user', path: '/login/v1/', auth: false }));
    expect(error.kind).toBe(ExpiredToken);
    expect(requests).toHaveLength(1);
  });

  it('retries only once: a second expired answer is the caller’s error', async () => {
    signIn();
    const { requests } = fakeNetwork((request) =>
      isRefresh(request)
        ? json(200, { access_token: 'new-access', refresh_token: 'r', user_id: 'u1', expires_in: 60 })
        : json(400, errorBody(400, RES_STATUS.INVALID_TOKEN)),
    );
    const error = await rejection(apiRequest({ service: 'user', path: '/profile/v1/' }));
    expect(error.resStatus).toBe(RES_STATUS.INVALID_TOKEN);
    expect(requests.filter(isRefresh)).toHaveLength(1);
    expect(requests).toHaveLength(3);
  });

  it('raises SESSION_EXPIRED and logs out when the refresh answers an empty access token', async () => {
    signIn();
    const { requests } = fakeNetwork((request) =>
      isRefresh(request)
        ? json(200, { access_token: '', refresh_token: '', user_id: 'u1', expires_in: 0 })
        : json(400, errorBody(400, RES_STATUS.INVALID_TOKEN)),
    );
    const logouts: LogoutNotice[] = [];
    const off = apiEvents.on('logout', (notice) => logouts.push(notice));
    const error = await rejection(apiRequest({ service: 'user', path: '/profile/v1/' }));
    off();
    expect(error.message).toBe('Session Expired!');
    expect(error.httpStatusCode).toBe(400);
    expect(requests).toHaveLength(2);
    expect(getTokens('main')).toBeNull();
    expect(logouts).toEqual([{ tokenSet: 'main', reason: 'session-expired' }]);
  });

  it('clears the set and emits logout when the refresh is refused', async () => {
    signIn();
    signIn('forms');
    fakeNetwork((request) =>
      isRefresh(request)
        ? json(401, errorBody(401, 'UNAUTHORIZED', { message: 'Refresh token revoked' }))
        : json(401, { detail: 'Token expired' }),
    );
    const logouts: LogoutNotice[] = [];
    const off = apiEvents.on('logout', (notice) => logouts.push(notice));
    const error = await rejection(apiRequest({ service: 'user', path: '/profile/v1/' }));
    off();
    expect(error.isSessionExpired).toBe(true);
    expect(logouts).toEqual([{ tokenSet: 'main', reason: 'refresh-failed' }]);
    expect(document.cookie).not.toMatch(/(^|; )(access_token|refresh_token|user_id)=/);
    expect(getTokens('forms')?.accessToken).toBe('old-access');
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    signIn();
    fakeNetwork((request) => {
      if (isRefresh(request)) throw new TypeError('Failed to fetch');
      return json(400, errorBody(400, RES_STATUS.INVALID_TOKEN));
    });
    const logout = vi.fn();
    const off = apiEvents.on('logout', logout);
    const error = await rejection(apiRequest({ service: 'user', path: '/profile/v1/' }));
    off();
    expect(error.httpStatusCode).toBe(503);
    expect(logout).not.toHaveBeenCalled();
    expect(getTokens('main')?.accessToken).toBe('old-access');
  });

  it('refreshes the forms set at the forms service with its Bearer token', async () => {
    signIn('forms', { ...OLD, accessToken: 'forms-old', refreshToken: 'forms-refresh' });
    const { requests } = fakeNetwork((request) => {
      if (request.url.endsWith('/auth/refresh_tokens/v1/')) {
        return json(200, { access_token: 'forms-new', refresh_token: 'fr2', user_id: 'u1', expires_in: 60 });
      }
      return bearer(request) === 'Bearer forms-new'
        ? json(200, { ok: true })
        : json(403, errorBody(403, RES_STATUS.NOT_AUTHORIZED));
    });
    await apiRequest({
      service: 'forms',
      path: '/get_ib_form_submission_details/v1/',
      auth: 'forms',
      tz: false,
    });
    expect(requests.map((r) => `${r.method} ${r.url} ${bearer(r)}`)).toEqual([
      'GET /api/forms/get_ib_form_submission_details/v1/ Bearer forms-old',
      'POST /api/forms/auth/refresh_tokens/v1/ Bearer forms-old',
      'GET /api/forms/get_ib_form_submission_details/v1/ Bearer forms-new',
    ]);
    expect(requests[1]?.body).toEqual({ refresh_token: 'forms-refresh' });
    expect(requests[2]?.headers.has('x-tz')).toBe(false);
    expect(getTokens('forms')?.accessToken).toBe('forms-new');
    expect(getTokens('main')).toBeNull();
  });

  it('runs exactly one refresh for 20 calls failing together, and retries all 20', async () => {
    signIn();
    const { requests } = expiringServer(() => json(400, errorBody(400, RES_STATUS.INVALID_TOKEN)), 20);
    const calls = Array.from({ length: 20 }, (_, index) =>
      apiRequest({ service: 'user', path: `/profile/v1/`, query: { n: index }, schema: profileSchema }),
    );
    const results = await Promise.all(calls);
    expect(results).toEqual(Array.from({ length: 20 }, () => ({ name: 'Asha' })));
    expect(requests.filter(isRefresh)).toHaveLength(1);
    const retries = requests.filter((r) => !isRefresh(r) && bearer(r) === 'Bearer new-access');
    expect(retries).toHaveLength(20);
    expect(requests).toHaveLength(41);
  });

  it('uses the tokens another tab stored while this one waited for the refresh lock, without refreshing', async () => {
    signIn();
    const { requests } = expiringServer(() => json(400, errorBody(400, RES_STATUS.INVALID_TOKEN)));
    const lockNames: string[] = [];
    // The other tab holds the lock, refreshes and stores the rotated set; then this tab's turn comes.
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: async (name: string, callback: () => Promise<unknown>) => {
          lockNames.push(name);
          signIn('main', {
            accessToken: 'new-access',
            refreshToken: 'new-refresh',
            userId: 'u1',
            expires: null,
          });
          return callback();
        },
      },
    });
    await expect(
      apiRequest({ service: 'user', path: '/profile/v1/', schema: profileSchema }),
    ).resolves.toEqual({
      name: 'Asha',
    });
    expect(lockNames).toEqual(['ibc-shop-token-refresh:main']);
    expect(requests.filter(isRefresh)).toHaveLength(0);
    expect(requests.map((r) => bearer(r))).toEqual(['Bearer old-access', 'Bearer new-access']);
  });

  it('refreshes inside the lock when no other tab did', async () => {
    signIn();
    const { requests } = expiringServer(() => json(400, errorBody(400, RES_STATUS.INVALID_TOKEN)));
    let held = false;
    let refreshedWhileHeld = false;
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: async (_name: string, callback: () => Promise<unknown>) => {
          held = true;
          try {
            return await callback();
          } finally {
            refreshedWhileHeld = requests.some(isRefresh);
            held = false;
          }
        },
      },
    });
    await apiRequest({ service: 'user', path: '/profile/v1/', schema: profileSchema });
    expect(held).toBe(false);
    expect(refreshedWhileHeld).toBe(true);
    expect(getTokens('main')?.refreshToken).toBe('new-refresh');
  });

  it('retries a late failure with the already refreshed token instead of refreshing again', async () => {
    signIn();
    let releaseSlow: () => void = () => {};
    const slowAnswered = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    const { requests } = fakeNetwork(async (request) => {
      if (isRefresh(request)) {
        return json(200, { access_token: 'new-access', refresh_token: 'r2', user_id: 'u1', expires_in: 60 });
      }
      if (bearer(request) === 'Bearer new-access') return json(200, { name: 'Asha' });
      if (request.url.includes('slow')) await slowAnswered;
      return json(400, errorBody(400, RES_STATUS.INVALID_TOKEN));
    });
    const slow = apiRequest({ service: 'user', path: '/slow/v1/', schema: profileSchema });
    await apiRequest({ service: 'user', path: '/fast/v1/', schema: profileSchema });
    releaseSlow();
    await expect(slow).resolves.toEqual({ name: 'Asha' });
    expect(requests.filter(isRefresh)).toHaveLength(1);
  });
});
