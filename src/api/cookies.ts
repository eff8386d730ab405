import type { TokenSetName } from '@contract/tokens';

/*
 * The shop's cookies: their names and helpers for the token sets (spec §9: 30 days, path /, secure except on
 * localhost). The only module that spells a cookie name, and free of zod, so the shell's guards can read it.
 */

export const COOKIE_LIFETIME_DAYS = 30;

/** What each token set keeps in its cookies. */
export const TOKEN_COOKIE_FIELDS = ['access_token', 'refresh_token', 'user_id', 'expires'] as const;
export type TokenCookieField = (typeof TOKEN_COOKIE_FIELDS)[number];

/** The main set keeps the bare names; the others are prefixed so the three sets never overwrite each other. */
export function tokenCookieName(set: TokenSetName, field: TokenCookieField): string {
  return set === 'main' ? field : `${set}_${field}`;
}

/** One field of a token set as kept in its cookie (undefined when absent). */
export function readTokenCookie(set: TokenSetName, field: TokenCookieField): string | undefined {
  return getCookie(tokenCookieName(set, field));
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * `secure` except on localhost (spec §9). Also off on plain http, where a browser silently drops a secure
 * cookie and the buyer could never stay signed in (e.g. a phone testing a LAN build).
 */
export function shouldUseSecureCookies(
  location: Pick<Location, 'hostname' | 'protocol'> = window.location,
): boolean {
  return location.protocol === 'https:' && !LOOPBACK_HOSTS.has(location.hostname);
}

/**
 * The page's cookies by name, from one read of `document.cookie`: each read asks the browser's cookie store, a round
 * trip that can take milliseconds on a busy phone, so a caller that needs several reads them once.
 */
export function readCookies(): ReadonlyMap<string, string> {
  const jar = new Map<string, string>();
  if (typeof document === 'undefined') return jar;
  for (const part of document.cookie.split(';')) {
    const cookie = part.trim();
    const at = cookie.indexOf('=');
    if (at <= 0) continue;
    const name = safeDecode(cookie.slice(0, at));
    // The first of two cookies with one name is the more specific one (the browser sends it first).
    if (!jar.has(name)) jar.set(name, safeDecode(cookie.slice(at + 1)));
  }
  return jar;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function getCookie(name: string): string | undefined {
  return readCookies().get(name);
}

export function setCookie(name: string, value: string, days: number = COOKIE_LIFETIME_DAYS): void {
  if (typeof document === 'undefined') return;
  const parts = [
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    `Max-Age=${Math.round(days * 24 * 60 * 60)}`,
    'Path=/',
    'SameSite=Lax',
  ];
  if (shouldUseSecureCookies()) parts.push('Secure');
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps tokens in cookies; Cookie Store API is not in every browser.
  document.cookie = parts.join('; ');
}

export function removeCookie(name: string): void {
  setCookie(name, '', 0);
}
