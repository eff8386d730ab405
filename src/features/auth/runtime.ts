import { createActor } from 'xstate';
import { revokeSession } from '@/api/account';
import { clearTokens, getTokens, setTokens, tokenSetFromResponse } from '@/api/tokens';
import { clearSignInFlow } from '@/state/session';
import { type AuthStatus, authMachine } from './machine';
import type { AuthIdentify, AuthSnapshot, AuthTrack, SignInCompletion } from './types';

/*
 * The app's one auth actor and what drives it. Loaded after the first paint (AuthProvider), so the shell's first
 * script carries neither xstate nor the HTTP client and its schemas.
 */

export interface AuthRuntimeOptions {
  hasAccessToken: boolean;
  onChange: (snapshot: AuthSnapshot) => void;
  track: () => AuthTrack;
  identify: () => AuthIdentify;
  onSignedOut: () => void;
}

export function createAuthRuntime({
  hasAccessToken,
  onChange,
  track,
  identify,
  onSignedOut,
}: AuthRuntimeOptions) {
  const actor = createActor(authMachine, { input: { hasAccessToken } });
  actor.subscribe((snapshot) => {
    const status = snapshot.value as AuthStatus;
    onChange({
      status,
      redirectPath: snapshot.context.redirectPath,
      userId: status === 'authenticated' ? (getTokens('main')?.userId ?? null) : null,
    });
  });
  actor.start();

  const signedOut = (reason: string) => {
    if (actor.getSnapshot().value !== 'unauthenticated') track()('user_logout', { reason });
    actor.send({ type: 'LOGOUT' });
    onSignedOut();
  };

  return {
    actor,
    otpRequested: () => actor.send({ type: 'OTP_REQUESTED' }),
    cancelLogin: () => actor.send({ type: 'LOGIN_CANCELLED' }),
    completeSignIn({ tokens, profile, tokenSet, redirectPath, method, isNewUser }: SignInCompletion) {
      setTokens(tokenSet, tokenSetFromResponse(tokens));
      track()('signin_completed', { method, token_set: tokenSet, is_new_user: isNewUser });
      if (tokenSet !== 'main') return;
      actor.send({ type: 'LOGIN', redirectPath });
      identify()({
        userId: tokens.user_id,
        phoneNumber: profile ? `${profile.country_code}${profile.phone_number}` : null,
        email: profile?.email ?? null,
        name: profile?.name ?? null,
        countryCode: profile?.iso_country_code ?? null,
      });
      track()('user_login', { method, user_id: tokens.user_id });
    },
    /** Signs out at once; the server is told in the background (best effort). */
    logout() {
      const tokens = getTokens('main');
      clearTokens('main');
      clearSignInFlow();
      signedOut('signed-out');
      if (tokens) revokeSession(tokens).catch(() => undefined);
    },
    /** The client already dropped the main set (a refused refresh): the app follows. */
    sessionEnded(reason: string) {
      signedOut(reason);
    },
  };
}

export type AuthRuntime = ReturnType<typeof createAuthRuntime>;
