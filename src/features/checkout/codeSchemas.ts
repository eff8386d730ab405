import { z } from 'zod';

/** The longest coupon, referral or invite code the field takes; longer is a typing mistake, not a code. */
export const CODE_MAX_LENGTH = 50;

const codeSchema = z
  .string()
  .trim()
  .max(CODE_MAX_LENGTH, `A code has at most ${CODE_MAX_LENGTH} characters`)
  .regex(/^[A-Za-z0-9_-]*$/, 'Use letters, digits, - and _ only');

export const couponFormSchema = z.object({ couponCode: codeSchema });
export const referralFormSchema = z.object({ referralCode: codeSchema });
