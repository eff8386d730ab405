import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { type TestApp, testApp } from '../../testing';
import { MAINTENANCE_POLL_MS } from './service';

const TOKEN = 'test-operator-token-maintenance-poll';
let shop: TestApp;
let other: App;

const buyerCall = (app: App) => app.inject({ method: 'GET', url: '/api/commerce/packages/1/v1/' });
const switchTo = async (enabled: boolean) => {
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/maintenance/admin/v1/',
    headers: { authorization: `Bearer ${TOKEN}` },
    payload: enabled ? { enabled, message: 'Back soon' } : { enabled },
  });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  // Only the background polls are driven by hand; the database keeps its real timers.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  shop = await testApp({ config: { STATIC_DIR: '/nonexistent' }, operatorToken: TOKEN });
  other = shop.build({ config: { STATIC_DIR: '/nonexistent' } });
  await other.ready();
});

afterAll(async () => {
  await other.close();
  await shop.close();
  vi.useRealTimers();
});

describe('the maintenance window in memory', () => {
  it('is checked on every call without reading the database', async () => {
    await buyerCall(shop.app);
    const since = shop.queries.length;
    for (let i = 0; i < 10; i += 1) {
      expect((await buyerCall(shop.app)).statusCode).toBe(200);
      expect((await shop.app.inject({ method: 'GET', url: '/api/maintenance/status/v1/' })).statusCode).toBe(
        200,
      );
    }
    expect(shop.queries.slice(since).filter((sql) => /maintenance_window/.test(sql))).toEqual([]);
  });

  it('is switched at once in the writing process, and in every other one after its poll', async () => {
    expect((await buyerCall(other)).statusCode).toBe(200);
    await switchTo(true);
    expect((await buyerCall(shop.app)).statusCode).toBe(503);
    // The other process still has the window it read…
    expect((await buyerCall(other)).statusCode).toBe(200);
    vi.advanceTimersByTime(MAINTENANCE_POLL_MS);
    // …until it polls.
    await vi.waitFor(async () => expect((await buyerCall(other)).statusCode).toBe(503));
    expect((await buyerCall(other)).json().data.message).toBe('Back soon');

    await switchTo(false);
    expect((await buyerCall(shop.app)).statusCode).toBe(200);
    vi.advanceTimersByTime(MAINTENANCE_POLL_MS);
    await vi.waitFor(async () => expect((await buyerCall(other)).statusCode).toBe(200));
  });
});
