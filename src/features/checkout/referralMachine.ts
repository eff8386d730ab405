import { assign, emit, type SnapshotFrom, setup } from 'xstate';
import { errorMessage } from '@/api/errorMessages';
import type { CodeAppliedEmitted } from './analytics';

/*
 * The referral machine of spec §4 "Referral" (also the invite code of the licence and business-kit variants, which
 * goes the same associate-code way), states and events named as the spec names them:
 * - idle: the field is empty (the spec "also describes" it); a preset code from the page address is applied
 *   at once on load (input.presetCode → applyingReferralCode).
 * - editing: a code typed, not applied; APPLY → applyingReferralCode (only with a code).
 * - applyingReferralCode: `checkCode` asks the checkout to price the order with the code; REFERRAL_VERIFIED →
 *   appliedReferralCode (its saving kept, referral_code_applied emitted) or REFERRAL_VERIFY_FAILED →
 *   applyingReferralCodeFailed (the server's message on the field, spec §8), where APPLY tries again.
 * - "typing resets the state": UPDATE from any settled state → editing (idle when emptied), error cleared;
 *   "updating the code from applied returns to editing"; EDIT reopens the applied or refused code as it is.
 * - CLEAR (removing the success banner) → clearingReferralCode: the field is cleared → idle.
 * - a coupon applied empties the field (UPDATE with no code): a coupon and a referral code never apply together.
 * `codesChanged` tells the checkout that the applied code changed, so it prices the order again; both calls are the
 * parent's to provide.
 */

export interface ReferralInput {
  /** The code from the page address, applied on load. */
  presetCode?: string | null;
}

export interface ReferralContext {
  code: string;
  /** The code the order is priced with (null when none): what the price estimate sends as associateCode. */
  appliedCode: string | null;
  /** The association discount of the applied code, minor units. */
  saving: number;
  error: string | null;
  /** The page address's code until it has been applied once. */
  presetCode: string | null;
}

export type ReferralEvent =
  | { type: 'UPDATE'; code: string }
  | { type: 'APPLY' }
  | { type: 'CLEAR' }
  | { type: 'EDIT' }
  | { type: 'REFERRAL_VERIFIED'; saving: number }
  | { type: 'REFERRAL_VERIFY_FAILED'; error: unknown };

const typing = [
  {
    guard: 'isEmptyUpdate' as const,
    target: '#referral.idle',
    actions: ['dropAppliedCode' as const, 'storeCode' as const],
  },
  { target: '#referral.editing', actions: ['dropAppliedCode' as const, 'storeCode' as const] },
];

export const referralMachine = setup({
  types: {
    context: {} as ReferralContext,
    events: {} as ReferralEvent,
    input: {} as ReferralInput,
    emitted: {} as CodeAppliedEmitted,
  },
  guards: {
    hasPresetCode: ({ context }) => context.presetCode !== null && context.presetCode.trim() !== '',
    hasReferralCode: ({ context }) => context.code.trim() !== '',
    isEmptyUpdate: ({ event }) => event.type === 'UPDATE' && event.code.trim() === '',
  },
  actions: {
    takePresetCode: assign(({ context }) => ({ code: (context.presetCode ?? '').trim(), presetCode: null })),
    storeCode: assign(({ context, event }) =>
      event.type === 'UPDATE' ? { code: event.code, error: null } : context,
    ),
    dropAppliedCode: assign({ appliedCode: null, saving: 0 }),
    storeApplied: assign((_, params: { saving: number }) => ({ saving: params.saving, error: null })),
    markApplied: assign(({ context }) => ({ appliedCode: context.code.trim() })),
    storeFailure: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    emitReferralApplied: emit(({ context }) => ({
      type: 'referral_code_applied' as const,
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
  id: 'referral',
  context: ({ input }) => ({
    code: '',
    appliedCode: null,
    saving: 0,
    error: null,
    presetCode: input.presetCode ?? null,
  }),
  initial: 'idle',
  states: {
    idle: {
      always: { guard: 'hasPresetCode', target: 'applyingReferralCode', actions: 'takePresetCode' },
      on: { UPDATE: typing },
    },
    editing: {
      on: {
        UPDATE: typing,
        APPLY: { guard: 'hasReferralCode', target: 'applyingReferralCode' },
      },
    },
    applyingReferralCode: {
      // The last refusal's message goes while the code is asked about again.
      entry: ['clearError', 'checkCode'],
      on: {
        // Typing (or a coupon applied, which empties this field) drops the code being asked about.
        UPDATE: typing,
        REFERRAL_VERIFIED: {
          target: 'appliedReferralCode',
          actions: [
            { type: 'storeApplied', params: ({ event }) => ({ saving: event.saving }) },
            'markApplied',
            'emitReferralApplied',
            'codesChanged',
          ],
        },
        REFERRAL_VERIFY_FAILED: {
          target: 'applyingReferralCodeFailed',
          actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    appliedReferralCode: {
      on: {
        UPDATE: typing,
        EDIT: { target: 'editing', actions: 'dropAppliedCode' },
        CLEAR: 'clearingReferralCode',
      },
    },
    applyingReferralCodeFailed: {
      on: {
        UPDATE: typing,
        APPLY: { guard: 'hasReferralCode', target: 'applyingReferralCode' },
        EDIT: { target: 'editing', actions: 'clearError' },
      },
    },
    clearingReferralCode: {
      entry: ['clearField', 'codesChanged'],
      always: 'idle',
    },
  },
});

export type ReferralSnapshot = SnapshotFrom<typeof referralMachine>;

/** The success banner's saving (minor units), or null when no code is applied. */
export function referralBanner(snapshot: ReferralSnapshot): { amount: number } | null {
  return snapshot.matches('appliedReferralCode') ? { amount: snapshot.context.saving } : null;
}
