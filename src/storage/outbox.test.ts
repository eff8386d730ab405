import { clear, createStore } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addToOutbox,
  backoffMs,
  type Delivery,
  droppedEntries,
  OUTBOX_BACKOFF_BASE_MS,
  OUTBOX_BACKOFF_MAX_MS,
  OUTBOX_DATABASE,
  OUTBOX_DROPPED_KEPT,
  OUTBOX_LIMIT,
  OUTBOX_STORE,
  type OutboxEntry,
  type OutboxKind,
  outcomeOfStatus,
  pendingEntries,
  type ReplayDeps,
  replayOutbox,
} from './outbox';

const T0 = Date.parse('2026-11-27T10:00:00.000Z');
let seq = 0;

function entry(kind: OutboxKind, name: string, at = T0): OutboxEntry {
  seq += 1;
  return {
    key: `key-${name}`,
    kind,
    request: {
      url: 'http://shop.test/api/marketing/web_engage/events/push/',
      service: 'marketing',
      path: '/web_engage/events/push/',
      body: { event_name: name },
      headers: {},
      auth: null,
    },
    enqueuedAt: at,
    seq,
    attempts: 0,
    retryAt: 0,
    dropped: null,
  };
}

/** A server that answers each attempt from `answers` in turn (then 'sent'), recording what was sent. */
function server(answers: Delivery[] = []) {
  const sent: { key: string; name: unknown }[] = [];
  let now = T0;
  const deps: ReplayDeps = {
    async deliver(e) {
      sent.push({ key: e.key, name: (e.request.body as { event_name: string }).event_name });
      return answers.shift() ?? { outcome: 'sent', body: { accepted: true } };
    },
    canDeliver: () => true,
    now: () => now,
    random: () => 1,
  };
  return {
    deps,
    sent,
    advance(ms: number) {
      now += ms;
    },
  };
}

const names = (entries: OutboxEntry[]) =>
  entries.map((e) => (e.request.body as { event_name: string }).event_name);

beforeEach(async () => {
  await clear(createStore(OUTBOX_DATABASE, OUTBOX_STORE));
});

describe('the outbox', () => {
  it('replays entries one at a time, oldest first, and empties', async () => {
    // Added out of order in time: the outbox orders by when each was enqueued.
    await addToOutbox(entry('event', 'second', T0 + 1));
    await addToOutbox(entry('event', 'first', T0));
    await addToOutbox(entry('form', 'third', T0 + 1));
    const s = server();
    const report = await replayOutbox(s.deps);
    expect(s.sent.map((x) => x.name)).toEqual(['first', 'second', 'third']);
    expect(report.sent.map((x) => x.key)).toEqual(['key-first', 'key-second', 'key-third']);
    expect(report.stopped).toBeNull();
    expect(await pendingEntries()).toEqual([]);
  });

  it('stops at a failure, keeps the order, and sends the same Idempotency-Key again after the backoff', async () => {
    await addToOutbox(entry('form', 'a'));
    await addToOutbox(entry('event', 'b'));
    const s = server([{ outcome: 'failed' }, { outcome: 'failed' }]);

    const first = await replayOutbox(s.deps);
    expect(first).toMatchObject({ stopped: 'failed', retryAt: T0 + OUTBOX_BACKOFF_BASE_MS });
    expect(s.sent.map((x) => x.key)).toEqual(['key-a']);

    // Not due yet: nothing is sent, nothing overtakes the waiting entry.
    s.advance(OUTBOX_BACKOFF_BASE_MS - 1);
    expect(await replayOutbox(s.deps)).toMatchObject({ stopped: 'backoff', sent: [] });
    expect(s.sent).toHaveLength(1);

    s.advance(1);
    const second = await replayOutbox(s.deps);
    expect(second.retryAt).toBe(T0 + OUTBOX_BACKOFF_BASE_MS + 2 * OUTBOX_BACKOFF_BASE_MS);
    expect((await pendingEntries())[0]?.attempts).toBe(2);

    s.advance(2 * OUTBOX_BACKOFF_BASE_MS);
    await replayOutbox(s.deps);
    expect(s.sent.map((x) => x.key)).toEqual(['key-a', 'key-a', 'key-a', 'key-b']);
    expect(await pendingEntries()).toEqual([]);
  });

  it('sends at once on reconnect, whatever the backoff', async () => {
    await addToOutbox(entry('event', 'a'));
    const s = server([{ outcome: 'failed' }]);
    await replayOutbox(s.deps);
    expect((await replayOutbox(s.deps, { ignoreBackoff: true })).sent).toHaveLength(1);
  });

  it('drops an entry the server refuses as its own fault, records why, and goes on with the next', async () => {
    await addToOutbox(entry('form', 'bad'));
    await addToOutbox(entry('event', 'good'));
    const s = server([{ outcome: 'refused', status: 400, message: 'Enter a valid e-mail address' }]);
    const report = await replayOutbox(s.deps);
    expect(report.dropped).toEqual([
      { key: 'key-bad', kind: 'form', status: 400, message: 'Enter a valid e-mail address' },
    ]);
    expect(report.sent.map((x) => x.key)).toEqual(['key-good']);
    expect(await pendingEntries()).toEqual([]);
    const [kept] = await droppedEntries();
    expect(kept).toMatchObject({
      key: 'key-bad',
      dropped: { status: 400, message: 'Enter a valid e-mail address' },
    });
    // A dropped entry is never sent again.
    await replayOutbox(s.deps);
    expect(s.sent.map((x) => x.key)).toEqual(['key-bad', 'key-good']);
  });

  it('keeps only the last dropped entries', async () => {
    for (let i = 0; i < OUTBOX_DROPPED_KEPT + 3; i += 1) await addToOutbox(entry('event', `e${i}`, T0 + i));
    const s = server(
      Array.from(
        { length: OUTBOX_DROPPED_KEPT + 3 },
        () => ({ outcome: 'refused', status: 400, message: 'no' }) as const,
      ),
    );
    await replayOutbox(s.deps);
    const kept = await droppedEntries();
    expect(kept).toHaveLength(OUTBOX_DROPPED_KEPT);
    expect(kept[0]?.key).toBe('key-e3');
  });

  it('is bounded: the oldest analytics entry makes room, a form is never evicted', async () => {
    await addToOutbox(entry('form', 'form-0', T0));
    for (let i = 1; i < OUTBOX_LIMIT; i += 1) await addToOutbox(entry('event', `event-${i}`, T0 + i));
    expect(await pendingEntries()).toHaveLength(OUTBOX_LIMIT);

    expect(await addToOutbox(entry('form', 'form-new', T0 + OUTBOX_LIMIT))).toBe('evicted-oldest');
    const after = await pendingEntries();
    expect(after).toHaveLength(OUTBOX_LIMIT);
    expect(names(after)).toContain('form-0');
    expect(names(after)).not.toContain('event-1');
    expect(names(after).at(-1)).toBe('form-new');
  });

  it('full of forms: does not keep a new event and refuses a new form', async () => {
    for (let i = 0; i < OUTBOX_LIMIT; i += 1) await addToOutbox(entry('form', `form-${i}`, T0 + i));
    expect(await addToOutbox(entry('event', 'late', T0 + OUTBOX_LIMIT))).toBe('not-kept');
    expect(await addToOutbox(entry('form', 'late-form', T0 + OUTBOX_LIMIT))).toBe('refused');
    expect(await pendingEntries()).toHaveLength(OUTBOX_LIMIT);
  });

  it('leaves an entry only a page can send, and what follows it, for a page', async () => {
    await addToOutbox({
      ...entry('form', 'signed-in'),
      request: { ...entry('form', 'x').request, auth: 'main' },
    });
    await addToOutbox(entry('event', 'after'));
    const s = server();
    const report = await replayOutbox({ ...s.deps, canDeliver: (e) => e.request.auth === null });
    expect(report.stopped).toBe('needs-page');
    expect(s.sent).toEqual([]);
    expect(await pendingEntries()).toHaveLength(2);
  });

  it('sends each entry once when two contexts replay at the same time', async () => {
    await addToOutbox(entry('event', 'a'));
    await addToOutbox(entry('event', 'b'));
    const s = server();
    await Promise.all([replayOutbox(s.deps), replayOutbox(s.deps)]);
    expect(s.sent.map((x) => x.key)).toEqual(['key-a', 'key-b']);
  });
});

describe('what a status means for an entry', () => {
  it('2xx sent; 4xx refused except 408, 425 and 429 (for a form); 5xx failed', () => {
    expect([201, 202].map((status) => outcomeOfStatus(status))).toEqual(['sent', 'sent']);
    expect([400, 401, 409, 413].map((status) => outcomeOfStatus(status))).toEqual([
      'refused',
      'refused',
      'refused',
      'refused',
    ]);
    expect(outcomeOfStatus(429, 'event')).toBe('refused');
    expect(outcomeOfStatus(429, 'associate-view')).toBe('refused');
    expect([408, 425, 429, 500, 503].map((status) => outcomeOfStatus(status))).toEqual([
      'failed',
      'failed',
      'failed',
      'failed',
      'failed',
    ]);
  });

  it('backs off exponentially up to a cap, spread over its upper half', () => {
    expect([1, 2, 3].map((n) => backoffMs(n, () => 1))).toEqual([2000, 4000, 8000]);
    expect(backoffMs(3, () => 0)).toBe(4000);
    expect(backoffMs(30, () => 1)).toBe(OUTBOX_BACKOFF_MAX_MS);
  });
});
