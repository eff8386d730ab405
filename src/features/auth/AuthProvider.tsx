import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { readTokenCookie } from '@/api/cookies';
import { apiEvents } from '@/api/events';
import { importInSteps } from '@/lib/yieldToMain';
import type { AuthRuntime } from './runtime';
import type { AuthAnalyticsEvent, AuthIdentify, AuthSnapshot, AuthTrack, SignInCompletion } from './types';

export type { AuthAnalyticsEvent, AuthIdentify, AuthIdentity, AuthTrack, SignInCompletion } from './types';

export interface AuthContextValue extends AuthSnapshot {
  signedIn: boolean;
  track: AuthTrack;
  /** A code was sent for the main session: the sign-in is in flight. */
  otpRequested: () => Promise<void>;
  cancelLogin: () => Promise<void>;
  /** Keeps the new token set in its cookies; for the main set, signs the app in (LOGIN). Await it before navigating. */
  completeSignIn: (completion: SignInCompletion) => Promise<void>;
  /** Signs out at once; the server is told in the background (best effort). */
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export interface AuthProviderProps {
  children: ReactNode;
  track?: AuthTrack;
  /** The marketing users/push after a sign-in to the main set. */
  identify?: AuthIdentify;
  /** Runs after the main session ended (sign-out, or a refused refresh): drop the buyer's cached data. */
  onSignedOut?: () => void;
  /**
   * The app is taking over a page prerendered for a signed-out visitor: it renders signed out (as the page was
   * prerendered) until this promise settles (the page is hydrated), then shows the kept session, if any.
   */
  hydrated?: Promise<void>;
}

const SIGNED_OUT: AuthSnapshot = { status: 'unauthenticated', redirectPath: null, userId: null };

const noTrack: AuthTrack = () => undefined;
const noIdentify: AuthIdentify = () => undefined;

function bootSnapshot(): AuthSnapshot {
  const signedIn = Boolean(readTokenCookie('main', 'access_token'));
  return {
    status: signedIn ? 'authenticated' : 'unauthenticated',
    redirectPath: null,
    userId: signedIn ? (readTokenCookie('main', 'user_id') ?? null) : null,
  };
}

function sameSnapshot(a: AuthSnapshot, b: AuthSnapshot): boolean {
  return a.status === b.status && a.redirectPath === b.redirectPath && a.userId === b.userId;
}

/**
 * One auth actor for the whole app (spec §4), started from whether an access token is kept. The first paint uses
 * the same answer read from the cookie; the actor (xstate, the HTTP client) loads right after it when a session is
 * kept, and on the first sign-in step otherwise.
 */
export function AuthProvider({
  children,
  track = noTrack,
  identify = noIdentify,
  onSignedOut,
  hydrated,
}: AuthProviderProps) {
  const [snapshot, setSnapshot] = useState<AuthSnapshot>(() => (hydrated ? SIGNED_OUT : bootSnapshot()));
  const [hydratedAtMount] = useState(hydrated);
  const latest = useRef({ track, identify, onSignedOut });
  latest.current = { track, identify, onSignedOut };
  const runtimeRef = useRef<Promise<AuthRuntime> | null>(null);

  const runtime = useCallback((): Promise<AuthRuntime> => {
    // zod and the account API evaluate in tasks of their own before the actor's chunk: together they are a long task.
    runtimeRef.current ??= importInSteps([() => import('@/lib/zodStep'), () => import('@/api/account')])
      .then(() => import('./runtime'))
      .then(({ createAuthRuntime }) =>
        createAuthRuntime({
          hasAccessToken: Boolean(readTokenCookie('main', 'access_token')),
          // The actor's first snapshot is usually the session the cookie already showed: every screen that reads the
          // auth state would render again for nothing.
          onChange: (next) => setSnapshot((current) => (sameSnapshot(current, next) ? current : next)),
          track: () => latest.current.track,
          identify: () => latest.current.identify,
          onSignedOut: () => latest.current.onSignedOut?.(),
        }),
      );
    return runtimeRef.current;
  }, []);

  useEffect(() => {
    let live = true;
    // A signed-out visit needs the actor only when the buyer signs in (loaded then); a kept session starts it now.
    // Over a prerendered page (rendered signed out) that waits until the page is hydrated, so nothing reaches the
    // page before then, and the session shows from the cookie while the actor loads. A visitor without a session
    // keeps the same snapshot, so nothing renders again.
    void (hydratedAtMount ?? Promise.resolve()).then(() => {
      if (!live || !readTokenCookie('main', 'access_token')) return;
      if (hydratedAtMount) setSnapshot((current) => (current === SIGNED_OUT ? bootSnapshot() : current));
      void runtime();
    });
    // A refused refresh already dropped the main set (src/api/client.ts): the app follows.
    const stopListening = apiEvents.on('logout', ({ tokenSet, reason }) => {
      if (tokenSet === 'main') void runtime().then((r) => r.sessionEnded(reason));
    });
    return () => {
      live = false;
      stopListening();
    };
  }, [runtime, hydratedAtMount]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...snapshot,
      signedIn: snapshot.status === 'authenticated',
      track: (event: AuthAnalyticsEvent, properties) => latest.current.track(event, properties),
      otpRequested: async () => (await runtime()).otpRequested(),
      cancelLogin: async () => (await runtime()).cancelLogin(),
      completeSignIn: async (completion) => (await runtime()).completeSignIn(completion),
      logout: async () => (await runtime()).logout(),
    }),
    [snapshot, runtime],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an <AuthProvider> above it');
  return value;
}
