import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/api/errors';
import { type CodeAppliedEmitted, trackCodeApplied } from './analytics';
import {
  type ApplyCouponOutput,
  COUPON_INVALID_RESET_MS,
  canApplyCoupon,
  couponBanner,
  couponMachine,
} from './couponMachine';
import { type Deferred, deferred } from './machines.test-helpers';

const refused = (message: string) =>
  new ApiError({
    message,
    response: message,
    resStatus: 'INVALID_COUPON',
    httpStatusCode: 400,
    field: 'coupon_code',
  });

function harness(code?: string) {
  const calls = {
    apply: [] as { code: string; d: Deferred<ApplyCouponOutput> }[],
    clear: [] as Deferred<void>[],
  };
  const machine = couponMachine.provide({
    actors: {
      applyCoupon: fromPromise<ApplyCouponOutput, { code: string }>(({ input }) => {
        const d = deferred<ApplyCouponOutput>();
        calls.apply.push({ code: input.code, d });
        return d.promise;
      }),
      clearCoupon: fromPromise<void, void>(() => {
        const d = deferred<void>();
        calls.clear.push(d);
        return d.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: code === undefined ? {} : { code } });
  const emitted: CodeAppliedEmitted[] = [];
  actor.on('coupon_applied', (event) => emitted.push(event));
  actor.start();
  const at = (value: Parameters<ReturnType<typeof actor.getSnapshot>['matches']>[0]) =>
    waitFor(actor, (snapshot) => snapshot.matches(value), { timeout: 1_000 });
  return { actor, calls, emitted, at };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('coupon machine (spec §4 Coupon, §5 Coupon)', () => {
  it('starts in editing with the code it was given and applies only a non-empty code', () => {
    const { actor, calls } = harness();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(canApplyCoupon(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'APPLY_COUPON' });
    actor.send({ type: 'UPDATE_COUPON_CODE', code: '   ' });
    actor.send({ type: 'APPLY_COUPON' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(calls.apply).toHaveLength(0);

    expect(harness('WELCOME10').actor.getSnapshot().context.code).toBe('WELCOME10');
  });

  it('walks editing → applyingCouponCode → couponVerified, keeping the saving and emitting coupon_applied', async () => {
    const { actor, calls, emitted, at } = harness();
    actor.send({ type: 'UPDATE_COUPON_CODE', code: ' WELCOME10 ' });
    expect(canApplyCoupon(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'APPLY_COUPON' });
    expect(actor.getSnapshot().value).toBe('applyingCouponCode');
    expect(canApplyCoupon(actor.getSnapshot())).toBe(false);
    expect(calls.apply.map((c) => c.code)).toEqual(['WELCOME10']);
    // A second press while the first is in flight asks nothing more.
    actor.send({ type: 'APPLY_COUPON' });
    expect(calls.apply).toHaveLength(1);

    calls.apply[0]?.d.resolve({ saving: 50_000 });
    await at('couponVerified');
    expect(actor.getSnapshot().context).toMatchObject({
      appliedCode: 'WELCOME10',
      saving: 50_000,
      error: null,
    });
    expect(couponBanner(actor.getSnapshot())).toEqual({ kind: 'saved', amount: 50_000 });
    expect(emitted).toEqual([{ type: 'coupon_applied', code: 'WELCOME10', saving: 50_000 }]);

    const track = vi.fn();
    trackCodeApplied(emitted[0] as CodeAppliedEmitted, track);
    expect(track).toHaveBeenCalledWith('coupon_applied', { code: 'WELCOME10', saving_minor_units: 50_000 });
  });

  it('a zero saving shows only "coupon applied"; a later estimate updates the saving', async () => {
    const { actor, calls, at } = harness('FREESHIP');
    actor.send({ type: 'APPLY_COUPON' });
    calls.apply[0]?.d.resolve({ saving: 0 });
    await at('couponVerified');
    expect(couponBanner(actor.getSnapshot())).toEqual({ kind: 'applied' });
    actor.send({ type: 'COUPON_VERIFIED', saving: 12_345 });
    expect(actor.getSnapshot().value).toBe('couponVerified');
    expect(couponBanner(actor.getSnapshot())).toEqual({ kind: 'saved', amount: 12_345 });
  });

  it("a refused coupon goes to couponVerifyFailed with the server's message on the field; the buyer re-applies", async () => {
    const { actor, calls, emitted, at } = harness('EXPIRED');
    actor.send({ type: 'APPLY_COUPON' });
    calls.apply[0]?.d.reject(refused('This coupon has expired'));
    await at('couponVerifyFailed');
    expect(actor.getSnapshot().context).toMatchObject({
      code: 'EXPIRED',
      appliedCode: null,
      error: 'This coupon has expired',
    });
    expect(couponBanner(actor.getSnapshot())).toBeNull();
    expect(emitted).toEqual([]);

    // Re-apply straight from the failure.
    expect(canApplyCoupon(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'APPLY_COUPON' });
    expect(actor.getSnapshot().value).toBe('applyingCouponCode');
    expect(actor.getSnapshot().context.error).toBeNull();
    calls.apply[1]?.d.reject(refused('This coupon has expired'));
    await at('couponVerifyFailed');

    // Editing keeps the message until the field is emptied (§5: an empty input clears the error).
    actor.send({ type: 'UPDATE_COUPON_CODE', code: 'EXPIRE' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe('This coupon has expired');
    actor.send({ type: 'UPDATE_COUPON_CODE', code: '' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('editing a verified coupon drops it and returns to editing', async () => {
    const { actor, calls, at } = harness('WELCOME10');
    actor.send({ type: 'APPLY_COUPON' });
    calls.apply[0]?.d.resolve({ saving: 100 });
    await at('couponVerified');
    actor.send({ type: 'UPDATE_COUPON_CODE', code: 'WELCOME1' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ code: 'WELCOME1', appliedCode: null, saving: 0 });
    expect(couponBanner(actor.getSnapshot())).toBeNull();
  });

  it('CLEAR_COUPON_CODE goes through clearingCouponCode back to an empty editing, even when the refresh fails', async () => {
    const { actor, calls, at } = harness('WELCOME10');
    actor.send({ type: 'APPLY_COUPON' });
    calls.apply[0]?.d.resolve({ saving: 100 });
    await at('couponVerified');
    actor.send({ type: 'CLEAR_COUPON_CODE' });
    expect(actor.getSnapshot().value).toBe('clearingCouponCode');
    // The field and the applied coupon go at once, so the refreshed estimate is priced without it.
    expect(actor.getSnapshot().context).toEqual({ code: '', appliedCode: null, saving: 0, error: null });
    expect(couponBanner(actor.getSnapshot())).toBeNull();
    expect(calls.clear).toHaveLength(1);
    calls.clear[0]?.resolve();
    await at('editing');
    expect(actor.getSnapshot().context).toEqual({ code: '', appliedCode: null, saving: 0, error: null });

    actor.send({ type: 'UPDATE_COUPON_CODE', code: 'WELCOME10' });
    actor.send({ type: 'APPLY_COUPON' });
    calls.apply[1]?.d.resolve({ saving: 100 });
    await at('couponVerified');
    actor.send({ type: 'CLEAR_COUPON_CODE' });
    calls.clear[1]?.reject(new Error('offline'));
    await at('editing');
    expect(actor.getSnapshot().context.code).toBe('');
  });

  it('a verified coupon a later estimate refuses shows invalidCoupon, then returns to editing after 3 seconds', async () => {
    const { actor, calls, at } = harness('WELCOME10');
    actor.send({ type: 'APPLY_COUPON' });
    calls.apply[0]?.d.resolve({ saving: 100 });
    await at('couponVerified');

    actor.send({ type: 'COUPON_VERIFY_FAILED', error: refused('The coupon needs an order of ₹5,000') });
    expect(actor.getSnapshot().value).toBe('invalidCoupon');
    expect(actor.getSnapshot().context).toMatchObject({
      code: 'WELCOME10',
      appliedCode: null,
      error: 'The coupon needs an order of ₹5,000',
    });
    expect(COUPON_INVALID_RESET_MS).toBe(3_000);
    vi.advanceTimersByTime(COUPON_INVALID_RESET_MS - 1);
    expect(actor.getSnapshot().value).toBe('invalidCoupon');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ code: 'WELCOME10', error: null });
  });

  it('typing during invalidCoupon returns to editing at once', async () => {
    const { actor, calls, at } = harness('WELCOME10');
    actor.send({ type: 'APPLY_COUPON' });
    calls.apply[0]?.d.resolve({ saving: 100 });
    await at('couponVerified');
    actor.send({ type: 'COUPON_VERIFY_FAILED', error: refused('Used up') });
    actor.send({ type: 'UPDATE_COUPON_CODE', code: 'OTHER' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.code).toBe('OTHER');
    vi.advanceTimersByTime(COUPON_INVALID_RESET_MS);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('without an injected applyCoupon the apply fails instead of pretending', async () => {
    const actor = createActor(couponMachine, { input: { code: 'X' } }).start();
    actor.send({ type: 'APPLY_COUPON' });
    await waitFor(actor, (s) => s.matches('couponVerifyFailed'), { timeout: 1_000 });
  });
});
