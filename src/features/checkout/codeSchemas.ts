import { DISCOUNT_CODE_MAX_LENGTH } from '@contract/pricing';
import { z } from 'zod';

/** A coupon, referral or invite code as the field takes it: the server's own bound, so it never refuses longer. */
export const codeFormSchema = z.object({
  code: z
    .string()
    .trim()
    .max(DISCOUNT_CODE_MAX_LENGTH, `A code has at most ${DISCOUNT_CODE_MAX_LENGTH} characters`)
    .regex(/^[A-Za-z0-9_-]*$/, 'Use letters, digits, - and _ only'),
});
