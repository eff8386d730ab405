import { TOKEN_SETS, type TokenSetName } from '@contract/constants';
import type { TokenSetResponse } from '@contract/tokens';
import {
  getCookie,
  readCookies,
  removeCookie,
  setCookie,
  TOKEN_COOKIE_FIELDS,
  type TokenCookieField,
  tokenCookieName,
} from './cookies';
import type { RefreshTokensResponse } from './token-schemas';

export type { TokenSetName };
/** Separate token sets for the main site, business and forms (spec §6); the names are the contract's. */
export { TOKEN_SETS };

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  userId: string;
  /** When the access token expires, in epoch milliseconds; null if unknown. */
  expires: number | null;
}

export { tokenCookieName };

/** The stored set, or null when no access token is kept for it. */
export function getTokens(set: TokenSetName): TokenSet | null {
  const jar = readCookies();
  const field = (name: TokenCookieField) => jar.get(tokenCookieName(set, name)) ?? '';
  const accessToken = field('access_token');
  if (!accessToken) return null;
  const expires = Number(field('expires'));
  return {
    accessToken,
    refreshToken: field('refresh_token'),
    userId: field('user_id'),
    expires: Number.isFinite(expires) && expires > 0 ? expires : null,
  };
}

export function getAccessToken(set: TokenSetName): string {
  return getCookie(tokenCookieName(set, 'access_token')) ?? '';
}

export function setTokens(set: TokenSetName, tokens: TokenSet): void {
  setCookie(tokenCookieName(set, 'access_token'), tokens.accessToken);
  setCookie(tokenCookieName(set, 'refresh_token'), tokens.refreshToken);
  setCookie(tokenCookieName(set, 'user_id'), tokens.userId);
  if (tokens.expires === null) removeCookie(tokenCookieName(set, 'expires'));
  else setCookie(tokenCookieName(set, 'expires'), String(tokens.expires));
}

export function clearTokens(set: TokenSetName): void {
  for (const field of TOKEN_COOKIE_FIELDS) removeCookie(tokenCookieName(set, field));
}

export type { RefreshTokensRequest, RefreshTokensResponse } from './token-schemas';

/** Builds the set to store from a sign-in answer (the contract's token set: verify, social login). */
export function tokenSetFromResponse(answer: TokenSetResponse, now: number = Date.now()): TokenSet {
  return tokenSetFromRefresh(answer, null, now);
}

/** Builds the set to store from a refresh answer; a missing rotated refresh token keeps the old one. */
export function tokenSetFromRefresh(
  answer: RefreshTokensResponse & { access_token: string },
  previous: TokenSet | null,
  now: number = Date.now(),
): TokenSet {
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token || previous?.refreshToken || '',
    userId: answer.user_id != null ? String(answer.user_id) : (previous?.userId ?? ''),
    expires: answer.expires_in != null ? now + answer.expires_in * 1000 : null,
  };
}
