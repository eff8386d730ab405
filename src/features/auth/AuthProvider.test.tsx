import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiEvents } from '@/api/events';
import { fakeNetwork, json, resetClient } from '@/api/test-helpers';
import { getTokens, setTokens } from '@/api/tokens';
import { getPendingSignIn, setPendingSignIn } from '@/state/session';
import { AuthProvider, type AuthTrack, useAuth } from './AuthProvider';

// Passed through, so a test can tell when the actor has started.
vi.mock('./runtime', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./runtime')>();
  return { ...actual, createAuthRuntime: vi.fn(actual.createAuthRuntime) };
});

function Probe() {
  const auth = useAuth();
  return (
    <>
      <p data-testid="status">{auth.status}</p>
      <p data-testid="user">{auth.userId ?? '-'}</p>
      <button type="button" onClick={() => void auth.logout()}>
        out
      </button>
    </>
  );
}

/** Counts its renders: one per change of the auth state it reads. */
function CountingProbe({ onRender }: { onRender: () => void }) {
  const auth = useAuth();
  onRender();
  return <p data-testid="status">{auth.status}</p>;
}

function mount() {
  const track = vi.fn<AuthTrack>();
  const onSignedOut = vi.fn();
  render(
    <AuthProvider track={track} onSignedOut={onSignedOut}>
      <Probe />
    </AuthProvider>,
  );
  return { track, onSignedOut };
}

const tokens = { accessToken: 'a.b.c', refreshToken: 'refresh-9', userId: 'u-9', expires: null };

beforeEach(() => {
  resetClient();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('AuthProvider', () => {
  it('starts unauthenticated without an access token (no profile user)', async () => {
    fakeNetwork(() => json(200, {}));
    mount();
    expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated');
    expect(screen.getByTestId('user')).toHaveTextContent('-');
  });

  it('over a prerendered page, stays signed out (auth runtime included) until the page is hydrated, then shows the kept session', async () => {
    setTokens('main', tokens);
    fakeNetwork(() => json(200, {}));
    let markHydrated: () => void = () => {};
    const hydrated = new Promise<void>((resolve) => {
      markHydrated = resolve;
    });
    // The auth runtime is loaded already, so nothing but the wait for hydration can hold the session back.
    await import('./runtime');
    render(
      <AuthProvider hydrated={hydrated}>
        <Probe />
      </AuthProvider>,
    );
    vi.useFakeTimers();
    try {
      // Everything the provider could have scheduled has run, and the session still waits for hydration.
      await act(() => vi.runAllTimersAsync());
    } finally {
      vi.useRealTimers();
    }
    expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated');
    await act(async () => markHydrated());
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent(/^authenticated$/));
    expect(screen.getByTestId('user')).toHaveTextContent('u-9');
  });

  it('renders the screens once for a kept session: the actor starting with the same session renders nothing again', async () => {
    setTokens('main', tokens);
    fakeNetwork(() => json(200, {}));
    let renders = 0;
    render(
      <AuthProvider>
        <CountingProbe onRender={() => renders++} />
      </AuthProvider>,
    );
    const { createAuthRuntime } = await import('./runtime');
    await waitFor(() => expect(createAuthRuntime).toHaveBeenCalled());
    await act(async () => {});
    expect(screen.getByTestId('status')).toHaveTextContent(/^authenticated$/);
    expect(renders).toBe(1);
  });

  it('starts authenticated with one; sign-out clears the main set, tells the server and tracks user_logout', async () => {
    setTokens('main', tokens);
    setTokens('forms', { ...tokens, accessToken: 'forms.token.x' });
    setPendingSignIn({
      phoneNumber: '9876543210',
      dialCode: '+91',
      isoCountryCode: 'IN',
      tokenSet: 'main',
      redirect: '/',
      resendAvailableAt: 0,
    });
    const { requests } = fakeNetwork(() => json(200, { message: 'Signed out', revoked: true }));
    const { track, onSignedOut } = mount();
    expect(screen.getByTestId('status')).toHaveTextContent('authenticated');
    expect(screen.getByTestId('user')).toHaveTextContent('u-9');

    act(() => screen.getByRole('button', { name: 'out' }).click());
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated'));
    expect(getTokens('main')).toBeNull();
    expect(getTokens('forms')?.accessToken).toBe('forms.token.x');
    expect(getPendingSignIn()).toBeNull();
    expect(track).toHaveBeenCalledWith('user_logout', { reason: 'signed-out' });
    expect(onSignedOut).toHaveBeenCalled();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.url).toContain('/api/user/logout/v1/');
    expect(requests[0]?.body).toEqual({ refresh_token: 'refresh-9' });
  });

  it('a refused refresh of the main set (apiEvents logout) signs the app out', async () => {
    setTokens('main', tokens);
    fakeNetwork(() => json(200, {}));
    const { track, onSignedOut } = mount();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    // The forms set ending says nothing about the shop's session.
    act(() => apiEvents.emit('logout', { tokenSet: 'forms', reason: 'refresh-failed' }));
    act(() => apiEvents.emit('logout', { tokenSet: 'main', reason: 'refresh-failed' }));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated'));
    expect(track).toHaveBeenCalledWith('user_logout', { reason: 'refresh-failed' });
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });
});
