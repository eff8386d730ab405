import { EMAIL_MAX_LENGTH } from '@contract/patterns';
import { z } from 'zod';
import type { NotifyMeContact } from '@/api/commerce';

/** Messages of spec §5 and the notify-me contract. */
export const CONTACT_MESSAGES = {
  required: 'Enter an email id or a mobile number',
  email: 'Enter a valid email id',
  phone: 'Enter the mobile number with its country code, e.g. +919876543210',
} as const;

/** Spec §5: an Indian mobile number is 10 digits starting 5 to 9. */
const INDIAN_MOBILE = /^[5-9]\d{9}$/;
/** E.164: + and the country code, 7 to 15 digits in all (contract notifyMeRequestSchema). */
const E164 = /^\+[1-9]\d{6,14}$/;
const emailSchema = z.string().max(EMAIL_MAX_LENGTH).pipe(z.email());

export type ContactResult = { ok: true; contact: NotifyMeContact } | { ok: false; message: string };

/**
 * One field takes an e-mail id or a mobile number. A number needs its country code; in India ten
 * digits alone are read as +91. Spaces, dashes and brackets are ignored.
 */
export function parseContact(raw: string, countryCode: string): ContactResult {
  const value = raw.trim();
  if (value === '') return { ok: false, message: CONTACT_MESSAGES.required };
  if (value.includes('@') || /[a-z]/i.test(value)) {
    return emailSchema.safeParse(value).success
      ? { ok: true, contact: { email: value } }
      : { ok: false, message: CONTACT_MESSAGES.email };
  }
  let digits = value.replace(/[\s\-().]/g, '');
  if (digits.startsWith('00')) digits = `+${digits.slice(2)}`;
  if (!digits.startsWith('+') && countryCode.toUpperCase() === 'IN') {
    const local = digits.replace(/^0/, '');
    if (INDIAN_MOBILE.test(local)) return { ok: true, contact: { phone_number: `+91${local}` } };
    return { ok: false, message: CONTACT_MESSAGES.phone };
  }
  if (!E164.test(digits)) return { ok: false, message: CONTACT_MESSAGES.phone };
  if (digits.startsWith('+91') && !INDIAN_MOBILE.test(digits.slice(3))) {
    return { ok: false, message: CONTACT_MESSAGES.phone };
  }
  return { ok: true, contact: { phone_number: digits } };
}
