import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '@/api/errors';
import { type CodeAppliedEmitted, trackCodeApplied } from './analytics';
import { COUPON_INVALID_RESET_MS, canApplyCoupon, couponBanner, couponMachine } from './couponMachine';
import { codeChecks, statesVisited } from './machines.test-helpers';

const refused = (message: string) =>
  new ApiError({
    message,
    response: message,
    resStatus: 'INVALID_COUPON',
    httpStatusCode: 400,
    field: 'coupon_code',
  });

function harness(code?: string) {
  // The checkout parent's part: each check answers when the test settles it; codesChanged asks the price again.
  const server = codeChecks('COUPON_VERIFIED', 'COUPON_VERIFY_FAILED');
  const machine = couponMachine.provide({ actions: server.actions });
  const visited = statesVisited();
  const actor = createActor(machine, { input: code === undefined ? {} : { code }, inspect: visited.inspect });
  const emitted: CodeAppliedEmitted[] = [];
  actor.on('coupon_applied', (event) => emitted.push(event));
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

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('coupon machine (spec §4 Coupon, §5 Coupon)', () => {
  it('starts in editing with the code it was given and applies only a non-empty code', () => {
    const { actor, checks } = harness();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(canApplyCoupon(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'APPLY_COUPON' });
    actor.send({ type: 'UPDATE_COUPON_CODE', code: '   ' });
    actor.send({ type: 'APPLY_COUPON' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(checks).toHaveLength(0);

    expect(harness('WELCOME10').actor.getSnapshot().context.code).toBe('WELCOME10');
  });

  it('walks editing → applyingCouponCode → couponVerified, keeping the saving and emitting coupon_applied', async () => {
    const { actor, checks, codesChanged, emitted, at } = harness();
    actor.send({ type: 'UPDATE_COUPON_CODE', code: ' WELCOME10 ' });
    expect(canApplyCoupon(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'APPLY_COUPON' });
    expect(actor.getSnapshot().value).toBe('applyingCouponCode');
    expect(canApplyCoupon(actor.getSnapshot())).toBe(false);
    expect(checks.map((c) => c.code)).toEqual(['WELCOME10']);
    // A second press while the first is in flight asks nothing more.
    actor.send({ type: 'APPLY_COUPON' });
    expect(checks).toHaveLength(1);
    expect(codesChanged).not.toHaveBeenCalled();

    checks[0]?.answer.resolve({ saving: 50_000 });
    await at('couponVerified');
    // The applied coupon changed: the order is priced again with it.
    expect(codesChanged).toHaveBeenCalledTimes(1);
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
    const { actor, checks, at } = harness('FREESHIP');
    actor.send({ type: 'APPLY_COUPON' });
    checks[0]?.answer.resolve({ saving: 0 });
    await at('couponVerified');
    expect(couponBanner(actor.getSnapshot())).toEqual({ kind: 'applied' });
    actor.send({ type: 'ORDER_PRICED', saving: 12_345, error: null });
    expect(actor.getSnapshot().value).toBe('couponVerified');
    expect(couponBanner(actor.getSnapshot())).toEqual({ kind: 'saved', amount: 12_345 });
  });

  it("a refused coupon goes to couponVerifyFailed with the server's message on the field; the buyer re-applies", async () => {
    const { actor, checks, codesChanged, emitted, at } = harness('EXPIRED');
    actor.send({ type: 'APPLY_COUPON' });
    checks[0]?.answer.reject(refused('This coupon has expired'));
    await at('couponVerifyFailed');
    expect(actor.getSnapshot().context).toMatchObject({
      code: 'EXPIRED',
      appliedCode: null,
      error: 'This coupon has expired',
    });
    expect(couponBanner(actor.getSnapshot())).toBeNull();
    expect(emitted).toEqual([]);
    expect(codesChanged).not.toHaveBeenCalled();

    // Re-apply straight from the failure.
    expect(canApplyCoupon(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'APPLY_COUPON' });
    expect(actor.getSnapshot().value).toBe('applyingCouponCode');
    expect(actor.getSnapshot().context.error).toBeNull();
    checks[1]?.answer.reject(refused('This coupon has expired'));
    await at('couponVerifyFailed');

    // Editing keeps the message until the field is emptied (§5: an empty input clears the error).
    actor.send({ type: 'UPDATE_COUPON_CODE', code: 'EXPIRE' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe('This coupon has expired');
    actor.send({ type: 'UPDATE_COUPON_CODE', code: '' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('editing a verified coupon drops it and returns to editing', async () => {
    const { actor, checks, at } = harness('WELCOME10');
    actor.send({ type: 'APPLY_COUPON' });
    checks[0]?.answer.resolve({ saving: 100 });
    await at('couponVerified');
    actor.send({ type: 'UPDATE_COUPON_CODE', code: 'WELCOME1' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ code: 'WELCOME1', appliedCode: null, saving: 0 });
    expect(couponBanner(actor.getSnapshot())).toBeNull();
  });

  it('CLEAR_COUPON_CODE goes through clearingCouponCode back to an empty editing and prices the order again', async () => {
    const { actor, checks, codesChanged, visited, at } = harness('WELCOME10');
    actor.send({ type: 'APPLY_COUPON' });
    checks[0]?.answer.resolve({ saving: 100 });
    await at('couponVerified');
    codesChanged.mockClear();
    actor.send({ type: 'CLEAR_COUPON_CODE' });
    expect(visited).toContain('clearingCouponCode');
    expect(actor.getSnapshot().value).toBe('editing');
    // The field and the applied coupon go at once, so the refreshed estimate is priced without it.
    expect(actor.getSnapshot().context).toEqual({ code: '', appliedCode: null, saving: 0, error: null });
    expect(couponBanner(actor.getSnapshot())).toBeNull();
    expect(codesChanged).toHaveBeenCalledTimes(1);

    // The cleared field takes a new code as before.
    actor.send({ type: 'UPDATE_COUPON_CODE', code: 'WELCOME10' });
    actor.send({ type: 'APPLY_COUPON' });
    checks[1]?.answer.resolve({ saving: 100 });
    await at('couponVerified');
    expect(checks.map((c) => c.code)).toEqual(['WELCOME10', 'WELCOME10']);
  });

  it('a verified coupon a later estimate refuses shows invalidCoupon, then returns to editing after 3 seconds', async () => {
    const { actor, checks, at } = harness('WELCOME10');
    actor.send({ type: 'APPLY_COUPON' });
    checks[0]?.answer.resolve({ saving: 100 });
    await at('couponVerified');

    actor.send({ type: 'ORDER_PRICED', saving: 0, error: refused('The coupon needs an order of ₹5,000') });
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
    const { actor, checks, at } = harness('WELCOME10');
    actor.send({ type: 'APPLY_COUPON' });
    checks[0]?.answer.resolve({ saving: 100 });
    await at('couponVerified');
    actor.send({ type: 'ORDER_PRICED', saving: 0, error: refused('Used up') });
    expect(actor.getSnapshot().value).toBe('invalidCoupon');
    actor.send({ type: 'UPDATE_COUPON_CODE', code: 'OTHER' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.code).toBe('OTHER');
    vi.advanceTimersByTime(COUPON_INVALID_RESET_MS);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('standing alone (nothing provided), APPLY waits in applyingCouponCode without pretending a saving', async () => {
    const actor = createActor(couponMachine, { input: { code: 'X' } });
    const emitted: CodeAppliedEmitted[] = [];
    actor.on('coupon_applied', (event) => emitted.push(event));
    actor.start();
    actor.send({ type: 'APPLY_COUPON' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(actor.getSnapshot().value).toBe('applyingCouponCode');
    expect(actor.getSnapshot().context).toMatchObject({ appliedCode: null, saving: 0 });
    expect(couponBanner(actor.getSnapshot())).toBeNull();
    expect(emitted).toEqual([]);
  });
});
