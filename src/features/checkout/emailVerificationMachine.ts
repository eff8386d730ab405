import type { EmailOtpSentResponse } from '@contract/account';
import { OTP_PATTERN } from '@contract/patterns';
import { and, assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { type ClientProfile, requestEmailOtp, updateEmail, verifyEmailOtp } from '@/api/account';
import { errorMessage } from '@/api/errorMessages';

/*
 * The e-mail verification machine of spec §4 "E-mail verification", states and events named as the spec names them:
 * - editing, with valid and invalid sub-states: VALID / INVALID come from the form's validator of the field.
 * - emailVerificationPending "updates the user's e-mail" (POST /user_account/email/update/v1/), entered by
 *   VERIFY_EMAIL when the typed e-mail differs from the profile's; an unchanged, unverified one skips it.
 * - "code sent, in progress" → sendingCode: the code is asked for (GET …/email/verify/request_otp/v1/).
 * - "OTP sub-flow: editing, in progress, success, failed, resend in progress" → codeSent.{editing, inProgress,
 *   success, failed, resendInProgress}: OTP_UPDATE keeps the code and checks it once all six digits are in;
 *   RESEND_OTP (beyond the spec's list: the resend button) asks for a new one.
 * - emailVerified: reachable when the e-mail is already verified and unchanged (at start, or typed back);
 *   EMAIL_VERIFIED moves there when the profile learnt it elsewhere.
 * - "any update returns to editing valid" → UPDATE (a typed e-mail, or the Update button) goes to editing.valid,
 *   unverified; "errors in update or code-sending return to editing valid", the message kept for the field.
 * The e-mail field is locked outside editing (isEmailLocked); Send code is enabled by canSendCode.
 */

export interface EmailVerificationInput {
  /** The profile's e-mail ('' when none). */
  profileEmail: string;
  isEmailVerified: boolean;
  /** What the field holds at start (a saved draft); the profile's e-mail when absent. */
  email?: string;
}

export interface EmailVerificationContext {
  /** The field's value. */
  email: string;
  profileEmail: string;
  /** Whether profileEmail is verified. */
  profileVerified: boolean;
  otp: string;
  /** The field error of the last failed update or code request. */
  error: string | null;
  /** The code field's error of the last failed check. */
  otpError: string | null;
  /** Seconds before another code may be asked for, from the last code sent. */
  resendAfterSeconds: number;
}

export type EmailVerificationEvent =
  | { type: 'UPDATE'; email?: string }
  | { type: 'VALID' }
  | { type: 'INVALID' }
  | { type: 'VERIFY_EMAIL' }
  | { type: 'OTP_UPDATE'; otp: string }
  | { type: 'RESEND_OTP' }
  | { type: 'EMAIL_VERIFIED'; email?: string };

/** Emitted when the server answered a new profile (the page updates its profile query with it). */
export interface ProfileChangedEmitted {
  type: 'profileChanged';
  profile: ClientProfile;
}

export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function verifiedAndUnchanged(context: EmailVerificationContext, email: string): boolean {
  return context.profileVerified && email.trim() !== '' && sameEmail(email, context.profileEmail);
}

/** Spec §4: Send code only for an e-mail that differs from the profile's, or the profile's while unverified. */
function needsCode(context: EmailVerificationContext): boolean {
  return context.email.trim() !== '' && !verifiedAndUnchanged(context, context.email);
}

const adoptProfile = (profile: ClientProfile) => ({
  profileEmail: profile.email,
  profileVerified: profile.isEmailVerified,
});

export const emailVerificationMachine = setup({
  types: {
    context: {} as EmailVerificationContext,
    events: {} as EmailVerificationEvent,
    input: {} as EmailVerificationInput,
    emitted: {} as ProfileChangedEmitted,
  },
  actors: {
    updateEmail: fromPromise<ClientProfile, { email: string }>(({ input }) =>
      updateEmail({ email: input.email }),
    ),
    requestEmailOtp: fromPromise<EmailOtpSentResponse, void>(() => requestEmailOtp()),
    verifyEmailOtp: fromPromise<ClientProfile, { otp: string }>(({ input }) =>
      verifyEmailOtp({ otp: input.otp }),
    ),
  },
  guards: {
    isVerifiedAndUnchanged: ({ context }) => verifiedAndUnchanged(context, context.email),
    isTypedBackToVerified: ({ context, event }) =>
      event.type === 'UPDATE' && event.email !== undefined && verifiedAndUnchanged(context, event.email),
    canSendCode: ({ context }) => needsCode(context),
    isEmailChanged: ({ context }) => !sameEmail(context.email, context.profileEmail),
    isOtpComplete: ({ event }) => event.type === 'OTP_UPDATE' && OTP_PATTERN.test(event.otp),
  },
  actions: {
    storeEmail: assign(({ context, event }) =>
      event.type === 'UPDATE' && event.email !== undefined ? { email: event.email, error: null } : context,
    ),
    // Reopening the field drops the code flow: a new code is needed for whatever is typed next.
    resetCodeFlow: assign({ otp: '', otpError: null }),
    storeOtp: assign(({ context, event }) =>
      event.type === 'OTP_UPDATE' ? { otp: event.otp, otpError: null } : context,
    ),
    storeFieldError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    storeOtpError: assign((_, params: { error: unknown }) => ({ otpError: errorMessage(params.error) })),
    storeCodeSent: assign((_, params: { sent: EmailOtpSentResponse }) => ({
      resendAfterSeconds: params.sent.resend_after_seconds,
      otp: '',
      otpError: null,
      error: null,
    })),
    /** The server answered a new profile: emitted for a page, sent up by the checkout machine that runs this one. */
    profileChanged: emit((_, params: { profile: ClientProfile }) => ({
      type: 'profileChanged' as const,
      profile: params.profile,
    })),
    markVerified: assign(({ context, event }) => {
      const email = event.type === 'EMAIL_VERIFIED' && event.email ? event.email : context.email;
      return { email, profileEmail: email, profileVerified: true, error: null, otp: '', otpError: null };
    }),
  },
}).createMachine({
  id: 'emailVerification',
  context: ({ input }) => ({
    email: input.email ?? input.profileEmail,
    profileEmail: input.profileEmail,
    profileVerified: input.isEmailVerified,
    otp: '',
    error: null,
    otpError: null,
    resendAfterSeconds: 0,
  }),
  initial: 'booting',
  on: {
    EMAIL_VERIFIED: { target: '.emailVerified', actions: 'markVerified' },
  },
  states: {
    booting: {
      always: [{ guard: 'isVerifiedAndUnchanged', target: 'emailVerified' }, { target: 'editing' }],
    },
    editing: {
      initial: 'valid',
      on: {
        UPDATE: [
          { guard: 'isTypedBackToVerified', target: 'emailVerified', actions: 'storeEmail' },
          { target: '.valid', actions: 'storeEmail' },
        ],
        VALID: '.valid',
        INVALID: '.invalid',
      },
      states: {
        valid: {
          on: {
            VERIFY_EMAIL: [
              {
                guard: and(['canSendCode', 'isEmailChanged']),
                target: '#emailVerification.emailVerificationPending',
              },
              { guard: 'canSendCode', target: '#emailVerification.sendingCode' },
            ],
          },
        },
        invalid: {},
      },
    },
    emailVerificationPending: {
      invoke: {
        src: 'updateEmail',
        input: ({ context }) => ({ email: context.email }),
        onDone: {
          target: 'sendingCode',
          actions: [
            assign(({ event }) => ({ ...adoptProfile(event.output), email: event.output.email })),
            { type: 'profileChanged', params: ({ event }) => ({ profile: event.output }) },
          ],
        },
        onError: {
          target: 'editing.valid',
          actions: { type: 'storeFieldError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { UPDATE: { target: 'editing.valid', actions: ['storeEmail', 'resetCodeFlow'] } },
    },
    sendingCode: {
      invoke: {
        src: 'requestEmailOtp',
        onDone: {
          target: 'codeSent',
          actions: { type: 'storeCodeSent', params: ({ event }) => ({ sent: event.output }) },
        },
        onError: {
          target: 'editing.valid',
          actions: { type: 'storeFieldError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { UPDATE: { target: 'editing.valid', actions: ['storeEmail', 'resetCodeFlow'] } },
    },
    codeSent: {
      initial: 'editing',
      on: {
        // The Update button: the field opens again and the code entered so far is dropped.
        UPDATE: { target: 'editing.valid', actions: ['storeEmail', 'resetCodeFlow'] },
      },
      states: {
        editing: {
          on: {
            OTP_UPDATE: [
              { guard: 'isOtpComplete', target: 'inProgress', actions: 'storeOtp' },
              { actions: 'storeOtp' },
            ],
            RESEND_OTP: 'resendInProgress',
          },
        },
        inProgress: {
          invoke: {
            src: 'verifyEmailOtp',
            input: ({ context }) => ({ otp: context.otp }),
            onDone: {
              target: 'success',
              actions: [
                assign(({ event }) => ({ ...adoptProfile(event.output), otpError: null })),
                { type: 'profileChanged', params: ({ event }) => ({ profile: event.output }) },
              ],
            },
            onError: {
              target: 'failed',
              actions: { type: 'storeOtpError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        success: { type: 'final' },
        failed: {
          on: {
            OTP_UPDATE: [
              { guard: 'isOtpComplete', target: 'inProgress', actions: 'storeOtp' },
              { target: 'editing', actions: 'storeOtp' },
            ],
            RESEND_OTP: 'resendInProgress',
          },
        },
        resendInProgress: {
          invoke: {
            src: 'requestEmailOtp',
            onDone: {
              target: 'editing',
              actions: { type: 'storeCodeSent', params: ({ event }) => ({ sent: event.output }) },
            },
            onError: {
              target: '#emailVerification.editing.valid',
              actions: [
                'resetCodeFlow',
                { type: 'storeFieldError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
      onDone: { target: 'emailVerified', actions: 'markVerified' },
    },
    emailVerified: {
      on: {
        // The Update button reopens the field; the e-mail is unverified again once it changes.
        UPDATE: { target: 'editing.valid', actions: ['storeEmail', 'resetCodeFlow'] },
      },
    },
  },
});

/** Spec §4: the e-mail field is locked while the e-mail is updated, a code is asked for or entered, and once verified. */
export function isEmailLocked(snapshot: EmailVerificationSnapshot): boolean {
  return !snapshot.matches('editing');
}

/** Spec §4: Send code is enabled only if the e-mail differs from the profile's or is unverified (and is valid). */
export function canSendCode(snapshot: EmailVerificationSnapshot): boolean {
  return snapshot.matches({ editing: 'valid' }) && needsCode(snapshot.context);
}

/** Whether the code field is shown (the OTP sub-flow). */
export function isCodeEntry(snapshot: EmailVerificationSnapshot): boolean {
  return snapshot.matches('codeSent');
}

export type EmailVerificationSnapshot = SnapshotFrom<typeof emailVerificationMachine>;
