import { errorBodySchema } from '@contract/common';
import {
  oidcCodeResponseSchema,
  oidcCredentialsResponseSchema,
  oidcLoginResponseSchema,
  oidcTokenResponseSchema,
  otpSentResponseSchema,
  otpSentV2ResponseSchema,
  profileResponseSchema,
  type SignUpDetailsRequest,
  type TokenSetName,
  USER_RES_STATUS,
  type VerifyPhoneOtpRequest,
  verifyPhoneOtpV2ResponseSchema,
} from '@contract/user';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { toClientProfile } from './account';
import { apiRequest } from './client';
import { isApiError } from './errors';
import { getTokens } from './tokens';

/*
 * The user service (spec §7 User service paths): its calls, query options and mutation options, shared by the
 * sign-in and the sign-up details. Shapes in contract/user.ts; the profile and the e-mail's code are in ./account.
 */

export interface PhoneInput {
  phone_number: string;
  /** +91 */
  country_code: string;
  iso_country_code: string;
}

export interface SendCodeOptions {
  /** The server asked for a proof of work before it sends the code: it is being solved now. */
  onChallenge?: () => void;
}

/**
 * Asks for a code; when the server first wants a proof of work (a new number while it sends many: 428
 * CHALLENGE_REQUIRED), solves it and asks again with the solution. The solver loads only then.
 */
async function sendCode<T>(send: (altcha?: string) => Promise<T>, options: SendCodeOptions): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!isApiError(error) || error.resStatus !== USER_RES_STATUS.CHALLENGE_REQUIRED) throw error;
    options.onChallenge?.();
    const { solveChallengeOf } = await import('./powChallenge');
    return send(await solveChallengeOf(error));
  }
}

export function requestOtp(phone: PhoneInput, options: SendCodeOptions = {}) {
  return sendCode(
    (altcha) =>
      apiRequest({
        service: 'user',
        path: '/login/phone_number/v2/',
        method: 'POST',
        // JSON leaves an undefined altcha out.
        body: { ...phone, altcha },
        auth: false,
        schema: otpSentV2ResponseSchema,
      }),
    options,
  );
}

export function resendOtp(phone: PhoneInput, options: SendCodeOptions = {}) {
  return sendCode(
    (altcha) =>
      apiRequest({
        service: 'user',
        path: '/resend/phone_number_otp/v1/',
        method: 'POST',
        // JSON leaves an undefined altcha out.
        body: { ...phone, altcha },
        auth: false,
        schema: otpSentResponseSchema,
      }),
    options,
  );
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

/* Mutations (useMutation(requestOtpMutation()) …) */

export const requestOtpMutation = (options: SendCodeOptions = {}) =>
  mutationOptions({
    mutationKey: ['user', 'requestOtp'] as const,
    mutationFn: (phone: PhoneInput) => requestOtp(phone, options),
  });

export const resendOtpMutation = (options: SendCodeOptions = {}) =>
  mutationOptions({
    mutationKey: ['user', 'resendOtp'] as const,
    mutationFn: (phone: PhoneInput) => resendOtp(phone, options),
  });

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
