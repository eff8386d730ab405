import {
  emailOtpSentResponseSchema,
  logoutResponseSchema,
  profileResponseSchema,
  type UpdateEmailRequest,
  type UserProfile,
} from '@contract/account';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { PROFILE_QUERY_KEY } from './userKeys';

/*
 * The signed-in buyer's account on the user service (spec §7 User service paths): the profile, the e-mail's
 * verification and signing out, shared by the profile, the checkout and the session. The sign-in's calls are in ./user.
 */

export { PROFILE_QUERY_KEY };

/* The profile */

/** The client-side view of the user profile (spec §3 User profile). */
export interface ClientProfile {
  name: string;
  email: string;
  isEmailVerified: boolean;
  /** National number, digits only. */
  phoneNumber: string;
  /** +91 */
  dialCode: string;
  /** +919876543210 */
  phoneNumberWithCountryCode: string;
}

export function toClientProfile(profile: UserProfile): ClientProfile {
  const dialCode = profile.country_code.startsWith('+') ? profile.country_code : `+${profile.country_code}`;
  return {
    name: profile.name ?? '',
    email: profile.email ?? '',
    isEmailVerified: profile.is_email_verified,
    phoneNumber: profile.phone_number,
    dialCode,
    phoneNumberWithCountryCode: `${dialCode}${profile.phone_number}`,
  };
}

export const profileQuery = (userId: string) =>
  queryOptions({
    queryKey: [...PROFILE_QUERY_KEY, userId] as const,
    queryFn: async ({ signal }) => {
      const { profile } = await apiRequest({
        service: 'user',
        path: '/profile/v1/',
        auth: 'main',
        signal,
        schema: profileResponseSchema,
      });
      return toClientProfile(profile);
    },
    staleTime: 5 * 60_000,
  });

/* The e-mail and its code (spec §4 E-mail verification) */

/** Replaces the buyer's e-mail; the new one is unverified until its code is entered. */
export async function updateEmail(body: UpdateEmailRequest): Promise<ClientProfile> {
  const { profile } = await apiRequest({
    service: 'user',
    path: '/user_account/email/update/v1/',
    method: 'POST',
    body,
    auth: 'main',
    schema: profileResponseSchema,
  });
  return toClientProfile(profile);
}

/** Sends a code to the profile's e-mail (no payload: the server reads the address from the profile). */
export function requestEmailOtp() {
  return apiRequest({
    service: 'user',
    path: '/user_account/email/verify/request_otp/v1/',
    auth: 'main',
    schema: emailOtpSentResponseSchema,
  });
}

/** Checks the e-mail code; answers the profile, now with the e-mail verified. */
export async function verifyEmailOtp(body: { otp: string }): Promise<ClientProfile> {
  const { profile } = await apiRequest({
    service: 'user',
    path: '/verify/email_otp/v1/',
    method: 'POST',
    body,
    auth: 'main',
    schema: profileResponseSchema,
  });
  return toClientProfile(profile);
}

/* Signing out */

/** Revokes the session on the server; the refresh token in the body works even with an expired access token. */
export function revokeSession(tokens: { accessToken: string; refreshToken: string }) {
  return apiRequest({
    service: 'user',
    path: '/logout/v1/',
    method: 'POST',
    body: tokens.refreshToken ? { refresh_token: tokens.refreshToken } : {},
    auth: false,
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
    schema: logoutResponseSchema,
  });
}
