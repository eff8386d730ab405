import { onlineManager } from '@tanstack/react-query';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OUTBOX_DATABASE, OUTBOX_STORE, pendingEntries } from '@/storage/outbox';
import { logAssociateView } from './associates';
import { flushOutbox } from './outbox';
import { fakeNetwork, json, resetClient } from './test-helpers';

beforeEach(async () => {
  await clear(createStore(OUTBOX_DATABASE, OUTBOX_STORE));
  resetClient();
  sessionStorage.clear();
  localStorage.clear();
  onlineManager.setOnline(true);
});
afterEach(() => vi.unstubAllGlobals());

describe('logAssociateView', () => {
  it('logs a code once per visit, with the visitor id kept on the device and a key per day, and again in a new visit', async () => {
    const { requests } = fakeNetwork(() => json(200, { logged: true }));
    expect(await logAssociateView('ashara-7k2q', '/ibc-kit')).toBe(true);
    expect(await logAssociateView('ASHARA-7K2Q', '/checkout')).toBe(false);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    const [sent] = requests;
    expect(sent?.url).toMatch(/\/api\/associates\/associate_code_view_event_log\/create\/v1\/$/);
    const body = sent?.body as { associate_code: string; visit_id: string; page_path: string };
    expect(body).toMatchObject({ associate_code: 'ASHARA-7K2Q', page_path: '/ibc-kit' });
    const today = new Date().toISOString().slice(0, 10);
    expect(sent?.headers.get('Idempotency-Key')).toBe(`view:${body.visit_id}:ASHARA-7K2Q:${today}`);
    expect(sent?.headers.get('authorization')).toBeNull();

    // Another code in the same visit is its own view; a new visit (a new tab session) sends the code again, as the
    // same visitor: the server counts them once a day.
    await logAssociateView('CLUB-RAHUL');
    sessionStorage.clear();
    await logAssociateView('ASHARA-7K2Q');
    await vi.waitFor(() => expect(requests).toHaveLength(3));
    expect((requests[2]?.body as { visit_id: string } | undefined)?.visit_id).toBe(body.visit_id);
  });

  it('waits in the outbox when it cannot get through, and is sent once, under its key, when the connection is back', async () => {
    onlineManager.setOnline(false);
    expect(await logAssociateView('CLUB-RAHUL')).toBe(true);
    expect(await logAssociateView('CLUB-RAHUL')).toBe(false);
    expect(await pendingEntries()).toHaveLength(1);
    const { requests } = fakeNetwork(() => json(200, { logged: true }));
    onlineManager.setOnline(true);
    await flushOutbox({ ignoreBackoff: true });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.get('Idempotency-Key')).toMatch(/^view:.+:CLUB-RAHUL:\d{4}-\d{2}-\d{2}$/);
    expect(await pendingEntries()).toEqual([]);
  });
});
