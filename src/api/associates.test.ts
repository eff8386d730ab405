import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logAssociateView } from './associates';
import { fakeNetwork, json, resetClient } from './test-helpers';

beforeEach(() => {
  resetClient();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('logAssociateView', () => {
  it('logs a code once per visit, with the visit id and an idempotency key, and again in a new visit', async () => {
    const { requests } = fakeNetwork(() => json(200, { logged: true }));
    expect(await logAssociateView('ashara-7k2q', '/ibc-kit')).toBe(true);
    expect(await logAssociateView('ASHARA-7K2Q', '/checkout')).toBe(false);
    expect(requests).toHaveLength(1);
    const [sent] = requests;
    expect(sent?.url).toMatch(/\/api\/associates\/associate_code_view_event_log\/create\/v1\/$/);
    const body = sent?.body as { associate_code: string; visit_id: string; page_path: string };
    expect(body).toMatchObject({ associate_code: 'ASHARA-7K2Q', page_path: '/ibc-kit' });
    expect(sent?.headers.get('Idempotency-Key')).toBe(`view:${body.visit_id}:ASHARA-7K2Q`);
    expect(sent?.headers.get('authorization')).toBeNull();

    // Another code in the same visit is its own view; a new visit (a new tab session) logs the code again.
    await logAssociateView('CLUB-RAHUL');
    sessionStorage.clear();
    await logAssociateView('ASHARA-7K2Q');
    expect(requests).toHaveLength(3);
    expect((requests[2]?.body as { visit_id: string } | undefined)?.visit_id).not.toBe(body.visit_id);
  });

  it('tries again later in the visit when the view could not be sent', async () => {
    let fail = true;
    const { requests } = fakeNetwork(() => (fail ? json(500, {}) : json(200, { logged: true })));
    await expect(logAssociateView('CLUB-RAHUL')).rejects.toBeTruthy();
    fail = false;
    expect(await logAssociateView('CLUB-RAHUL')).toBe(true);
    expect(requests).toHaveLength(2);
  });
});
