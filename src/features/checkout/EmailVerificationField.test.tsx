import type { EmailOtpSentResponse } from '@contract/account';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ClientProfile } from '@/api/account';
import { ApiError } from '@/api/errors';
import { EmailVerificationField } from './EmailVerificationField';
import { type EmailVerificationInput, emailVerificationMachine } from './emailVerificationMachine';
import { type Deferred, deferred } from './machines.test-helpers';

const profile = (email: string, isEmailVerified: boolean): ClientProfile => ({
  name: 'Asha Kumar',
  email,
  isEmailVerified,
  phoneNumber: '9876543210',
  dialCode: '+91',
  phoneNumberWithCountryCode: '+919876543210',
});

function mount(input: EmailVerificationInput) {
  const calls = {
    update: [] as { email: string; d: Deferred<ClientProfile> }[],
    request: [] as Deferred<EmailOtpSentResponse>[],
    verify: [] as { otp: string; d: Deferred<ClientProfile> }[],
  };
  const actor = createActor(
    emailVerificationMachine.provide({
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
    }),
    { input },
  ).start();
  render(<EmailVerificationField actor={actor} />);
  return { actor, calls, email: screen.getByLabelText('Email'), user: userEvent.setup() };
}

const sent: EmailOtpSentResponse = {
  message: 'Code sent',
  res_status: 'OTP_SENT',
  expires_in: 600,
  resend_after_seconds: 30,
  email: 'asha@example.in',
};

describe('EmailVerificationField', () => {
  it('a verified, unchanged e-mail is locked with Update; Update opens it and Send code stays off until it changes', async () => {
    const { email, user } = mount({ profileEmail: 'asha@example.in', isEmailVerified: true });
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByText('Verified')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(email).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Send code' })).toBeDisabled();
    await user.type(email, 'x');
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  it('an invalid e-mail keeps Send code off', async () => {
    const { email, user } = mount({ profileEmail: '', isEmailVerified: false });
    await user.type(email, 'asha@');
    expect(screen.getByRole('button', { name: 'Send code' })).toBeDisabled();
    await user.type(email, 'example.in');
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  it('sends the code, locks the e-mail during code entry and verifies a six-digit code', async () => {
    const { calls, email, user } = mount({ profileEmail: '', isEmailVerified: false });
    await user.type(email, 'asha@example.in');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(calls.update.map((c) => c.email)).toEqual(['asha@example.in']);
    calls.update[0]?.d.resolve(profile('asha@example.in', false));
    await waitFor(() => expect(calls.request).toHaveLength(1));
    calls.request[0]?.resolve(sent);
    const code = await screen.findByLabelText('Code sent to your e-mail');
    expect(email).toHaveAttribute('readonly');

    await user.type(code, '12345');
    expect(calls.verify).toHaveLength(0);
    await user.type(code, '6');
    expect(calls.verify.map((c) => c.otp)).toEqual(['123456']);
    calls.verify[0]?.d.reject(
      new ApiError({
        message: 'That code is not right',
        response: 'x',
        resStatus: 'INVALID_OTP',
        httpStatusCode: 400,
      }),
    );
    expect(await screen.findByText('That code is not right')).toBeInTheDocument();
  });

  it("shows the server's refusal of the e-mail under the field, the e-mail kept", async () => {
    const { calls, email, user } = mount({ profileEmail: '', isEmailVerified: false });
    await user.type(email, 'taken@example.in');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    calls.update[0]?.d.reject(
      new ApiError({
        message: 'This e-mail belongs to another account',
        response: 'x',
        resStatus: 'CONFLICT',
        httpStatusCode: 409,
      }),
    );
    expect(await screen.findByText('This e-mail belongs to another account')).toBeInTheDocument();
    expect(email).toHaveValue('taken@example.in');
    expect(email).not.toHaveAttribute('readonly');
  });
});
