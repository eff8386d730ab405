import { z } from 'zod';
import { EMAIL_MAX_LENGTH, OTP_PATTERN } from './patterns';

/*
 * The part of the user service (./user) a signed-in page needs: the profile, the e-mail and its code, signing out,
 * and the phone fields, res_status values and code answers these share with the sign-in and the forms. Kept apart so
 * the checkout and the profile do not build the sign-in's schemas; ./user re-exports all of it.
 */

/** res_status values of this service's answers and errors (beside spec §8's). */
export const USER_RES_STATUS = {
  OTP_SENT: 'OTP_SENT',
  INVALID_OTP: 'INVALID_OTP',
  OTP_EXPIRED: 'OTP_EXPIRED',
  OTP_ATTEMPTS_EXCEEDED: 'OTP_ATTEMPTS_EXCEEDED',
  INVALID_PHONE_NUMBER: 'INVALID_PHONE_NUMBER',
  SESSION_EXPIRED: 'SESSION_EXPIRED',
  SOCIAL_LOGIN_DISABLED: 'SOCIAL_LOGIN_DISABLED',
  INVALID_STATE: 'INVALID_STATE',
  LOGGED_IN: 'LOGGED_IN',
  PHONE_NUMBER_REQUIRED: 'PHONE_NUMBER_REQUIRED',
  CHALLENGE_REQUIRED: 'CHALLENGE_REQUIRED',
} as const;

/** A dial code, with or without its plus: "+91", "91", "1". Answers always carry the plus. */
export const dialCodeSchema = z
  .string()
  .trim()
  .regex(/^\+?[1-9]\d{0,3}$/, 'Enter a country dial code such as +91');

/** The national number; spaces, dashes, dots and brackets are ignored. */
export const phoneNumberSchema = z
  .string()
  .max(32, 'Enter a valid phone number')
  .trim()
  .transform((v) => v.replace(/[\s\-().]/g, ''))
  .pipe(z.string().regex(/^\d{4,15}$/, 'Enter a valid phone number'));

export const isoCountryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Use a two-letter country code such as IN')
  .transform((v) => v.toUpperCase());

export const otpSchema = z.string().trim().regex(OTP_PATTERN, 'Enter the 6-digit code');

/**
 * POST /login/phone_number/v1/ and /resend/phone_number_otp/v1/: a code was sent (or, for a configured test
 * number, is ready). The next code may be asked for after resend_after_seconds.
 */
export const otpSentResponseSchema = z.object({
  message: z.string(),
  res_status: z.literal(USER_RES_STATUS.OTP_SENT),
  /** Seconds the code stays valid (600). */
  expires_in: z.number().int().positive(),
  /** Seconds before another code may be requested (the resend countdown). */
  resend_after_seconds: z.number().int().nonnegative(),
});
export type OtpSentResponse = z.infer<typeof otpSentResponseSchema>;

export const GENDERS = ['MALE', 'FEMALE', 'OTHER', 'PREFER_NOT_TO_SAY'] as const;

export const userProfileSchema = z.object({
  user_id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  is_email_verified: z.boolean(),
  gender: z.enum(GENDERS).nullable(),
  /** yyyy-MM-dd. */
  dob: z.string().nullable(),
  /** National number, digits only. */
  phone_number: z.string(),
  /** Dial code with its plus, e.g. +91. */
  country_code: z.string(),
  /** ISO 3166-1 alpha-2, upper case. */
  iso_country_code: z.string(),
  profile_pic_url: z.string().nullable(),
  language_preference: z.string().nullable(),
  /** False until the sign-up details step is done. */
  is_sign_up_completed: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** GET /profile/v1/, GET /user_profile/get/v1/ and every profile update answer with { profile }. */
export const profileResponseSchema = z.object({ profile: userProfileSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, 'Enter a valid email id')
  .pipe(z.email('Enter a valid email id'))
  .transform((v) => v.toLowerCase());

/** POST /user_account/email/update/v1/: the new address, unverified until its code is entered. Answers { profile }. */
export const updateEmailRequestSchema = z.object({ email: emailSchema });
export type UpdateEmailRequest = z.input<typeof updateEmailRequestSchema>;

/** GET /user_account/email/verify/request_otp/v1/ (no payload): a code goes to the profile's e-mail. */
export const emailOtpSentResponseSchema = otpSentResponseSchema.extend({ email: z.string() });
export type EmailOtpSentResponse = z.infer<typeof emailOtpSentResponseSchema>;

/** POST /verify/email_otp/v1/: { otp }. Answers { profile } with is_email_verified true. */
export const verifyEmailOtpRequestSchema = z.object({ otp: otpSchema });

/** POST /logout/v1/: the session of the Bearer access token, or of the refresh_token given, is revoked. */
export const logoutRequestSchema = z
  .object({ refresh_token: z.string().trim().min(1).max(200).optional() })
  .nullish();
export const logoutResponseSchema = z.object({ message: z.string(), revoked: z.boolean() });
