import { errorBodySchema } from '@contract/common';
import { maintenanceAdminResponseSchema, maintenanceStatusSchema } from '@contract/maintenance';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { fakeStaticDir, type TestApp, testApp } from '../../testing';
import { createMaintenanceService } from './service';

const TOKEN = 'test-operator-token-0123456789';
const START = new Date('2026-03-01T10:00:00.000Z');

let shop: TestApp;
let app: App;
let clock = START;

const admin = (payload: unknown, token = TOKEN) =>
  app.inject({
    method: 'POST',
    url: '/api/maintenance/admin/v1/',
    headers: { authorization: `Bearer ${token}` },
    payload: payload as Record<string, unknown>,
  });
const status = async () => {
  const res = await app.inject({ method: 'GET', url: '/api/maintenance/status/v1/' });
  expect(res.statusCode).toBe(200);
  return maintenanceStatusSchema.parse(res.json());
};

beforeAll(async () => {
  shop = await testApp({
    config: { STATIC_DIR: fakeStaticDir() },
    now: () => clock,
    operatorToken: TOKEN,
  });
  app = shop.app;
});

afterAll(async () => {
  await shop.close();
});

beforeEach(async () => {
  clock = START;
  await admin({ enabled: false });
});

describe('GET /api/maintenance/status/v1/', () => {
  it('says "working" normally (the seeded state)', async () => {
    expect(await status()).toEqual({ res_status: 'working', response: '', time_in_seconds: 0 });
  });

  it('reports the message and the seconds left while on', async () => {
    const res = await admin({ enabled: true, minutes: 30, message: 'Back soon' });
    expect(res.statusCode).toBe(200);
    expect(maintenanceAdminResponseSchema.parse(res.json())).toMatchObject({
      enabled: true,
      ends_at: '2026-03-01T10:30:00.000Z',
    });
    expect(await status()).toEqual({
      res_status: 'SERVER_UNDER_MAINTENANCE',
      response: 'Back soon',
      time_in_seconds: 1800,
    });
    clock = new Date(START.getTime() + 10 * 60_000);
    expect((await status()).time_in_seconds).toBe(1200);
  });

  it('defaults to "under maintenance" and 1800 seconds when no end is given', async () => {
    await admin({ enabled: true });
    expect(await status()).toEqual({
      res_status: 'SERVER_UNDER_MAINTENANCE',
      response: 'under maintenance',
      time_in_seconds: 1800,
    });
    clock = new Date(START.getTime() + 24 * 3600_000);
    expect((await status()).res_status).toBe('SERVER_UNDER_MAINTENANCE');
  });

  it('ends a window by itself when its end passes', async () => {
    await admin({ enabled: true, minutes: 5, message: 'Rolling the pitch' });
    clock = new Date(START.getTime() + 5 * 60_000 - 1000);
    expect(await status()).toMatchObject({ res_status: 'SERVER_UNDER_MAINTENANCE', time_in_seconds: 1 });
    clock = new Date(START.getTime() + 5 * 60_000);
    expect(await status()).toEqual({ res_status: 'working', response: '', time_in_seconds: 0 });
    expect((await app.inject({ method: 'GET', url: '/api/user/anything/v1/' })).statusCode).toBe(404);
  });

  it('switches off', async () => {
    await admin({ enabled: true, message: 'x' });
    await admin({ enabled: false });
    expect((await status()).res_status).toBe('working');
  });
});

describe('while maintenance is on', () => {
  beforeEach(async () => {
    await admin({ enabled: true, minutes: 30, message: 'Back soon' });
  });

  it('answers every other API call with 503 SERVER_UNDER_MAINTENANCE and the seconds left', async () => {
    for (const [method, url] of [
      ['GET', '/api/commerce/orders/price_estimate/v1/'],
      ['POST', '/api/user/login_or_register/v1/'],
      ['GET', '/api/nope'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, url).toBe(503);
      const { data } = errorBodySchema.parse(res.json());
      expect(data).toEqual({
        message: 'Back soon',
        response: 'Back soon',
        res_status: 'SERVER_UNDER_MAINTENANCE',
        http_status_code: 503,
        time_in_seconds: 1800,
      });
      expect(res.headers['retry-after']).toBe('1800');
    }
  });

  it('keeps /healthz, the status call and the static PWA working', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/assets/app-abc123.js' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/about-us' })).statusCode).toBe(200);
    expect((await status()).res_status).toBe('SERVER_UNDER_MAINTENANCE');
  });
});

describe('POST /api/maintenance/admin/v1/', () => {
  it('refuses a wrong or missing token with 401 and the error body', async () => {
    const wrong = await admin({ enabled: true }, 'not-the-token');
    expect(wrong.statusCode).toBe(401);
    expect(errorBodySchema.parse(wrong.json()).data.res_status).toBe('UNAUTHORIZED');
    const missing = await app.inject({
      method: 'POST',
      url: '/api/maintenance/admin/v1/',
      payload: { enabled: true },
    });
    expect(missing.statusCode).toBe(401);
    expect((await status()).res_status).toBe('working');
  });

  it('checks the token before the body, so a stranger learns nothing of its shape', async () => {
    const res = await admin({ enabled: 'yes' }, 'not-the-token');
    expect(res.statusCode).toBe(401);
  });

  it('names the bad field for the operator', async () => {
    const res = await admin({ enabled: true, minutes: -5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toMatchObject({ field: 'minutes', res_status: 'BAD_REQUEST' });
    expect(res.json().data.message).toMatch(/^minutes: /);
  });

  it('refuses callers from other machines even with the token', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/maintenance/admin/v1/',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { enabled: true },
    });
    expect(res.statusCode).toBe(403);
  });

  it('is closed when the process has no operator token', async () => {
    const closed = shop.build({ config: { STATIC_DIR: '/nonexistent' } });
    const res = await closed.inject({
      method: 'POST',
      url: '/api/maintenance/admin/v1/',
      headers: { authorization: 'Bearer ' },
      payload: { enabled: true },
    });
    expect(res.statusCode).toBe(401);
    await closed.close();
  });
});

describe('the state lives in the database', () => {
  it('is seen by another process (another app on the same database) within its cache time', async () => {
    let otherClock = START;
    const other = createMaintenanceService({ db: shop.db, now: () => otherClock, cacheMs: 2000 });
    expect((await other.status()).res_status).toBe('working');
    await admin({ enabled: true, message: 'Back soon' });
    // Still cached in the other process…
    expect((await other.status()).res_status).toBe('working');
    // …until its cache time passes.
    otherClock = new Date(START.getTime() + 2000);
    expect(await other.status()).toMatchObject({
      res_status: 'SERVER_UNDER_MAINTENANCE',
      response: 'Back soon',
    });
  });
});
