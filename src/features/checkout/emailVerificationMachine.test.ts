import type { EmailOtpSentResponse } from '@contract/account';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ClientProfile } from '@/api/account';
import { ApiError } from '@/api/errors';
import {
  canSendCode,
  type EmailVerificationInput,
  emailVerificationMachine,
  isCodeEntry,
  isEmailLocked,
  type ProfileChangedEmitted,
} from './emailVerificationMachine';
import { type Deferred, deferred, statesVisited } from './machines.test-helpers';

const profile = (email: string, isEmailVerified: boolean): ClientProfile => ({
  name: 'Asha Kumar',
  email,
  isEmailVerified,
  phoneNumber: '9876543210',
  dialCode: '+91',
  phoneNumberWithCountryCode: '+919876543210',
});

const sent = (resendAfterSeconds = 30): EmailOtpSentResponse => ({
  message: 'Code sent',
  res_status: 'OTP_SENT',
  expires_in: 600,
  resend_after_seconds: resendAfterSeconds,
  email: 'asha@example.in',
});

const fieldError = (message: string, field: string) =>
  new ApiError({ message, response: message, resStatus: 'BAD_REQUEST', httpStatusCode: 400, field });

function harness(input: EmailVerificationInput) {
  const calls = {
    update: [] as { email: string; d: Deferred<ClientProfile> }[],
    request: [] as Deferred<EmailOtpSentResponse>[],
    verify: [] as { otp: string; d: Deferred<ClientProfile> }[],
  };
  const machine = emailVerificationMachine.provide({
    actors: {
      updateEmail: fromPromise<ClientProfile, { email: string }>(({ input: { email } }) => {
        const d = deferred<ClientProfile>();
        calls.update.push({ email, d });
        return d.promise;
      }),
      requestEmailOtp: fromPromise<EmailOtpSentResponse, void>(() => {
        const d = deferred<EmailOtpSentResponse>();
        calls.request.push(d);
        return d.promise;
      }),
      verifyEmailOtp: fromPromise<ClientProfile, { otp: string }>(({ input: { otp } }) => {
        const d = deferred<ClientProfile>();
        calls.verify.push({ otp, d });
        return d.promise;
      }),
    },
  });
  const visited = statesVisited();
  const actor = createActor(machine, { input, inspect: visited.inspect });
  const emitted: ProfileChangedEmitted[] = [];
  actor.on('profileChanged', (event) => emitted.push(event));
  actor.start();
  const at = (value: Parameters<ReturnType<typeof actor.getSnapshot>['matches']>[0]) =>
    waitFor(actor, (snapshot) => snapshot.matches(value), { timeout: 1_000 });
  return { actor, calls, emitted, visited: visited.seen, at };
}

describe('e-mail verification machine (spec §4 E-mail verification)', () => {
  it('starts in emailVerified when the profile e-mail is verified and unchanged, in editing otherwise', () => {
    const verified = harness({ profileEmail: 'asha@example.in', isEmailVerified: true });
    expect(verified.actor.getSnapshot().value).toBe('emailVerified');
    expect(isEmailLocked(verified.actor.getSnapshot())).toBe(true);
    expect(canSendCode(verified.actor.getSnapshot())).toBe(false);

    const unverified = harness({ profileEmail: 'asha@example.in', isEmailVerified: false });
    expect(unverified.actor.getSnapshot().value).toEqual({ editing: 'valid' });
    expect(isEmailLocked(unverified.actor.getSnapshot())).toBe(false);
    expect(canSendCode(unverified.actor.getSnapshot())).toBe(true);

    // A saved draft with another address is not verified, whatever the profile says.
    const draft = harness({
      profileEmail: 'asha@example.in',
      isEmailVerified: true,
      email: 'new@example.in',
    });
    expect(draft.actor.getSnapshot().value).toEqual({ editing: 'valid' });
    expect(canSendCode(draft.actor.getSnapshot())).toBe(true);
  });

  it('VALID and INVALID move between the editing sub-states; an invalid e-mail cannot be sent a code', () => {
    const { actor, calls } = harness({ profileEmail: '', isEmailVerified: false });
    actor.send({ type: 'UPDATE', email: 'asha@' });
    actor.send({ type: 'INVALID' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'invalid' });
    expect(canSendCode(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'VERIFY_EMAIL' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'invalid' });
    expect(calls.update).toHaveLength(0);
    actor.send({ type: 'UPDATE', email: 'asha@example.in' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'valid' });
    actor.send({ type: 'INVALID' });
    actor.send({ type: 'VALID' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'valid' });
    expect(canSendCode(actor.getSnapshot())).toBe(true);
  });

  it('an empty e-mail cannot be sent a code', () => {
    const { actor, calls } = harness({ profileEmail: '', isEmailVerified: false });
    expect(canSendCode(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'VERIFY_EMAIL' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'valid' });
    expect(calls.update).toHaveLength(0);
    expect(calls.request).toHaveLength(0);
  });

  it('walks a changed e-mail through the update, the code, a wrong code, the right code and emailVerified', async () => {
    const { actor, calls, emitted, visited, at } = harness({
      profileEmail: 'old@example.in',
      isEmailVerified: true,
    });
    actor.send({ type: 'UPDATE', email: 'asha@example.in' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'valid' });
    expect(canSendCode(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'VERIFY_EMAIL' });
    expect(actor.getSnapshot().value).toBe('emailVerificationPending');
    expect(isEmailLocked(actor.getSnapshot())).toBe(true);
    expect(canSendCode(actor.getSnapshot())).toBe(false);
    expect(calls.update.map((c) => c.email)).toEqual(['asha@example.in']);

    calls.update[0]?.d.resolve(profile('asha@example.in', false));
    await at('sendingCode');
    expect(emitted).toEqual([{ type: 'profileChanged', profile: profile('asha@example.in', false) }]);
    expect(actor.getSnapshot().context).toMatchObject({
      profileEmail: 'asha@example.in',
      profileVerified: false,
    });
    expect(isEmailLocked(actor.getSnapshot())).toBe(true);

    calls.request[0]?.resolve(sent(45));
    await at({ codeSent: 'editing' });
    expect(isCodeEntry(actor.getSnapshot())).toBe(true);
    expect(isEmailLocked(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.resendAfterSeconds).toBe(45);

    actor.send({ type: 'OTP_UPDATE', otp: '123' });
    expect(actor.getSnapshot().value).toEqual({ codeSent: 'editing' });
    expect(calls.verify).toHaveLength(0);
    actor.send({ type: 'OTP_UPDATE', otp: '123450' });
    expect(actor.getSnapshot().value).toEqual({ codeSent: 'inProgress' });
    expect(calls.verify.map((c) => c.otp)).toEqual(['123450']);

    calls.verify[0]?.d.reject(fieldError('That code is not right', 'otp'));
    await at({ codeSent: 'failed' });
    expect(actor.getSnapshot().context.otpError).toBe('That code is not right');
    expect(isEmailLocked(actor.getSnapshot())).toBe(true);

    // Fixing the code clears its error; a complete one is checked again at once.
    actor.send({ type: 'OTP_UPDATE', otp: '12345' });
    expect(actor.getSnapshot().value).toEqual({ codeSent: 'editing' });
    expect(actor.getSnapshot().context.otpError).toBeNull();
    actor.send({ type: 'OTP_UPDATE', otp: '123456' });
    calls.verify[1]?.d.reject(fieldError('That code is not right', 'otp'));
    await at({ codeSent: 'failed' });
    actor.send({ type: 'OTP_UPDATE', otp: '654321' });
    expect(actor.getSnapshot().value).toEqual({ codeSent: 'inProgress' });

    calls.verify[2]?.d.resolve(profile('asha@example.in', true));
    await at('emailVerified');
    expect(visited.has('codeSent.success')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      email: 'asha@example.in',
      profileVerified: true,
      otp: '',
    });
    expect(emitted.at(-1)).toEqual({ type: 'profileChanged', profile: profile('asha@example.in', true) });
    expect(isEmailLocked(actor.getSnapshot())).toBe(true);
    expect(canSendCode(actor.getSnapshot())).toBe(false);
  });

  it("the profile's own unverified e-mail skips the update and goes straight to the code", async () => {
    const { actor, calls, at } = harness({ profileEmail: 'Asha@Example.in', isEmailVerified: false });
    actor.send({ type: 'UPDATE', email: 'asha@example.in ' });
    actor.send({ type: 'VERIFY_EMAIL' });
    expect(actor.getSnapshot().value).toBe('sendingCode');
    expect(calls.update).toHaveLength(0);
    calls.request[0]?.resolve(sent());
    await at({ codeSent: 'editing' });
  });

  it('a refused update returns to editing valid with the message for the field, keeping what was typed', async () => {
    const { actor, calls, at } = harness({ profileEmail: '', isEmailVerified: false });
    actor.send({ type: 'UPDATE', email: 'taken@example.in' });
    actor.send({ type: 'VERIFY_EMAIL' });
    calls.update[0]?.d.reject(fieldError('This e-mail belongs to another account', 'email'));
    await at({ editing: 'valid' });
    expect(actor.getSnapshot().context).toMatchObject({
      email: 'taken@example.in',
      error: 'This e-mail belongs to another account',
    });
    expect(isEmailLocked(actor.getSnapshot())).toBe(false);
    // Editing the e-mail clears the message.
    actor.send({ type: 'UPDATE', email: 'asha@example.in' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a failed code request returns to editing valid with the message, and the buyer can send again', async () => {
    const { actor, calls, at } = harness({ profileEmail: 'asha@example.in', isEmailVerified: false });
    actor.send({ type: 'VERIFY_EMAIL' });
    calls.request[0]?.reject(fieldError('Wait 30 seconds before asking again', 'email'));
    await at({ editing: 'valid' });
    expect(actor.getSnapshot().context.error).toBe('Wait 30 seconds before asking again');
    expect(canSendCode(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'VERIFY_EMAIL' });
    expect(actor.getSnapshot().value).toBe('sendingCode');
    calls.request[1]?.resolve(sent());
    await at({ codeSent: 'editing' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('resends a code from code entry and after a wrong code; a failed resend returns to editing valid', async () => {
    const { actor, calls, at } = harness({ profileEmail: 'asha@example.in', isEmailVerified: false });
    actor.send({ type: 'VERIFY_EMAIL' });
    calls.request[0]?.resolve(sent(30));
    await at({ codeSent: 'editing' });

    actor.send({ type: 'OTP_UPDATE', otp: '12' });
    actor.send({ type: 'RESEND_OTP' });
    expect(actor.getSnapshot().value).toEqual({ codeSent: 'resendInProgress' });
    calls.request[1]?.resolve(sent(60));
    await at({ codeSent: 'editing' });
    expect(actor.getSnapshot().context).toMatchObject({ resendAfterSeconds: 60, otp: '' });

    actor.send({ type: 'OTP_UPDATE', otp: '111111' });
    calls.verify[0]?.d.reject(fieldError('That code has expired', 'otp'));
    await at({ codeSent: 'failed' });
    actor.send({ type: 'RESEND_OTP' });
    expect(actor.getSnapshot().value).toEqual({ codeSent: 'resendInProgress' });
    calls.request[2]?.reject(fieldError('Too many codes asked for', 'email'));
    await at({ editing: 'valid' });
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Too many codes asked for', otpError: null });
  });

  it('UPDATE reopens editing from every later state, dropping the code flow', async () => {
    const { actor, calls, at } = harness({ profileEmail: 'asha@example.in', isEmailVerified: false });
    actor.send({ type: 'UPDATE', email: 'new@example.in' });
    actor.send({ type: 'VERIFY_EMAIL' });
    expect(actor.getSnapshot().value).toBe('emailVerificationPending');
    actor.send({ type: 'UPDATE', email: 'other@example.in' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'valid' });
    expect(actor.getSnapshot().context.email).toBe('other@example.in');

    actor.send({ type: 'UPDATE', email: 'asha@example.in' });
    actor.send({ type: 'VERIFY_EMAIL' });
    expect(actor.getSnapshot().value).toBe('sendingCode');
    actor.send({ type: 'UPDATE' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'valid' });

    actor.send({ type: 'VERIFY_EMAIL' });
    calls.request.at(-1)?.resolve(sent());
    await at({ codeSent: 'editing' });
    actor.send({ type: 'OTP_UPDATE', otp: '12' });
    actor.send({ type: 'UPDATE' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'valid' });
    expect(actor.getSnapshot().context.otp).toBe('');
    expect(isEmailLocked(actor.getSnapshot())).toBe(false);
  });

  it('the Update button reopens a verified e-mail; changing it unverifies it and typing it back verifies it', () => {
    const { actor } = harness({ profileEmail: 'asha@example.in', isEmailVerified: true });
    actor.send({ type: 'UPDATE' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'valid' });
    expect(isEmailLocked(actor.getSnapshot())).toBe(false);
    // Unchanged and verified: nothing to send.
    expect(canSendCode(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'UPDATE', email: 'asha@example.co' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'valid' });
    expect(canSendCode(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'UPDATE', email: 'ASHA@example.in' });
    expect(actor.getSnapshot().value).toBe('emailVerified');
  });

  it('EMAIL_VERIFIED moves to emailVerified from any state', async () => {
    const { actor, calls, at } = harness({ profileEmail: 'asha@example.in', isEmailVerified: false });
    actor.send({ type: 'EMAIL_VERIFIED' });
    expect(actor.getSnapshot().value).toBe('emailVerified');
    expect(actor.getSnapshot().context.profileVerified).toBe(true);

    actor.send({ type: 'UPDATE', email: 'new@example.in' });
    actor.send({ type: 'VERIFY_EMAIL' });
    calls.update[0]?.d.resolve(profile('new@example.in', false));
    await at('sendingCode');
    calls.request[0]?.resolve(sent());
    await at({ codeSent: 'editing' });
    actor.send({ type: 'EMAIL_VERIFIED', email: 'new@example.in' });
    expect(actor.getSnapshot().value).toBe('emailVerified');
    expect(actor.getSnapshot().context).toMatchObject({
      email: 'new@example.in',
      profileEmail: 'new@example.in',
    });
  });

  it('the new profile goes through the named action profileChanged, which a parent may provide instead of the emit', async () => {
    const profileChanged = vi.fn();
    const machine = emailVerificationMachine.provide({
      actions: { profileChanged: (_, params) => profileChanged(params) },
      actors: {
        updateEmail: fromPromise<ClientProfile, { email: string }>(async ({ input: { email } }) =>
          profile(email, false),
        ),
        requestEmailOtp: fromPromise<EmailOtpSentResponse, void>(() => new Promise(() => undefined)),
      },
    });
    const actor = createActor(machine, { input: { profileEmail: 'old@example.in', isEmailVerified: true } });
    const emitted: ProfileChangedEmitted[] = [];
    actor.on('profileChanged', (event) => emitted.push(event));
    actor.start();
    actor.send({ type: 'UPDATE', email: 'asha@example.in' });
    actor.send({ type: 'VERIFY_EMAIL' });
    await waitFor(actor, (snapshot) => snapshot.matches('sendingCode'), { timeout: 1_000 });
    expect(profileChanged).toHaveBeenCalledWith({ profile: profile('asha@example.in', false) });
    expect(emitted).toEqual([]);
  });
});
