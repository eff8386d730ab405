import { tokenSetSchema } from '@contract/tokens';
import { z } from 'zod';

/*
 * The sign-in in flight, kept in sessionStorage so a reload of /sign-in/verify keeps the number, while a new tab
 * or a closed browser starts over. Below the features, so the checkout can read it without importing one.
 */

const PENDING_KEY = 'auth.pendingSignIn';
const SIGN_UP_KEY = 'auth.pendingSignUp';
const SOCIAL_FLOW_KEY = 'auth.socialFlow';
const SOCIAL_TICKET_KEY = 'auth.socialTicket';

const redirectSchema = z.string();

const pendingSignInSchema = z.object({
  /** National number, digits only. */
  phoneNumber: z.string(),
  /** +91 */
  dialCode: z.string(),
  isoCountryCode: z.string(),
  tokenSet: tokenSetSchema,
  redirect: redirectSchema,
  isRegistered: z.boolean().optional(),
  /** From a Google sign-in that needs a phone number: linked on verify. */
  socialTicket: z.string().optional(),
  /** Epoch ms when another code may be asked for (the resend countdown). */
  resendAvailableAt: z.number(),
});
export type PendingSignIn = z.infer<typeof pendingSignInSchema>;

const pendingSignUpSchema = z.object({ redirect: redirectSchema });
export type PendingSignUp = z.infer<typeof pendingSignUpSchema>;

const socialFlowSchema = z.object({
  flowToken: z.string(),
  state: z.string(),
  redirect: redirectSchema,
  tokenSet: tokenSetSchema,
});
export type SocialFlow = z.infer<typeof socialFlowSchema>;

const socialTicketSchema = z.object({
  ticket: z.string(),
  redirect: redirectSchema,
  tokenSet: tokenSetSchema,
  name: z.string().nullable(),
  email: z.string().nullable(),
});
export type SocialTicket = z.infer<typeof socialTicketSchema>;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function read<S extends z.ZodType>(key: string, schema: S): z.output<S> | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // A corrupt record counts as none.
  }
  storage()?.removeItem(key);
  return null;
}

function write(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode with no quota: the flow still works within this page.
  }
}

function remove(key: string): void {
  storage()?.removeItem(key);
}

export const getPendingSignIn = () => read(PENDING_KEY, pendingSignInSchema);
export const setPendingSignIn = (value: PendingSignIn) => write(PENDING_KEY, value);
export const clearPendingSignIn = () => remove(PENDING_KEY);

export const getPendingSignUp = () => read(SIGN_UP_KEY, pendingSignUpSchema);
export const setPendingSignUp = (value: PendingSignUp) => write(SIGN_UP_KEY, value);
export const clearPendingSignUp = () => remove(SIGN_UP_KEY);

export const getSocialFlow = () => read(SOCIAL_FLOW_KEY, socialFlowSchema);
export const setSocialFlow = (value: SocialFlow) => write(SOCIAL_FLOW_KEY, value);
export const clearSocialFlow = () => remove(SOCIAL_FLOW_KEY);

export const getSocialTicket = () => read(SOCIAL_TICKET_KEY, socialTicketSchema);
export const setSocialTicket = (value: SocialTicket) => write(SOCIAL_TICKET_KEY, value);
export const clearSocialTicket = () => remove(SOCIAL_TICKET_KEY);

/** Drops every trace of a sign-in in flight (after it completes, or when the buyer signs out). */
export function clearSignInFlow(): void {
  clearPendingSignIn();
  clearPendingSignUp();
  clearSocialFlow();
  clearSocialTicket();
}
