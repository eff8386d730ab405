import type { TokenSetName, TokenSetResponse, UserProfile } from '@contract/user';
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

/** Who signed in, for the marketing users/push (spec §7); the app passes the analytics feature's identify. */
export interface AuthIdentity {
  userId: string;
  phoneNumber?: string | null;
  email?: string | null;
  name?: string | null;
  countryCode?: string | null;
}
export type AuthIdentify = (identity: AuthIdentity) => void;

export interface SignInCompletion {
  tokens: TokenSetResponse;
  /** The profile the code's answer carried (the phone sign-in); the social one has none. */
  profile?: UserProfile | null;
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
