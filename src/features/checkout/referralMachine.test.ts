import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/api/errors';
import type { CodeAppliedEmitted } from './analytics';
import { type Deferred, deferred } from './machines.test-helpers';
import { type ApplyReferralOutput, referralBanner, referralMachine } from './referralMachine';

const refused = (message: string) =>
  new ApiError({
    message,
    response: message,
    resStatus: 'INVALID_REFERRAL',
    httpStatusCode: 400,
    field: 'referral_code',
  });

function harness(presetCode?: string) {
  const calls = {
    apply: [] as { code: string; d: Deferred<ApplyReferralOutput> }[],
    clear: [] as Deferred<void>[],
  };
  const machine = referralMachine.provide({
    actors: {
      applyReferral: fromPromise<ApplyReferralOutput, { code: string }>(({ input }) => {
        const d = deferred<ApplyReferralOutput>();
        calls.apply.push({ code: input.code, d });
        return d.promise;
      }),
      clearReferral: fromPromise<void, void>(() => {
        const d = deferred<void>();
        calls.clear.push(d);
        return d.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: presetCode === undefined ? {} : { presetCode } });
  const emitted: CodeAppliedEmitted[] = [];
  actor.on('referral_code_applied', (event) => emitted.push(event));
  actor.start();
  const at = (value: Parameters<ReturnType<typeof actor.getSnapshot>['matches']>[0]) =>
    waitFor(actor, (snapshot) => snapshot.matches(value), { timeout: 1_000 });
  return { actor, calls, emitted, at };
}

async function applied(code = 'ASSOC42', saving = 20_000) {
  const h = harness();
  h.actor.send({ type: 'UPDATE', code });
  h.actor.send({ type: 'APPLY' });
  h.calls.apply.at(-1)?.d.resolve({ saving });
  await h.at('appliedReferralCode');
  return h;
}

describe('referral machine (spec §4 Referral)', () => {
  it('starts idle with an empty field; typing moves to editing and emptying back to idle', () => {
    const { actor, calls } = harness();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'APPLY' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'UPDATE', code: 'ASSOC' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'UPDATE', code: '  ' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls.apply).toHaveLength(0);
  });

  it('walks editing → applyingReferralCode → appliedReferralCode, keeping the saving and emitting referral_code_applied', async () => {
    const { actor, calls, emitted, at } = harness();
    actor.send({ type: 'UPDATE', code: ' ASSOC42 ' });
    actor.send({ type: 'APPLY' });
    expect(actor.getSnapshot().value).toBe('applyingReferralCode');
    expect(calls.apply.map((c) => c.code)).toEqual(['ASSOC42']);
    calls.apply[0]?.d.resolve({ saving: 20_000 });
    await at('appliedReferralCode');
    expect(actor.getSnapshot().context).toMatchObject({
      appliedCode: 'ASSOC42',
      saving: 20_000,
      error: null,
    });
    expect(referralBanner(actor.getSnapshot())).toEqual({ amount: 20_000 });
    expect(emitted).toEqual([{ type: 'referral_code_applied', code: 'ASSOC42', saving: 20_000 }]);
  });

  it('applies a preset code from the page address on load, once', async () => {
    const { actor, calls, at } = harness('FRIEND5');
    expect(actor.getSnapshot().value).toBe('applyingReferralCode');
    expect(calls.apply.map((c) => c.code)).toEqual(['FRIEND5']);
    calls.apply[0]?.d.resolve({ saving: 500 });
    await at('appliedReferralCode');
    actor.send({ type: 'CLEAR' });
    calls.clear[0]?.resolve();
    await at('idle');
    // Back in idle, the preset is not applied again.
    expect(calls.apply).toHaveLength(1);
    expect(actor.getSnapshot().context.code).toBe('');
  });

  it('an empty preset is ignored', () => {
    expect(harness('  ').actor.getSnapshot().value).toBe('idle');
  });

  it("a refused code shows the server's message; APPLY retries and typing resets the state", async () => {
    const { actor, calls, emitted, at } = harness('NOPE');
    calls.apply[0]?.d.reject(refused('This referral code does not exist'));
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
    calls.apply[1]?.d.reject(refused('This referral code does not exist'));
    await at('applyingReferralCodeFailed');

    actor.send({ type: 'UPDATE', code: 'NOPE1' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(emitted).toEqual([]);
  });

  it('EDIT reopens a refused code as it is, without its message', async () => {
    const { actor, calls, at } = harness('NOPE');
    calls.apply[0]?.d.reject(refused('Expired'));
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

  it('CLEAR (removing the banner) clears the field at once, refreshes the price and ends idle, even if it fails', async () => {
    const { actor, calls, at } = await applied();
    actor.send({ type: 'CLEAR' });
    expect(actor.getSnapshot().value).toBe('clearingReferralCode');
    expect(actor.getSnapshot().context).toMatchObject({ code: '', appliedCode: null, saving: 0 });
    expect(calls.clear).toHaveLength(1);
    calls.clear[0]?.resolve();
    await at('idle');

    const failing = await applied();
    failing.actor.send({ type: 'CLEAR' });
    failing.calls.clear[0]?.reject(new Error('offline'));
    await failing.at('idle');
    expect(failing.actor.getSnapshot().context.code).toBe('');
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

  it('without an injected applyReferral the apply fails instead of pretending', async () => {
    const actor = createActor(referralMachine, { input: { presetCode: 'X' } }).start();
    await waitFor(actor, (s) => s.matches('applyingReferralCodeFailed'), { timeout: 1_000 });
  });
});
