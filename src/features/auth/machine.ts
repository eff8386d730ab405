import { assign, setup } from 'xstate';

/*
 * The authentication machine of spec §4 "Authentication":
 * - states unauthenticated and authenticated, and login: a sign-in in flight (a code was sent, not yet verified);
 * - LOGIN moves to authenticated and stores an optional redirect path; LOGOUT moves to unauthenticated;
 * - the initial state depends on whether an access token exists: `booting` reads input.hasAccessToken and
 *   leaves at once, before anything renders.
 * It speaks for the main token set only (the shop's own session); the forms set of /f/sign-in lives beside it.
 */

export interface AuthContext {
  /** Where the buyer goes after signing in (a same-origin path), if any. */
  redirectPath: string | null;
}

export type AuthEvent =
  | { type: 'OTP_REQUESTED' }
  | { type: 'LOGIN_CANCELLED' }
  | { type: 'LOGIN'; redirectPath?: string | null }
  | { type: 'LOGOUT' };

export interface AuthInput {
  hasAccessToken: boolean;
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext & { hadAccessToken: boolean },
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  guards: {
    hasAccessToken: ({ context }) => context.hadAccessToken,
  },
  actions: {
    storeRedirectPath: assign(({ event }) => ({
      redirectPath: event.type === 'LOGIN' ? (event.redirectPath ?? null) : null,
    })),
    clearRedirectPath: assign({ redirectPath: null }),
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ redirectPath: null, hadAccessToken: input.hasAccessToken }),
  initial: 'booting',
  states: {
    booting: {
      always: [{ guard: 'hasAccessToken', target: 'authenticated' }, { target: 'unauthenticated' }],
    },
    unauthenticated: {
      on: {
        OTP_REQUESTED: 'login',
        LOGIN: { target: 'authenticated', actions: 'storeRedirectPath' },
      },
    },
    login: {
      on: {
        LOGIN: { target: 'authenticated', actions: 'storeRedirectPath' },
        LOGIN_CANCELLED: 'unauthenticated',
        // A new code for another number keeps the sign-in in flight.
        OTP_REQUESTED: 'login',
      },
    },
    authenticated: {
      on: {
        LOGOUT: { target: 'unauthenticated', actions: 'clearRedirectPath' },
        // Signing in again (another account) replaces the session and its redirect.
        LOGIN: { target: 'authenticated', actions: 'storeRedirectPath' },
      },
    },
  },
  on: {
    LOGOUT: { target: '.unauthenticated', actions: 'clearRedirectPath' },
  },
});

export type AuthStatus = 'unauthenticated' | 'login' | 'authenticated';
