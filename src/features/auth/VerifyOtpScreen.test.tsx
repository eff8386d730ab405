import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, fakeNetwork, json, resetClient } from '@/api/test-helpers';
import { getTokens } from '@/api/tokens';
import { navigationKeyMatches } from '@/lib/guard';
import { getPendingSignIn, getPendingSignUp, type PendingSignIn, setPendingSignIn } from '@/state/session';
import { renderScreen, verifyAnswer } from './testing.test-helpers';
import { VerifyOtpScreen } from './VerifyOtpScreen';

/** A fixed instant: the screen reads the clock, the test never reads the real one. */
const NOW = Date.UTC(2026, 2, 1, 4, 30);

function pending(overrides: Partial<PendingSignIn> = {}): PendingSignIn {
  return {
    phoneNumber: '9876543210',
    dialCode: '+91',
    isoCountryCode: 'IN',
    tokenSet: 'main',
    redirect: '/ibc-game',
    resendAvailableAt: NOW + 30_000,
    ...overrides,
  };
}

function renderVerify(p: PendingSignIn = pending()) {
  setPendingSignIn(p);
  return renderScreen(<VerifyOtpScreen pending={p} />, '/sign-in/verify');
}

const codeInput = () => screen.getByLabelText('6-digit code');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  resetClient();
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('VerifyOtpScreen', () => {
  it('shows the number with an Edit number link and offers one-time-code autofill', async () => {
    fakeNetwork(() => json(500));
    renderVerify();
    expect(await screen.findByText('+91 98765 43210')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit number' })).toHaveAttribute(
      'href',
      '/sign-in?redirect=%2Fibc-game',
    );
    expect(codeInput()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(codeInput()).toHaveAttribute('inputmode', 'numeric');
  });

  it('a pasted code fills the field and is verified at once; a returning buyer goes back where they started', async () => {
    const { requests } = fakeNetwork(() => json(200, verifyAnswer()));
    const { track } = renderVerify();
    fireEvent.paste(await screen.findByLabelText('6-digit code'), {
      clipboardData: { getData: () => 'Your code is 123 456' },
    });
    expect(codeInput()).toHaveValue('123456');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/ibc-game'));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toContain('/api/user/verify/phone_number_otp/v2/');
    expect(requests[0]?.body).toEqual({
      phone_number: '9876543210',
      country_code: '+91',
      iso_country_code: 'IN',
      otp: '123456',
      token_set: 'main',
    });
    expect(getTokens('main')?.accessToken).toBe('header.payload.sig');
    expect(getPendingSignIn()).toBeNull();
    expect(track).toHaveBeenCalledWith('signin_completed', expect.objectContaining({ token_set: 'main' }));
    expect(track).toHaveBeenCalledWith('user_login', expect.objectContaining({ method: 'phone' }));
  });

  it('verifies only a valid 6-digit code', async () => {
    const { requests } = fakeNetwork(() => json(200, verifyAnswer()));
    renderVerify();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('6-digit code'), '12a34');
    expect(codeInput()).toHaveValue('1234');
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    fireEvent.submit(verify.closest('form') as HTMLFormElement);
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  /** The server refuses whatever code comes, naming the field (spec §8). */
  function refuseEveryCode() {
    return fakeNetwork(() =>
      json(400, {
        data: {
          ...errorBody(400, 'INVALID_OTP').data,
          message: 'That code is not right. 4 tries left.',
          field: 'otp',
        },
      }),
    );
  }

  it('a wrong code shows the server message under the field and keeps the number', async () => {
    refuseEveryCode();
    renderVerify();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('6-digit code'), '111111');
    expect(await screen.findByText('That code is not right. 4 tries left.')).toBeInTheDocument();
    expect(screen.getByText('+91 98765 43210')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/sign-in/verify');
    expect(getTokens('main')).toBeNull();
    expect(getPendingSignIn()?.phoneNumber).toBe('9876543210');
  });

  it('a refused code is not sent again: the refusal stays and Verify stays off until the code changes', async () => {
    const { requests } = refuseEveryCode();
    renderVerify();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('6-digit code'), '111111');
    expect(await screen.findByText('That code is not right. 4 tries left.')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    fireEvent.submit(verify.closest('form') as HTMLFormElement);
    // Typed again (last digit removed and put back): still the refused code, still not sent.
    await user.type(codeInput(), '{backspace}');
    expect(screen.queryByText('That code is not right. 4 tries left.')).not.toBeInTheDocument();
    await user.type(codeInput(), '1');
    expect(screen.getByText('That code is not right. 4 tries left.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    expect(requests).toHaveLength(1);
    // Another code is sent.
    await user.type(codeInput(), '{backspace}2');
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.body).toMatchObject({ otp: '111112' });
  });

  /** The server locks the code after its fifth wrong try (spec §8), then sends a new one on request. */
  function lockEveryCode() {
    return fakeNetwork((request) =>
      request.url.includes('/resend/')
        ? json(200, { message: 'sent', res_status: 'OTP_SENT', expires_in: 600, resend_after_seconds: 30 })
        : json(400, {
            data: {
              ...errorBody(400, 'OTP_ATTEMPTS_EXCEEDED').data,
              message: 'Too many wrong tries for this code. Ask for a new one.',
              field: 'otp',
            },
          }),
    );
  }

  it('too many wrong tries: the reason stays while the buyer types, until a new code is asked for', async () => {
    const { requests } = lockEveryCode();
    renderVerify(pending({ resendAvailableAt: NOW - 1 }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('6-digit code'), '222222');
    const reason = await screen.findByRole('alert');
    expect(reason).toHaveTextContent('Too many wrong tries for this code. Ask for a new one.');
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    expect(verify).toHaveAccessibleDescription('Too many wrong tries for this code. Ask for a new one.');
    expect(screen.getByRole('button', { name: 'Get a new code' })).toBeEnabled();

    await user.clear(codeInput());
    await user.type(codeInput(), '333333');
    expect(screen.getByText('Too many wrong tries for this code. Ask for a new one.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    // A locked code is not sent again.
    expect(requests).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Get a new code' }));
    expect(await screen.findByText('We sent a new code to +91 98765 43210.')).toBeInTheDocument();
    expect(screen.queryByText(/Too many wrong tries/)).not.toBeInTheDocument();
    expect(codeInput()).toHaveValue('');
  });

  it('a locked code during the cool-down shows the countdown alone, never beside the action', async () => {
    lockEveryCode();
    renderVerify(pending({ resendAvailableAt: NOW + 14_000 }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('6-digit code'), '222222');
    expect(await screen.findByText(/Too many wrong tries/)).toBeInTheDocument();
    expect(screen.getByText('You can ask for a new code in 0:14')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get a new code' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument();
  });

  it('a new buyer goes on to the sign-up details step', async () => {
    fakeNetwork(() => json(200, verifyAnswer({ is_new_user: true })));
    const { router } = renderVerify();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/sign-in/sign-up/verify'));
    expect(getPendingSignUp()).toEqual({ redirect: '/ibc-game' });
    expect(navigationKeyMatches('sign-up-verify', router.state.location.state)).toBe(true);
  });

  it('the forms sign-in keeps the forms token set and goes back to the form', async () => {
    const { requests } = fakeNetwork(() => json(200, verifyAnswer({ is_new_user: true })));
    const { track } = renderVerify(pending({ tokenSet: 'forms', redirect: '/form/get-invite' }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/form/get-invite'));
    expect(requests[0]?.body).toMatchObject({ token_set: 'forms' });
    expect(getTokens('forms')?.accessToken).toBe('header.payload.sig');
    expect(getTokens('main')).toBeNull();
    expect(track).not.toHaveBeenCalledWith('user_login', expect.anything());
  });

  it('resend waits for its countdown, then sends a new code; a 429 restarts it from time_in_seconds', async () => {
    // Timers too, not only the clock: the countdown ticks on them.
    vi.useRealTimers();
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    let resends = 0;
    const { requests } = fakeNetwork(() => {
      resends += 1;
      return resends === 1
        ? json(200, { message: 'sent', res_status: 'OTP_SENT', expires_in: 600, resend_after_seconds: 30 })
        : json(429, { data: { ...errorBody(429, 'TOO_MANY_REQUESTS').data, time_in_seconds: 12 } });
    });
    const { track } = renderVerify();
    expect(await screen.findByText(/You can ask for a new code in 0:[0-3]\d/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(31_000);
    });
    expect(screen.queryByText(/You can ask for a new code/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('We sent a new code to +91 98765 43210.')).toBeInTheDocument();
    expect(requests[0]?.url).toContain('/api/user/resend/phone_number_otp/v1/');
    expect(track).toHaveBeenCalledWith('requested_otp', expect.objectContaining({ resend: true }));
    expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(31_000);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText(/You can ask for a new code in 0:(1\d|0[5-9])/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument();
  });
});
