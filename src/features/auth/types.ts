import type { TokenSetName, TokenSetResponse } from '@contract/user';
import type { AuthStatus } from './machine';

/** The marketing events of the sign-in (spec §1); the app passes the analytics feature's track. */
export type AuthAnalyticsEvent =
  | 'requested_otp'
  | 'signin_completed'
  | 'signup_completed'
  | 'user_login'
  | 'user_logout';
export type AuthTrack = (
  event: AuthAnalyticsEvent,
  properties?: Record<string, string | number | boolean | null | undefined>,
) => void;

export interface SignInCompletion {
  tokens: TokenSetResponse;
  tokenSet: TokenSetName;
  redirectPath: string;
  method: 'phone' | 'google';
  isNewUser: boolean;
}

export interface AuthSnapshot {
  status: AuthStatus;
  redirectPath: string | null;
  /** The main set's user id while signed in. */
  userId: string | null;
}
