import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, testApp } from '../testing';
import { createHealthProbe, HEALTH_PROBE_INTERVAL_MS, HEALTH_PROBE_TIMEOUT_MS } from './health';

describe('the health probe', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports the last ping: down when the database fails, up again when it answers', async () => {
    vi.useFakeTimers();
    let fail = false;
    const downs: unknown[] = [];
    const probe = createHealthProbe({
      ping: async () => {
        if (fail) throw new Error('db down');
      },
      onDown: (error) => downs.push(error),
    });
    await probe.start();
    expect(probe.healthy()).toBe(true);
    fail = true;
    await vi.advanceTimersByTimeAsync(HEALTH_PROBE_INTERVAL_MS);
    expect(probe.healthy()).toBe(false);
    expect(downs).toHaveLength(1);
    // Logged once per outage, not once per ping.
    await vi.advanceTimersByTimeAsync(HEALTH_PROBE_INTERVAL_MS);
    expect(downs).toHaveLength(1);
    fail = false;
    await vi.advanceTimersByTimeAsync(HEALTH_PROBE_INTERVAL_MS);
    expect(probe.healthy()).toBe(true);
    probe.stop();
  });

  it('counts a ping that never answers as down once its timeout passes', async () => {
    vi.useFakeTimers();
    let hang = false;
    const probe = createHealthProbe({
      ping: () => (hang ? new Promise<void>(() => {}) : Promise.resolve()),
    });
    await probe.start();
    hang = true;
    await vi.advanceTimersByTimeAsync(HEALTH_PROBE_INTERVAL_MS);
    expect(probe.healthy()).toBe(true);
    await vi.advanceTimersByTimeAsync(HEALTH_PROBE_TIMEOUT_MS);
    expect(probe.healthy()).toBe(false);
    hang = false;
    await vi.advanceTimersByTimeAsync(HEALTH_PROBE_INTERVAL_MS);
    expect(probe.healthy()).toBe(true);
    probe.stop();
  });
});

describe('GET /healthz', () => {
  let shop: TestApp;
  beforeAll(async () => {
    // The background pings are driven by hand; the database keeps its real timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    shop = await testApp({ config: { STATIC_DIR: '/nonexistent' } });
  });
  afterAll(async () => {
    await shop.close();
    vi.useRealTimers();
  });

  it('answers from the background probe: no database round trip per request', async () => {
    const since = shop.queries.length;
    for (let i = 0; i < 20; i += 1) {
      const res = await shop.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(shop.queries.slice(since)).toEqual([]);
    // The next ping is the probe's, on its interval.
    vi.advanceTimersByTime(HEALTH_PROBE_INTERVAL_MS);
    await vi.waitFor(() => expect(shop.queries.slice(since).some((sql) => /select 1/i.test(sql))).toBe(true));
  });
});
