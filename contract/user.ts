import { z } from 'zod';
import {
  dialCodeSchema,
  emailSchema,
  GENDERS,
  isoCountryCodeSchema,
  otpSchema,
  otpSentResponseSchema,
  phoneNumberSchema,
  USER_RES_STATUS,
  userProfileSchema,
} from './account';
import { DOB_MIN, NAME_PATTERN } from './patterns';
import { tokenSetResponseSchema, tokenSetSchema } from './tokens';

/*
 * The user service on the wire (spec §1 sign-in, §3 User profile, §6 token sets, §7 "Token refresh" and
 * "User service paths"), mounted under /api/user; the forms-side refresh sits under /api/forms.
 * Field names are the spec's snake_case. Where the spec leaves a method or a shape out, the choice made here is
 * written beside the schema.
 *
 * Errors are spec §8's body. The ones a client branches on:
 * - an access token that is expired, malformed, signed with another key or whose session was revoked:
 *   400 with res_status INVALID_TOKEN (one of §8's expired-token rules, so the client refreshes once and
 *   retries). A call without any Authorization header: 401 UNAUTHORIZED (nothing to refresh).
 * - a refused refresh (unknown, expired, revoked, or an already-rotated refresh token, which also revokes
 *   its whole family unless it comes back within the short grace window, where it gets the same rotated
 *   pair): 401 with res_status SESSION_EXPIRED; the client logs the buyer out.
 * - a wrong one-time code: 400 INVALID_OTP (field otp); an expired code: 400 OTP_EXPIRED; a code tried
 *   too often: 400 OTP_ATTEMPTS_EXCEEDED; asking again too soon or too often: 429 TOO_MANY_REQUESTS with
 *   time_in_seconds (also the Retry-After header).
 * - asking for a code for a new number while the shop sends many: 428 CHALLENGE_REQUIRED with a challenge
 *   (proof of work) to solve and send back as altcha; a wrong, expired or reused solution: 400 (field altcha).
 * - another buyer's data: 403 FORBIDDEN. Social login not configured: 404 SOCIAL_LOGIN_DISABLED.
 */

// The token sets and the refresh call live in ./tokens (the HTTP client needs only those), the profile and the
// e-mail's code in ./account (a signed-in page needs only those); both are re-exported here.
export * from './account';
export * from './tokens';

/* ----------------------------------------------------------------------------------------------------------
 * Phone numbers and codes
 * -------------------------------------------------------------------------------------------------------- */

/**
 * The phone number a code is sent to. It is checked for the country with libphonenumber-js, and an Indian
 * number must be a mobile (spec §5). iso_country_code picks the region when a dial code has several (+1).
 */
export const phoneRequestSchema = z.object({
  phone_number: phoneNumberSchema,
  country_code: dialCodeSchema,
  iso_country_code: isoCountryCodeSchema.optional(),
});
export type PhoneRequest = z.input<typeof phoneRequestSchema>;

/**
 * Asking for a code (login v1/v2, resend, login_or_register without otp). altcha is the solved proof of work of a
 * 428 CHALLENGE_REQUIRED answer: base64 of JSON { challenge, solution }, as ALTCHA clients send it.
 */
export const sendCodeRequestSchema = phoneRequestSchema.extend({
  altcha: z.string().trim().min(1).max(4096).optional(),
});
export type SendCodeRequest = z.input<typeof sendCodeRequestSchema>;

/**
 * POST /login/phone_number/v2/: as v1, plus whether the number already has an account (the client shows the
 * sign-up path for a new number). Rate limited like v1.
 */
export const otpSentV2ResponseSchema = otpSentResponseSchema.extend({
  is_registered: z.boolean(),
  /** The number as E.164, e.g. +919876543210. */
  phone_number_with_country_code: z.string(),
});
export type OtpSentV2Response = z.infer<typeof otpSentV2ResponseSchema>;

/* ----------------------------------------------------------------------------------------------------------
 * Tokens (the sets and the user-service refresh are in ./tokens)
 * -------------------------------------------------------------------------------------------------------- */

/**
 * POST /api/forms/auth/refresh_tokens/v1/: the forms token set's refresh. The refresh token comes in the body
 * (as the client sends it), or, without a body, as `Authorization: Bearer <forms refresh token>`. An access
 * token in the Authorization header beside a body is ignored. Answers the same fields as the user service.
 */
export const formsRefreshTokensRequestSchema = z
  .object({ refresh_token: z.string().trim().min(1).max(200).optional() })
  .nullish();

/* ----------------------------------------------------------------------------------------------------------
 * Verifying the code
 * -------------------------------------------------------------------------------------------------------- */

/**
 * POST /verify/phone_number_otp/v1/ and v2: the phone number and its code. token_set picks the set to issue
 * (default main; /f/sign-in asks for forms). social_ticket, from /login/v1/'s PHONE_NUMBER_REQUIRED answer,
 * links that Google identity to this phone account once the code is right.
 */
export const verifyPhoneOtpRequestSchema = phoneRequestSchema.extend({
  otp: otpSchema,
  token_set: tokenSetSchema.optional(),
  social_ticket: z.string().trim().min(1).max(200).optional(),
});
export type VerifyPhoneOtpRequest = z.input<typeof verifyPhoneOtpRequestSchema>;

/** v1 answer: the token set, and whether this code created the account (then the sign-up details step follows). */
export const verifyPhoneOtpResponseSchema = tokenSetResponseSchema.extend({ is_new_user: z.boolean() });
export type VerifyPhoneOtpResponse = z.infer<typeof verifyPhoneOtpResponseSchema>;

/* ----------------------------------------------------------------------------------------------------------
 * The profile (spec §3 User profile)
 * -------------------------------------------------------------------------------------------------------- */

/** v2 answer: v1 plus the buyer's profile, so the client need not fetch it separately. */
export const verifyPhoneOtpV2ResponseSchema = verifyPhoneOtpResponseSchema.extend({
  profile: userProfileSchema,
});
export type VerifyPhoneOtpV2Response = z.infer<typeof verifyPhoneOtpV2ResponseSchema>;

/** Spec §5: names are letters and spaces only. */
const nameSchema = z
  .string()
  .trim()
  .min(1, 'Enter your name')
  .max(100, 'Keep the name under 100 characters')
  .regex(NAME_PATTERN, 'Use letters and spaces only');
/** Today's date where it is already tomorrow (UTC+14), so nobody born "today" anywhere is refused. */
function latestToday(): string {
  return new Date(Date.now() + 14 * 3600 * 1000).toISOString().slice(0, 10);
}
const dobSchema = z.iso
  .date('Use the date format yyyy-MM-dd')
  .refine((v) => v >= DOB_MIN, `Enter a date of birth after ${DOB_MIN}`)
  .refine((v) => v <= latestToday(), 'A date of birth cannot be in the future');
const genderSchema = z
  .string()
  .max(32)
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(GENDERS, { error: `Choose one of ${GENDERS.join(', ')}` }));
const profilePicUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Use an http(s) picture address' })
  .max(2048);
const languageSchema = z
  .string()
  .trim()
  .max(35, 'Use a language tag such as en or hi-IN')
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'Use a language tag such as en or hi-IN');

/**
 * POST /profile/v1/ and POST /user_profile/update/v1/: any of the fields; absent fields keep their value,
 * null clears an optional one. A changed e-mail becomes unverified. The phone number is the sign-in identity:
 * phone_number and country_code are accepted only when they equal the current ones (changing them needs a code).
 * user_id, when given, must be the caller's own (403 otherwise).
 */
/** A buyer's id as the server issues it. */
const userIdSchema = z.string().max(64);

export const profileUpdateRequestSchema = z.object({
  user_id: userIdSchema.optional(),
  name: nameSchema.optional(),
  email: emailSchema.nullable().optional(),
  gender: genderSchema.nullable().optional(),
  dob: dobSchema.nullable().optional(),
  phone_number: phoneNumberSchema.optional(),
  country_code: dialCodeSchema.optional(),
  profile_pic_url: profilePicUrlSchema.nullable().optional(),
  language_preference: languageSchema.nullable().optional(),
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

/** GET /user_profile/get/v1/?user_id=: user_id is optional and must be the caller's own (403 otherwise). */
export const profileQuerySchema = z.object({ user_id: userIdSchema.optional() });

/** POST /sign_up/details/v1/ (authenticated): the new buyer's details; name is required. Answers { profile }. */
export const signUpDetailsRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema.optional(),
  gender: genderSchema.optional(),
  dob: dobSchema.optional(),
  language_preference: languageSchema.optional(),
});
export type SignUpDetailsRequest = z.input<typeof signUpDetailsRequestSchema>;

/**
 * POST /login_or_register/v1/: one call for both steps. Without otp it sends a code and answers as
 * /login/phone_number/v2/; with otp it verifies and answers as /verify/phone_number_otp/v1/.
 */
export const loginOrRegisterRequestSchema = sendCodeRequestSchema.extend({
  otp: otpSchema.optional(),
  token_set: tokenSetSchema.optional(),
});
export const loginOrRegisterResponseSchema = z.union([verifyPhoneOtpResponseSchema, otpSentV2ResponseSchema]);

/* ----------------------------------------------------------------------------------------------------------
 * States and districts (spec §3 State option: label state_name, value state_name_enum, in states_details)
 * -------------------------------------------------------------------------------------------------------- */

export const stateSchema = z.object({
  state_name: z.string(),
  state_name_enum: z.string(),
  is_union_territory: z.boolean(),
});
/** GET /states/v1/: India's 28 states and 8 union territories, by name. Cacheable for a day. */
export const statesResponseSchema = z.object({ states_details: z.array(stateSchema) });
export type StatesResponse = z.infer<typeof statesResponseSchema>;

/** GET /districts/v1/?state=KERALA (state_name_enum; a state name is accepted too). */
export const districtsQuerySchema = z.object({
  state: z.string().trim().min(1, 'Choose a state').max(64, 'Choose a state'),
});
export const districtsResponseSchema = z.object({
  state_name: z.string(),
  state_name_enum: z.string(),
  /** Empty for a state whose districts are not loaded yet. */
  districts_details: z.array(z.object({ district_name: z.string() })),
});
export type DistrictsResponse = z.infer<typeof districtsResponseSchema>;

/* ----------------------------------------------------------------------------------------------------------
 * Social login: OpenID Connect, authorization code with PKCE (S256), against OIDC_ISSUER (Google in production)
 *
 * 1. GET  /credentials/v1/ → the public client configuration (or enabled: false).
 * 2. POST /code/v1/        → authorization_url (state, nonce and code_challenge inside) and a flow_token; the
 *                            client keeps flow_token (sessionStorage) and sends the buyer to authorization_url.
 *                            With a Bearer access token, the flow links Google to that signed-in buyer.
 * 3. The issuer redirects to OIDC_REDIRECT_URI?code&state.
 * 4. POST /token/v1/       → { code, state, flow_token }: the server exchanges the code with its PKCE verifier,
 *                            verifies the id_token (signature by the issuer's JWKS, iss, aud, exp, nonce) and
 *                            answers a social_ticket with what it learnt.
 * 5. POST /login/v1/       → { social_ticket }: signs in the linked buyer; links and signs in when the flow was
 *                            started signed in (same buyer's Bearer required) or when Google's verified e-mail is
 *                            the verified e-mail of exactly one account; otherwise answers PHONE_NUMBER_REQUIRED
 *                            and the client runs the phone sign-in with social_ticket on the verify call, which
 *                            links Google to that phone account once the code is right.
 * -------------------------------------------------------------------------------------------------------- */

/** GET /credentials/v1/. */
export const oidcCredentialsResponseSchema = z.union([
  z.object({
    enabled: z.literal(true),
    provider: z.literal('google'),
    issuer: z.string(),
    client_id: z.string(),
    authorization_endpoint: z.string(),
    redirect_uri: z.string(),
    scopes: z.array(z.string()),
    response_type: z.literal('code'),
    code_challenge_method: z.literal('S256'),
  }),
  z.object({ enabled: z.literal(false), message: z.string() }),
]);
export type OidcCredentialsResponse = z.infer<typeof oidcCredentialsResponseSchema>;

/** POST /code/v1/ body: where to return in the shop afterwards (a path, kept by the client). */
export const oidcCodeRequestSchema = z
  .object({
    redirect_path: z
      .string()
      .regex(/^\/(?!\/)/, 'Use a path inside the shop')
      .max(512)
      .optional(),
  })
  .nullish();
export const oidcCodeResponseSchema = z.object({
  authorization_url: z.string(),
  state: z.string(),
  /** Keep it in this browser and send it to /token/v1/: it binds the flow to the browser that started it. */
  flow_token: z.string(),
  /** Seconds the flow may take. */
  expires_in: z.number().int().positive(),
});
export type OidcCodeResponse = z.infer<typeof oidcCodeResponseSchema>;

/** POST /token/v1/ body: the code and state from the redirect, and the flow_token from /code/v1/. */
export const oidcTokenRequestSchema = z.object({
  code: z.string().trim().min(1).max(2048),
  state: z.string().trim().min(1).max(200),
  flow_token: z.string().trim().min(1).max(200),
});
export const oidcTokenResponseSchema = z.object({
  /** Single use, 15 minutes: hand it to /login/v1/ (or to the phone verification, to link). */
  social_ticket: z.string(),
  expires_in: z.number().int().positive(),
  /** Whether this Google account is already linked to a buyer. */
  linked: z.boolean(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  name: z.string().nullable(),
});
export type OidcTokenResponse = z.infer<typeof oidcTokenResponseSchema>;

export const oidcLoginRequestSchema = z.object({
  social_ticket: z.string().trim().min(1).max(200),
  token_set: tokenSetSchema.optional(),
});
export const oidcLoginResponseSchema = z.discriminatedUnion('status', [
  tokenSetResponseSchema.extend({
    status: z.literal(USER_RES_STATUS.LOGGED_IN),
    is_new_user: z.literal(false),
    /** True when this call linked Google to the account. */
    linked_now: z.boolean(),
  }),
  z.object({
    status: z.literal(USER_RES_STATUS.PHONE_NUMBER_REQUIRED),
    message: z.string(),
    /** The same ticket, still valid: pass it as social_ticket to /verify/phone_number_otp/v1/. */
    social_ticket: z.string(),
    email: z.string().nullable(),
    name: z.string().nullable(),
  }),
]);
export type OidcLoginResponse = z.infer<typeof oidcLoginResponseSchema>;
