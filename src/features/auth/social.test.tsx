import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, json, resetClient } from '@/api/test-helpers';
import { getTokens } from '@/api/tokens';
import { pageLoad } from '@/lib/pageLoad';
import { getSocialFlow, getSocialTicket, setSocialFlow } from '@/state/session';
import { GoogleSignInButton } from './GoogleSignInButton';
import { SocialCallbackScreen } from './SocialCallbackScreen';
import { renderScreen } from './testing.test-helpers';

const enabled = {
  enabled: true,
  provider: 'google',
  issuer: 'https://accounts.google.com',
  client_id: 'cid',
  authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
  redirect_uri: 'http://localhost/sign-in/google/callback',
  scopes: ['openid', 'email'],
  response_type: 'code',
  code_challenge_method: 'S256',
};

beforeEach(() => {
  resetClient();
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Continue with Google', () => {
  it('is not shown when the shop has no social login', async () => {
    const { requests } = fakeNetwork(() => json(200, { enabled: false, message: 'off' }));
    renderScreen(<GoogleSignInButton redirect="/" tokenSet="main" />, '/sign-in');
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /Continue with Google/ })).not.toBeInTheDocument();
  });

  it('starts the flow: keeps flow_token in this tab and leaves for the provider', async () => {
    const assign = vi.spyOn(pageLoad, 'assign').mockImplementation(() => {});
    const { requests } = fakeNetwork((r) =>
      r.url.includes('/credentials/v1/')
        ? json(200, enabled)
        : json(200, {
            authorization_url: 'https://idp.example/auth?x=1',
            state: 'st',
            flow_token: 'ft',
            expires_in: 600,
          }),
    );
    renderScreen(<GoogleSignInButton redirect="/ibc-game" tokenSet="main" />, '/sign-in');
    await userEvent.click(await screen.findByRole('button', { name: /Continue with Google/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example/auth?x=1'));
    expect(requests[1]?.url).toContain('/api/user/code/v1/');
    expect(requests[1]?.body).toEqual({ redirect_path: '/ibc-game' });
    expect(getSocialFlow()).toEqual({
      flowToken: 'ft',
      state: 'st',
      redirect: '/ibc-game',
      tokenSet: 'main',
    });
  });
});

describe('the Google callback', () => {
  const ticket = {
    social_ticket: 'tkt',
    expires_in: 900,
    linked: true,
    email: 'asha@example.com',
    email_verified: true,
    name: 'Asha',
  };

  it('LOGGED_IN: keeps the tokens, signs in and returns where the buyer started', async () => {
    setSocialFlow({ flowToken: 'ft', state: 'st', redirect: '/ibc-game', tokenSet: 'main' });
    const { requests } = fakeNetwork((r) =>
      r.url.includes('/token/v1/')
        ? json(200, ticket)
        : json(200, {
            status: 'LOGGED_IN',
            access_token: 'g.a.t',
            refresh_token: 'gr',
            user_id: 'u-5',
            expires_in: 900,
            token_type: 'Bearer',
            is_new_user: false,
            linked_now: false,
          }),
    );
    const { track } = renderScreen(
      <SocialCallbackScreen code="c0de" state="st" />,
      '/sign-in/google/callback',
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/ibc-game'));
    expect(requests[0]?.body).toEqual({ code: 'c0de', state: 'st', flow_token: 'ft' });
    expect(requests[1]?.body).toEqual({ social_ticket: 'tkt', token_set: 'main' });
    expect(getTokens('main')?.accessToken).toBe('g.a.t');
    expect(getSocialFlow()).toBeNull();
    expect(track).toHaveBeenCalledWith('user_login', expect.objectContaining({ method: 'google' }));
  });

  it('PHONE_NUMBER_REQUIRED: keeps the ticket and goes to the phone sign-in', async () => {
    setSocialFlow({ flowToken: 'ft', state: 'st', redirect: '/ibc-game', tokenSet: 'main' });
    fakeNetwork((r) =>
      r.url.includes('/token/v1/')
        ? json(200, { ...ticket, linked: false })
        : json(200, {
            status: 'PHONE_NUMBER_REQUIRED',
            message: 'Enter your phone number',
            social_ticket: 'tkt',
            email: 'asha@example.com',
            name: 'Asha',
          }),
    );
    renderScreen(<SocialCallbackScreen code="c0de" state="st" />, '/sign-in/google/callback');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/sign-in?redirect=%2Fibc-game'),
    );
    expect(getSocialTicket()).toMatchObject({ ticket: 'tkt', redirect: '/ibc-game', tokenSet: 'main' });
    expect(getTokens('main')).toBeNull();
  });

  it('a state that does not match this tab’s flow is refused without calling the server', async () => {
    setSocialFlow({ flowToken: 'ft', state: 'st', redirect: '/', tokenSet: 'main' });
    const { requests } = fakeNetwork(() => json(500));
    renderScreen(<SocialCallbackScreen code="c0de" state="forged" />, '/sign-in/google/callback');
    expect(await screen.findByText(/could not be finished/)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
