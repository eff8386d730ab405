import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { maintenanceMachine } from './machine';

afterEach(() => {
  vi.useRealTimers();
});

function start(underMaintenance?: boolean) {
  return createActor(maintenanceMachine, { input: { underMaintenance } }).start();
}

describe('maintenance machine (spec §4 Maintenance)', () => {
  it('starts working when the flag is off', () => {
    expect(start(false).getSnapshot().value).toBe('working');
    expect(start().getSnapshot().value).toBe('working');
  });

  it('starts in maintenance with the default response when the flag is on', () => {
    vi.useFakeTimers({ now: 1_000 });
    const snapshot = start(true).getSnapshot();
    expect(snapshot.value).toBe('maintenance');
    expect(snapshot.context).toMatchObject({
      resStatus: 'SERVER_UNDER_MAINTENANCE',
      message: 'under maintenance',
      timeInSeconds: 1800,
      receivedAt: 1_000,
    });
  });

  it('moves to maintenance on SERVER_UNDER_MAINTENANCE and stores the response', () => {
    vi.useFakeTimers({ now: 5_000 });
    const actor = start();
    actor.send({
      type: 'SERVER_UNDER_MAINTENANCE',
      res_status: 'SERVER_UNDER_MAINTENANCE',
      response: 'Upgrading payments',
      time_in_seconds: 90,
    });
    expect(actor.getSnapshot().value).toBe('maintenance');
    expect(actor.getSnapshot().context).toMatchObject({
      message: 'Upgrading payments',
      timeInSeconds: 90,
      receivedAt: 5_000,
    });
  });

  it('falls back to 1800 s and "under maintenance" when the response leaves them out', () => {
    const actor = start();
    actor.send({ type: 'SERVER_UNDER_MAINTENANCE' });
    expect(actor.getSnapshot().context).toMatchObject({ message: 'under maintenance', timeInSeconds: 1800 });
  });

  it('keeps the latest response while in maintenance, and goes back on WORKING', () => {
    const actor = start();
    actor.send({ type: 'SERVER_UNDER_MAINTENANCE', response: 'first', time_in_seconds: 600 });
    actor.send({ type: 'SERVER_UNDER_MAINTENANCE', response: 'second', time_in_seconds: 300 });
    expect(actor.getSnapshot().context).toMatchObject({ message: 'second', timeInSeconds: 300 });
    actor.send({ type: 'WORKING' });
    expect(actor.getSnapshot().value).toBe('working');
  });

  it('ignores WORKING while working', () => {
    const actor = start();
    actor.send({ type: 'WORKING' });
    expect(actor.getSnapshot().value).toBe('working');
  });
});
