import { errorBodySchema } from '@contract/common';
import {
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
  type VerifyPhoneOtpRequest,
  verifyPhoneOtpV2ResponseSchema,
} from '@contract/user';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { isApiError } from '@/api/errors';
import { getTokens } from '@/api/tokens';

/* The user service calls of the sign-in (spec §7 User service paths); shapes in contract/user.ts. */

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

/** A sentence to show the buyer for a failed call. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.isNetworkError) return 'You are offline. Check your connection and try again.';
    return error.message || error.description;
  }
  return 'Something went wrong. Please try again.';
}
