import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { authMachine } from './machine';

function start(hasAccessToken: boolean) {
  const actor = createActor(authMachine, { input: { hasAccessToken } });
  actor.start();
  return actor;
}

describe('auth machine (spec §4 Authentication)', () => {
  it('starts unauthenticated without an access token and authenticated with one', () => {
    expect(start(false).getSnapshot().value).toBe('unauthenticated');
    expect(start(true).getSnapshot().value).toBe('authenticated');
  });

  it('walks unauthenticated → login → authenticated (storing the redirect) → unauthenticated', () => {
    const actor = start(false);
    actor.send({ type: 'OTP_REQUESTED' });
    expect(actor.getSnapshot().value).toBe('login');
    actor.send({ type: 'OTP_REQUESTED' });
    expect(actor.getSnapshot().value).toBe('login');
    actor.send({ type: 'LOGIN', redirectPath: '/ibc-game' });
    expect(actor.getSnapshot().value).toBe('authenticated');
    expect(actor.getSnapshot().context.redirectPath).toBe('/ibc-game');
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().value).toBe('unauthenticated');
    expect(actor.getSnapshot().context.redirectPath).toBeNull();
  });

  it('LOGIN without a redirect path stores none; LOGIN straight from unauthenticated (social login) works', () => {
    const actor = start(false);
    actor.send({ type: 'LOGIN' });
    expect(actor.getSnapshot().value).toBe('authenticated');
    expect(actor.getSnapshot().context.redirectPath).toBeNull();
    actor.send({ type: 'LOGIN', redirectPath: '/checkout' });
    expect(actor.getSnapshot().context.redirectPath).toBe('/checkout');
  });

  it('a cancelled sign-in goes back to unauthenticated; LOGOUT from login does too', () => {
    const actor = start(false);
    actor.send({ type: 'OTP_REQUESTED' });
    actor.send({ type: 'LOGIN_CANCELLED' });
    expect(actor.getSnapshot().value).toBe('unauthenticated');
    actor.send({ type: 'OTP_REQUESTED' });
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().value).toBe('unauthenticated');
  });

  it('ignores events that do not apply', () => {
    const actor = start(true);
    actor.send({ type: 'OTP_REQUESTED' });
    actor.send({ type: 'LOGIN_CANCELLED' });
    expect(actor.getSnapshot().value).toBe('authenticated');
    const out = start(false);
    out.send({ type: 'LOGIN_CANCELLED' });
    out.send({ type: 'LOGOUT' });
    expect(out.getSnapshot().value).toBe('unauthenticated');
  });
});
