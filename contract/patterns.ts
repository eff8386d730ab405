/*
 * Spec §5 validation patterns, zod-free, so the server's contract schemas and the PWA's forms check checkout,
 * payout and affiliate fields by the same rules.
 */

/** An ISO 3166-1 alpha-2 country code, upper case. */
export const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;
/** 10 digits starting 5 to 9 (an Indian mobile number). */
export const MOBILE_PATTERN = /^[5-9]\d{9}$/;
/** Spec §9: a pincode is 6 digits. */
export const PINCODE_LENGTH = 6;
export const PINCODE_PATTERN = /^\d{6}$/;
/** Spec §5 and §9: a one-time code is exactly 6 digits. */
export const OTP_LENGTH = 6;
export const OTP_PATTERN = /^\d{6}$/;
/** Digits only (one or more). */
export const DIGITS_PATTERN = /^\d+$/;
/** 4 capital letters, then 0, then 6 letters or digits (e.g. SBIN0001234). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** Letters (any script, with their combining marks, as Hindi needs) and spaces only. */
export const NAME_PATTERN = /^[\p{L}\p{M} ]+$/u;
/** Letters and digits only. */
export const ALPHANUMERIC_PATTERN = /^[A-Za-z0-9]+$/;
/** 5 capitals, 4 digits, 1 capital (e.g. ABCDE1234F). */
export const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;
/** 2 digits, a PAN, a non-zero letter or digit, Z, one more letter or digit (e.g. 27ABCDE1234F1Z5). */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
/** RFC 5321: the longest e-mail address a mailbox can have. */
export const EMAIL_MAX_LENGTH = 254;
/** The largest id and count the database stores (PostgreSQL integer). */
export const DB_INT_MAX = 2_147_483_647;
/** The earliest date of birth a profile accepts. */
export const DOB_MIN = '1900-01-01';
