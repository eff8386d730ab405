/*
 * The referral code a visit arrived with (`?referral_code=` on any page, spec §1), kept for this tab's visit
 * (sessionStorage) so it reaches the checkout however the visitor gets there.
 */

const KEY = 'ibc.referral-code';
/** What a referral code may look like (the server's associate codes, any case). */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The well-formed referral code of a page address's query, or null. */
export function referralCodeOf(search: string): string | null {
  const code = new URLSearchParams(search).get('referral_code')?.trim() ?? '';
  return REFERRAL_CODE_PATTERN.test(code) ? code.toUpperCase() : null;
}

/** Keeps the address's referral code for the visit (a later link's code replaces it); answers the code kept. */
export function keepReferralCode(search: string): string | null {
  const code = referralCodeOf(search);
  if (code === null) return null;
  try {
    storage()?.setItem(KEY, code);
  } catch {
    // A full or blocked storage only costs the referral.
  }
  return code;
}

/** The referral code this visit arrived with, or null. */
export function keptReferralCode(): string | null {
  try {
    const code = storage()?.getItem(KEY) ?? '';
    return REFERRAL_CODE_PATTERN.test(code) ? code : null;
  } catch {
    return null;
  }
}
