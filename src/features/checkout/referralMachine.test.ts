import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '@/api/errors';
import type { CodeAppliedEmitted } from './analytics';
import { codeChecks, statesVisited } from './machines.test-helpers';
import { referralBanner, referralMachine } from './referralMachine';

const refused = (message: string) =>
  new ApiError({
    message,
    response: message,
    resStatus: 'INVALID_REFERRAL',
    httpStatusCode: 400,
    field: 'referral_code',
  });

function harness(presetCode?: string) {
  // The checkout parent's part: each check answers when the test settles it; codesChanged asks the price again.
  const server = codeChecks('REFERRAL_VERIFIED', 'REFERRAL_VERIFY_FAILED');
  const machine = referralMachine.provide({ actions: server.actions });
  const visited = statesVisited();
  const actor = createActor(machine, {
    input: presetCode === undefined ? {} : { presetCode },
    inspect: visited.inspect,
  });
  const emitted: CodeAppliedEmitted[] = [];
  actor.on('referral_code_applied', (event) => emitted.push(event));
  actor.start();
  const at = (value: Parameters<ReturnType<typeof actor.getSnapshot>['matches']>[0]) =>
    waitFor(actor, (snapshot) => snapshot.matches(value), { timeout: 1_000 });
  return {
    actor,
    checks: server.checks,
    codesChanged: server.codesChanged,
    emitted,
    visited: visited.seen,
    at,
  };
}

async function applied(code = 'ASSOC42', saving = 20_000) {
  const h = harness();
  h.actor.send({ type: 'UPDATE', code });
  h.actor.send({ type: 'APPLY' });
  h.checks.at(-1)?.answer.resolve({ saving });
  await h.at('appliedReferralCode');
  return h;
}

describe('referral machine (spec §4 Referral)', () => {
  it('starts idle with an empty field; typing moves to editing and emptying back to idle', () => {
    const { actor, checks } = harness();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'APPLY' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'UPDATE', code: 'ASSOC' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'UPDATE', code: '  ' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(checks).toHaveLength(0);
  });

  it('walks editing → applyingReferralCode → appliedReferralCode, keeping the saving and emitting referral_code_applied', async () => {
    const { actor, checks, codesChanged, emitted, at } = harness();
    actor.send({ type: 'UPDATE', code: ' ASSOC42 ' });
    actor.send({ type: 'APPLY' });
    expect(actor.getSnapshot().value).toBe('applyingReferralCode');
    expect(checks.map((c) => c.code)).toEqual(['ASSOC42']);
    expect(codesChanged).not.toHaveBeenCalled();
    checks[0]?.answer.resolve({ saving: 20_000 });
    await at('appliedReferralCode');
    // The applied code changed: the order is priced again with it.
    expect(codesChanged).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toMatchObject({
      appliedCode: 'ASSOC42',
      saving: 20_000,
      error: null,
    });
    expect(referralBanner(actor.getSnapshot())).toEqual({ amount: 20_000 });
    expect(emitted).toEqual([{ type: 'referral_code_applied', code: 'ASSOC42', saving: 20_000 }]);
  });

  it('applies a preset code from the page address on load, once', async () => {
    const { actor, checks, at } = harness('FRIEND5');
    expect(actor.getSnapshot().value).toBe('applyingReferralCode');
    expect(checks.map((c) => c.code)).toEqual(['FRIEND5']);
    checks[0]?.answer.resolve({ saving: 500 });
    await at('appliedReferralCode');
    actor.send({ type: 'CLEAR' });
    expect(actor.getSnapshot().value).toBe('idle');
    // Back in idle, the preset is not applied again.
    expect(checks).toHaveLength(1);
    expect(actor.getSnapshot().context.code).toBe('');
  });

  it('an empty preset is ignored', () => {
    expect(harness('  ').actor.getSnapshot().value).toBe('idle');
  });

  it("a refused code shows the server's message; APPLY retries and typing resets the state", async () => {
    const { actor, checks, codesChanged, emitted, at } = harness('NOPE');
    checks[0]?.answer.reject(refused('This referral code does not exist'));
    await at('applyingReferralCodeFailed');
    expect(actor.getSnapshot().context).toMatchObject({
      code: 'NOPE',
      appliedCode: null,
      error: 'This referral code does not exist',
    });
    expect(referralBanner(actor.getSnapshot())).toBeNull();

    actor.send({ type: 'APPLY' });
    expect(actor.getSnapshot().value).toBe('applyingReferralCode');
    expect(actor.getSnapshot().context.error).toBeNull();
    checks[1]?.answer.reject(refused('This referral code does not exist'));
    await at('applyingReferralCodeFailed');

    actor.send({ type: 'UPDATE', code: 'NOPE1' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(emitted).toEqual([]);
    expect(codesChanged).not.toHaveBeenCalled();
  });

  it('EDIT reopens a refused code as it is, without its message', async () => {
    const { actor, checks, at } = harness('NOPE');
    checks[0]?.answer.reject(refused('Expired'));
    await at('applyingReferralCodeFailed');
    actor.send({ type: 'EDIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ code: 'NOPE', error: null });
    actor.send({ type: 'UPDATE', code: '' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('updating the code from applied returns to editing and drops the applied code', async () => {
    const { actor } = await applied();
    actor.send({ type: 'UPDATE', code: 'ASSOC4' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ code: 'ASSOC4', appliedCode: null, saving: 0 });

    const emptied = await applied();
    emptied.actor.send({ type: 'UPDATE', code: '' });
    expect(emptied.actor.getSnapshot().value).toBe('idle');
    expect(emptied.actor.getSnapshot().context.appliedCode).toBeNull();
  });

  it('EDIT from applied keeps the code in the field, no longer applied', async () => {
    const { actor } = await applied();
    actor.send({ type: 'EDIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ code: 'ASSOC42', appliedCode: null });
  });

  it('CLEAR (removing the banner) goes through clearingReferralCode: the field clears at once, the price is asked again, idle', async () => {
    const { actor, codesChanged, visited } = await applied();
    codesChanged.mockClear();
    actor.send({ type: 'CLEAR' });
    expect(visited).toContain('clearingReferralCode');
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({
      code: '',
      appliedCode: null,
      saving: 0,
      error: null,
    });
    expect(referralBanner(actor.getSnapshot())).toBeNull();
    expect(codesChanged).toHaveBeenCalledTimes(1);
  });

  it('ignores events that do not apply', async () => {
    const { actor } = await applied();
    actor.send({ type: 'APPLY' });
    expect(actor.getSnapshot().value).toBe('appliedReferralCode');
    const idle = harness();
    idle.actor.send({ type: 'CLEAR' });
    idle.actor.send({ type: 'EDIT' });
    expect(idle.actor.getSnapshot().value).toBe('idle');
  });

  it('standing alone (nothing provided), a preset code waits in applyingReferralCode without pretending a saving', async () => {
    const actor = createActor(referralMachine, { input: { presetCode: 'X' } });
    const emitted: CodeAppliedEmitted[] = [];
    actor.on('referral_code_applied', (event) => emitted.push(event));
    actor.start();
    await Promise.resolve();
    expect(actor.getSnapshot().value).toBe('applyingReferralCode');
    expect(actor.getSnapshot().context).toMatchObject({ code: 'X', appliedCode: null, saving: 0 });
    expect(referralBanner(actor.getSnapshot())).toBeNull();
    expect(emitted).toEqual([]);
  });
});
