import { errorBodySchema } from '@contract/common';
import {
  emailOtpSentResponseSchema,
  logoutResponseSchema,
  oidcCodeResponseSchema,
  oidcCredentialsResponseSchema,
  oidcLoginResponseSchema,
  oidcTokenResponseSchema,
  otpSentResponseSchema,
  otpSentV2ResponseSchema,
  profileResponseSchema,
  type SignUpDetailsRequest,
  type TokenSetName,
  type UpdateEmailRequest,
  type UserProfile,
  type VerifyPhoneOtpRequest,
  verifyPhoneOtpV2ResponseSchema,
} from '@contract/user';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { isApiError } from './errors';
import { getTokens } from './tokens';
import { PROFILE_QUERY_KEY } from './userKeys';

/*
 * The user service (spec §7 User service paths): its calls, query options and mutation options, shared by the
 * sign-in, the profile and the checkout. Shapes in contract/user.ts.
 */

export { PROFILE_QUERY_KEY };

export interface PhoneInput {
  phone_number: string;
  /** +91 */
  country_code: string;
  iso_country_code: string;
}

export function requestOtp(phone: PhoneInput) {
  return apiRequest({
    service: 'user',
    path: '/login/phone_number/v2/',
    method: 'POST',
    body: phone,
    auth: false,
    schema: otpSentV2ResponseSchema,
  });
}

export function resendOtp(phone: PhoneInput) {
  return apiRequest({
    service: 'user',
    path: '/resend/phone_number_otp/v1/',
    method: 'POST',
    body: phone,
    auth: false,
    schema: otpSentResponseSchema,
  });
}

export function verifyOtp(body: VerifyPhoneOtpRequest) {
  return apiRequest({
    service: 'user',
    path: '/verify/phone_number_otp/v2/',
    method: 'POST',
    body,
    auth: false,
    schema: verifyPhoneOtpV2ResponseSchema,
  });
}

export function submitSignUpDetails(body: SignUpDetailsRequest) {
  return apiRequest({
    service: 'user',
    path: '/sign_up/details/v1/',
    method: 'POST',
    body,
    auth: 'main',
    schema: profileResponseSchema,
  });
}

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

/* Mutations (useMutation(requestOtpMutation()) …) */

export const requestOtpMutation = () =>
  mutationOptions({ mutationKey: ['user', 'requestOtp'] as const, mutationFn: requestOtp });

export const resendOtpMutation = () =>
  mutationOptions({ mutationKey: ['user', 'resendOtp'] as const, mutationFn: resendOtp });

export const verifyOtpMutation = () =>
  mutationOptions({ mutationKey: ['user', 'verifyOtp'] as const, mutationFn: verifyOtp });

export const signUpDetailsMutation = () =>
  mutationOptions({
    mutationKey: ['user', 'signUpDetails'] as const,
    mutationFn: async (body: SignUpDetailsRequest) =>
      toClientProfile((await submitSignUpDetails(body)).profile),
  });

/* Social login (OpenID Connect, code + PKCE; the server holds the verifier). */

export const socialCredentialsQuery = () =>
  queryOptions({
    queryKey: ['auth', 'social-credentials'] as const,
    queryFn: ({ signal }) =>
      apiRequest({
        service: 'user',
        path: '/credentials/v1/',
        auth: false,
        signal,
        schema: oidcCredentialsResponseSchema,
      }),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function startSocialLogin(redirectPath: string) {
  // Signed in, the server links Google to this buyer; otherwise it is a plain sign-in.
  const signedIn = Boolean(getTokens('main'));
  return apiRequest({
    service: 'user',
    path: '/code/v1/',
    method: 'POST',
    body: { redirect_path: redirectPath },
    auth: signedIn ? 'main' : false,
    schema: oidcCodeResponseSchema,
  });
}

export function exchangeSocialCode(body: { code: string; state: string; flow_token: string }) {
  return apiRequest({
    service: 'user',
    path: '/token/v1/',
    method: 'POST',
    body,
    auth: false,
    schema: oidcTokenResponseSchema,
  });
}

export function socialLogin(socialTicket: string, tokenSet: TokenSetName) {
  return apiRequest({
    service: 'user',
    path: '/login/v1/',
    method: 'POST',
    body: { social_ticket: socialTicket, token_set: tokenSet },
    auth: 'main',
    optionalAuth: true,
    schema: oidcLoginResponseSchema,
  });
}

/* Errors */

/** The seconds a 429 asks to wait (time_in_seconds of the §8 body), if it says. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!isApiError(error) || error.httpStatusCode !== 429) return null;
  const body = errorBodySchema.safeParse(error.body);
  const seconds = body.success ? body.data.data.time_in_seconds : undefined;
  return typeof seconds === 'number' ? seconds : null;
}
