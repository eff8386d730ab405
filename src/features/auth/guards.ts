import { readTokenCookie } from '@/api/cookies';

/*
 * What the routes and the shell need before any screen loads: the sign-in paths, the cookie presence check and
 * the redirect check. Nothing here imports zod, xstate or the HTTP client, so the first script stays small
 * (a route's beforeLoad and search validation are bundled with the route tree, not split with its screen).
 */

export const SIGN_IN_PATH = '/sign-in';
export const FORMS_SIGN_IN_PATH = '/f/sign-in';
export const VERIFY_PATH = '/sign-in/verify';
export const SIGN_UP_PATH = '/sign-in/sign-up/verify';
/** The navigation keys (src/lib/guard.ts) of the two guarded sign-in routes. */
export const VERIFY_GUARD = 'sign-in-verify';
export const SIGN_UP_GUARD = 'sign-up-verify';
export const SOCIAL_CALLBACK_PATH = '/sign-in/google/callback';

/** Whether an access token of the set is kept (spec §4: the auth machine's initial state). */
export function hasSession(set: 'main' | 'forms'): boolean {
  return Boolean(readTokenCookie(set, 'access_token'));
}

const AUTH_PATHS = [SIGN_IN_PATH, FORMS_SIGN_IN_PATH];

/**
 * The path to return to after signing in: only a same-origin path (never "//evil.example", "https://…" or
 * "javascript:"), never a sign-in page itself (no loops); anything else becomes the fallback.
 */
export function safeRedirect(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return fallback;
  try {
    const base = 'https://shop.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    const path = url.pathname.replace(/\/+$/, '') || '/';
    if (AUTH_PATHS.some((p) => path === p || path.startsWith(`${p}/`))) return fallback;
    return `${path}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
