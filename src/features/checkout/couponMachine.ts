import { assign, emit, type SnapshotFrom, setup } from 'xstate';
import { errorMessage } from '@/api/errorMessages';
import type { CodeAppliedEmitted } from './analytics';

/*
 * The coupon machine of spec §4 "Coupon" with §5's rules, states and events named as the spec names them:
 * - editing: UPDATE_COUPON_CODE keeps what is typed; an empty input clears the error (§5).
 * - APPLY_COUPON → applyingCouponCode, only with a non-empty code (§5). `checkCode` asks the checkout to price the
 *   order with the code; its answer arrives as COUPON_VERIFIED or COUPON_VERIFY_FAILED.
 * - couponVerified keeps the saving (minor units) for the banner (couponBanner); from it the buyer can edit
 *   (UPDATE_COUPON_CODE → editing) or clear it (CLEAR_COUPON_CODE → clearingCouponCode → editing).
 * - couponVerifyFailed shows the server's message on the field (§5, §8); the buyer can edit or re-apply.
 * - invalidCoupon: a coupon that was applied and that a later estimate refused (COUPON_VERIFY_FAILED while
 *   verified: the cart changed, the coupon ran out); it shows the message and returns to editing after
 *   COUPON_INVALID_RESET_MS (§9: 3000 ms).
 * A referral code applied empties the field (UPDATE_COUPON_CODE with no code): the two never apply together.
 * A verified coupon emits coupon_applied, which the page hands to its analytics (spec §1); `codesChanged` tells the
 * checkout that the applied code changed, so it prices the order again. Both calls are the parent's to provide.
 */

/** Spec §9: the coupon invalid state resets after 3000 ms. */
export const COUPON_INVALID_RESET_MS = 3_000;

export interface CouponInput {
  /** A code from the page address or the saved draft, shown in the field (not applied by itself). */
  code?: string;
}

export interface CouponContext {
  code: string;
  /** The coupon the order is priced with (null when none): what the price estimate sends. */
  appliedCode: string | null;
  /** The saving of the applied coupon, minor units. */
  saving: number;
  /** The field's error: the server's message. */
  error: string | null;
}

export type CouponEvent =
  | { type: 'UPDATE_COUPON_CODE'; code: string }
  | { type: 'APPLY_COUPON' }
  | { type: 'COUPON_VERIFIED'; saving: number }
  | { type: 'COUPON_VERIFY_FAILED'; error: unknown }
  | { type: 'CLEAR_COUPON_CODE' }
  /** A later estimate priced the order: with the applied coupon (its saving), or without it (refused). */
  | { type: 'ORDER_PRICED'; saving: number; error: unknown };

export const couponMachine = setup({
  types: {
    context: {} as CouponContext,
    events: {} as CouponEvent,
    input: {} as CouponInput,
    emitted: {} as CodeAppliedEmitted,
  },
  delays: {
    COUPON_INVALID_RESET_MS,
  },
  guards: {
    hasCouponCode: ({ context }) => context.code.trim() !== '',
  },
  actions: {
    storeCode: assign(({ context, event }) => {
      if (event.type !== 'UPDATE_COUPON_CODE') return context;
      // Spec §5: an empty input clears the error.
      return { code: event.code, error: event.code.trim() === '' ? null : context.error };
    }),
    dropAppliedCoupon: assign({ appliedCode: null, saving: 0 }),
    storeVerified: assign(({ context, event }) =>
      event.type === 'COUPON_VERIFIED'
        ? { appliedCode: context.code.trim(), saving: event.saving, error: null }
        : context,
    ),
    storeFailure: assign(({ context, event }) =>
      event.type === 'COUPON_VERIFY_FAILED' ? { error: errorMessage(event.error) } : context,
    ),
    storeRefusal: assign(({ context, event }) =>
      event.type === 'ORDER_PRICED' ? { error: errorMessage(event.error) } : context,
    ),
    emitCouponApplied: emit(({ context }) => ({
      type: 'coupon_applied' as const,
      code: context.appliedCode ?? context.code.trim(),
      saving: context.saving,
    })),
    clearField: assign({ code: '', appliedCode: null, saving: 0, error: null }),
    clearError: assign({ error: null }),
    /** Asks for the code to be priced (the checkout machine sends CHECK_CODE's answer back). */
    checkCode: () => undefined,
    /** The applied code changed: the order is priced again. */
    codesChanged: () => undefined,
  },
}).createMachine({
  id: 'coupon',
  context: ({ input }) => ({ code: input.code ?? '', appliedCode: null, saving: 0, error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        UPDATE_COUPON_CODE: { actions: 'storeCode' },
        APPLY_COUPON: { guard: 'hasCouponCode', target: 'applyingCouponCode' },
      },
    },
    applyingCouponCode: {
      // The last refusal's message goes while the code is asked about again.
      entry: ['clearError', 'checkCode'],
      on: {
        // Typing (or a referral code applied, which empties this field) drops the coupon being asked about.
        UPDATE_COUPON_CODE: { target: 'editing', actions: 'storeCode' },
        COUPON_VERIFIED: {
          target: 'couponVerified',
          actions: ['storeVerified', 'emitCouponApplied', 'codesChanged'],
        },
        COUPON_VERIFY_FAILED: {
          target: 'couponVerifyFailed',
          actions: ['dropAppliedCoupon', 'storeFailure'],
        },
      },
    },
    couponVerified: {
      on: {
        UPDATE_COUPON_CODE: { target: 'editing', actions: ['dropAppliedCoupon', 'storeCode'] },
        CLEAR_COUPON_CODE: 'clearingCouponCode',
        // A later estimate (the cart or the address changed) refused the applied coupon, or priced it again.
        ORDER_PRICED: [
          {
            guard: ({ event }) => event.error !== null && event.error !== undefined,
            target: 'invalidCoupon',
            actions: ['dropAppliedCoupon', 'storeRefusal'],
          },
          { actions: assign({ saving: ({ event }) => event.saving }) },
        ],
      },
    },
    couponVerifyFailed: {
      on: {
        UPDATE_COUPON_CODE: { target: 'editing', actions: 'storeCode' },
        APPLY_COUPON: { guard: 'hasCouponCode', target: 'applyingCouponCode' },
      },
    },
    clearingCouponCode: {
      // The field empties at once, and the order is priced without the coupon.
      entry: ['clearField', 'codesChanged'],
      always: 'editing',
    },
    invalidCoupon: {
      after: { COUPON_INVALID_RESET_MS: { target: 'editing', actions: 'clearError' } },
      on: {
        UPDATE_COUPON_CODE: { target: 'editing', actions: 'storeCode' },
      },
    },
  },
});

export type CouponSnapshot = SnapshotFrom<typeof couponMachine>;

export type CouponBanner = { kind: 'saved'; amount: number } | { kind: 'applied' } | null;

/** Spec §5: "saved" with the amount for a non-zero saving, only "coupon applied" for zero; nothing otherwise. */
export function couponBanner(snapshot: CouponSnapshot): CouponBanner {
  if (!snapshot.matches('couponVerified')) return null;
  const { saving } = snapshot.context;
  return saving > 0 ? { kind: 'saved', amount: saving } : { kind: 'applied' };
}

/** Whether the Apply button does anything (spec §5: only with a code, and not while one is being applied). */
export function canApplyCoupon(snapshot: CouponSnapshot): boolean {
  return (
    (snapshot.matches('editing') || snapshot.matches('couponVerifyFailed')) &&
    snapshot.context.code.trim() !== ''
  );
}
