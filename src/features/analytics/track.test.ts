import { onlineManager } from '@tanstack/react-query';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveApiConfig, setApiConfig } from '@/api/config';
import { flushOutbox } from '@/api/outbox';
import { fakeNetwork, json, resetClient } from '@/api/test-helpers';
import { clearTokens, setTokens } from '@/api/tokens';
import { droppedEntries, OUTBOX_DATABASE, OUTBOX_STORE, pendingEntries } from '@/storage/outbox';
import { track } from './track';

beforeEach(async () => {
  await clear(createStore(OUTBOX_DATABASE, OUTBOX_STORE));
  resetClient();
  window.dataLayer = [];
  // Signed in: no visitor's anonymous push comes before the events these tests count.
  setTokens('main', { accessToken: 'a', refreshToken: 'r', userId: 'u-1', expires: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearTokens('main');
});

const PUSH = /\/api\/marketing\/web_engage\/events\/push\/$/;

/** Until the outbox holds `count` entries (track returns before the entry is stored). */
async function stored(count: number) {
  await vi.waitFor(async () => expect(await pendingEntries()).toHaveLength(count));
}

describe('track', () => {
  it('pushes to dataLayer and sends the event through the outbox with an Idempotency-Key', async () => {
    onlineManager.setOnline(false);
    track('requested_otp', { country_code: 'IN' });
    expect(window.dataLayer).toEqual([{ event: 'requested_otp', country: 'india', country_code: 'IN' }]);
    await stored(1);
    const { requests } = fakeNetwork(() => json(202, { accepted: true }));
    onlineManager.setOnline(true);
    await flushOutbox({ ignoreBackoff: true });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toMatch(PUSH);
    expect(requests[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requests[0]?.body).toMatchObject({
      event_name: 'requested_otp',
      event_data: { country: 'india', country_code: 'IN' },
      user_id: 'u-1',
    });
    expect(await pendingEntries()).toEqual([]);
  });

  it('keeps events made offline and sends them once, in the order they were made, on reconnect', async () => {
    onlineManager.setOnline(false);
    track('requested_otp');
    track('signin_completed');
    track('user_login');
    await stored(3);
    const { requests } = fakeNetwork(() => json(202, { accepted: true }));
    onlineManager.setOnline(true);
    await flushOutbox({ ignoreBackoff: true });
    await flushOutbox({ ignoreBackoff: true });
    expect(requests.map((r) => (r.body as { event_name: string }).event_name)).toEqual([
      'requested_otp',
      'signin_completed',
      'user_login',
    ]);
    expect(new Set(requests.map((r) => r.headers.get('Idempotency-Key'))).size).toBe(3);
  });

  it('drops a push the server refuses as too many or too large, without retrying it, and never throws', async () => {
    onlineManager.setOnline(false);
    expect(() => track('purchase', { order_id: 'o-1' })).not.toThrow();
    expect(() => track('order_created')).not.toThrow();
    await stored(2);
    const answers = [
      json(429, { data: { message: 'Too many', http_status_code: 429 } }),
      new Response(null, { status: 413 }),
    ];
    const { requests } = fakeNetwork(() => answers.shift() ?? json(202, { accepted: true }));
    onlineManager.setOnline(true);
    await flushOutbox({ ignoreBackoff: true });
    await flushOutbox({ ignoreBackoff: true });
    expect(requests).toHaveLength(2);
    expect((await droppedEntries()).map((e) => e.dropped?.status)).toEqual([429, 413]);
    expect(window.dataLayer).toHaveLength(2);
  });

  it('sends to the marketing base address when one is configured', async () => {
    setApiConfig({
      ...resolveApiConfig({ VITE_MARKETING_BASE_URL: 'https://mkt.example/' }),
      timeoutMs: 2_000,
    });
    onlineManager.setOnline(false);
    track('requested_otp');
    await stored(1);
    const { requests } = fakeNetwork(() => json(202, { accepted: true }));
    onlineManager.setOnline(true);
    await flushOutbox({ ignoreBackoff: true });
    expect(requests.map((r) => r.url)).toEqual(['https://mkt.example/api/marketing/web_engage/events/push/']);
  });
});
