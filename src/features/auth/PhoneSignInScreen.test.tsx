import { webcrypto } from 'node:crypto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, fakeNetwork, json, resetClient } from '@/api/test-helpers';
import { navigationKeyMatches } from '@/lib/guard';
import { getPendingSignIn, setSocialTicket } from '@/state/session';
import { PhoneSignInScreen } from './PhoneSignInScreen';
import { renderScreen } from './testing.test-helpers';

const sent = {
  message: 'We sent a 6-digit code',
  res_status: 'OTP_SENT',
  expires_in: 600,
  resend_after_seconds: 30,
  is_registered: false,
  phone_number_with_country_code: '+919876543210',
};

beforeEach(() => {
  resetClient();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('PhoneSignInScreen', () => {
  it('starts on India (+91) and shows "Enter a valid mobile number" only once touched', async () => {
    fakeNetwork(() => json(200, sent));
    renderScreen(<PhoneSignInScreen tokenSet="main" redirect="/ibc-game" />, '/sign-in');
    expect(await screen.findByRole('combobox', { name: 'Country' })).toHaveTextContent('India (+91)');
    const input = screen.getByLabelText(/Mobile number/);
    const user = userEvent.setup();
    await user.type(input, '4876500001');
    expect(screen.queryByText('Enter a valid mobile number')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Enter a valid mobile number')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '9876543210');
    expect(screen.queryByText('Enter a valid mobile number')).not.toBeInTheDocument();
  });

  it('sends the code, keeps the sign-in in flight, tracks requested_otp and goes to /sign-in/verify', async () => {
    const { requests } = fakeNetwork(() => json(200, { ...sent, is_registered: true }));
    const { track, router } = renderScreen(
      <PhoneSignInScreen tokenSet="main" redirect="/ibc-game" />,
      '/sign-in',
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Mobile number/), '98765 43210');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/sign-in/verify'));
    expect(requests[0]?.url).toContain('/api/user/login/phone_number/v2/');
    expect(requests[0]?.body).toEqual({
      phone_number: '9876543210',
      country_code: '+91',
      iso_country_code: 'IN',
    });
    expect(getPendingSignIn()).toMatchObject({
      phoneNumber: '9876543210',
      redirect: '/ibc-game',
      tokenSet: 'main',
    });
    expect(track).toHaveBeenCalledWith('requested_otp', { country: 'india', token_set: 'main' });
    // The verify route's navigation key travels with this history entry (spec §2 guarded route).
    expect(navigationKeyMatches('sign-in-verify', router.state.location.state)).toBe(true);
  });

  it('a number not yet registered goes to the sign-up code step, /sign-in/sign-up/verify', async () => {
    fakeNetwork(() => json(200, sent));
    const { router } = renderScreen(<PhoneSignInScreen tokenSet="main" redirect="/ibc-game" />, '/sign-in');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Mobile number/), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/sign-in/sign-up/verify'));
    expect(navigationKeyMatches('sign-up-verify', router.state.location.state)).toBe(true);
    expect(getPendingSignIn()).toMatchObject({ phoneNumber: '9876543210', isRegistered: false });
  });

  it('a refusal naming the phone_number field shows under the number and keeps what was typed', async () => {
    fakeNetwork(() =>
      json(400, {
        data: {
          ...errorBody(400, 'INVALID_PHONE_NUMBER').data,
          message: 'We do not sell there yet',
          field: 'phone_number',
        },
      }),
    );
    renderScreen(<PhoneSignInScreen tokenSet="main" redirect="/" />, '/sign-in');
    const user = userEvent.setup();
    const input = await screen.findByLabelText(/Mobile number/);
    await user.type(input, '9876543210');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('We do not sell there yet')).toBeInTheDocument();
    expect(input).toHaveValue('9876543210');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.type(input, '{backspace}1');
    expect(screen.queryByText('We do not sell there yet')).not.toBeInTheDocument();
  });

  it('does not call the server with an invalid number', async () => {
    const { requests } = fakeNetwork(() => json(200, sent));
    renderScreen(<PhoneSignInScreen tokenSet="main" redirect="/" />, '/sign-in');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Mobile number/), '12345');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter a valid mobile number')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('a 429 shows the wait and keeps Continue off until it is over', async () => {
    fakeNetwork(() =>
      json(429, {
        data: {
          ...errorBody(429, 'TOO_MANY_REQUESTS').data,
          message: 'Please wait 20 seconds before asking for another code',
          time_in_seconds: 20,
        },
      }),
    );
    renderScreen(<PhoneSignInScreen tokenSet="main" redirect="/" />, '/sign-in');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Mobile number/), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/You can ask again in/)).toHaveTextContent('0:20');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('asked for a proof of work, says it is checking the connection, solves it and sends it with the number', async () => {
    // jsdom lacks the WebCrypto every browser has: the page gets Node's, the one the server's checks use too.
    vi.stubGlobal('crypto', webcrypto);
    const secrets = { hmacSignatureSecret: 'server-secret', hmacKeySignatureSecret: 'key-secret' };
    const challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1000,
      counter: 40,
      deriveKey,
      ...secrets,
    });
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { requests } = fakeNetwork(async (request) => {
      if (!(request.body as { altcha?: string }).altcha)
        return json(428, errorBody(428, 'CHALLENGE_REQUIRED', { challenge }));
      await answered;
      return json(200, sent);
    });
    renderScreen(<PhoneSignInScreen tokenSet="main" redirect="/ibc-game" />, '/sign-in');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Mobile number/), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const progress = await screen.findByText(/Checking your connection/);
    expect(progress).toHaveAttribute('role', 'status');
    expect(progress).toHaveTextContent('Checking your connection… This can take a few seconds.');
    await waitFor(() => expect(requests).toHaveLength(2));
    answer();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/sign-in/sign-up/verify'));
    expect(screen.queryByText(/Checking your connection/)).not.toBeInTheDocument();
    const { altcha, ...phone } = (requests[1]?.body ?? {}) as { altcha: string };
    expect(phone).toEqual({ phone_number: '9876543210', country_code: '+91', iso_country_code: 'IN' });
    const payload = JSON.parse(atob(altcha));
    expect(payload.challenge).toEqual(challenge);
    expect(payload.solution.counter).toBe(40);
    await expect(
      verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, ...secrets }),
    ).resolves.toMatchObject({ verified: true });
  });

  it('shows why a proof of work was refused and keeps the number', async () => {
    vi.stubGlobal('crypto', webcrypto);
    const challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1000,
      counter: 3,
      deriveKey,
      hmacSignatureSecret: 'server-secret',
    });
    fakeNetwork((request) =>
      (request.body as { altcha?: string }).altcha
        ? json(400, {
            data: {
              ...errorBody(400, 'BAD_REQUEST').data,
              message: 'This connection check was already used. Please try again.',
              field: 'altcha',
            },
          })
        : json(428, errorBody(428, 'CHALLENGE_REQUIRED', { challenge })),
    );
    renderScreen(<PhoneSignInScreen tokenSet="main" redirect="/" />, '/sign-in');
    const user = userEvent.setup();
    const input = await screen.findByLabelText(/Mobile number/);
    await user.type(input, '9876543210');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('This connection check was already used. Please try again.'),
    ).toBeInTheDocument();
    expect(input).toHaveValue('9876543210');
    expect(screen.queryByText(/Checking your connection/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('carries a Google social ticket into the pending sign-in', async () => {
    setSocialTicket({ ticket: 'tkt', redirect: '/', tokenSet: 'main', name: 'A', email: 'a@example.com' });
    fakeNetwork(() => json(200, sent));
    renderScreen(<PhoneSignInScreen tokenSet="main" redirect="/" />, '/sign-in');
    expect(await screen.findByText(/finish signing in with Google/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Mobile number/), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(getPendingSignIn()?.socialTicket).toBe('tkt'));
  });
});
