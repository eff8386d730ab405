import {
  refreshTokensRequestSchema as contractRefreshTokensRequestSchema,
  refreshTokensResponseSchema as contractRefreshTokensResponseSchema,
  TOKEN_SETS,
  type TokenSetName,
  type TokenSetResponse,
} from '@contract/tokens';
import { z } from 'zod';
import { getCookie, removeCookie, setCookie, TOKEN_COOKIE_FIELDS, tokenCookieName } from './cookies';

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
  const accessToken = getCookie(tokenCookieName(set, 'access_token')) ?? '';
  if (!accessToken) return null;
  const expires = Number(getCookie(tokenCookieName(set, 'expires')));
  return {
    accessToken,
    refreshToken: getCookie(tokenCookieName(set, 'refresh_token')) ?? '',
    userId: getCookie(tokenCookieName(set, 'user_id')) ?? '',
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

/*
 * Wire shapes of the token refresh (spec §7 "Token refresh") come from contract/user.ts. The client reads the
 * answer a little more loosely than the contract writes it: an empty (or missing) access_token means the session
 * is over (SESSION_EXPIRED, spec §8), so it must reach the client's check instead of failing the schema.
 */

export const refreshTokensRequestSchema = contractRefreshTokensRequestSchema;
export type RefreshTokensRequest = z.infer<typeof refreshTokensRequestSchema>;

/** POST {user}/refresh_auth_tokens/v1/ and POST {forms}/auth/refresh_tokens/v1/ answer, as the client reads it. */
export const refreshTokensResponseSchema = contractRefreshTokensResponseSchema.partial().extend({
  access_token: z.string().nullish(),
  refresh_token: z.string().nullish(),
  user_id: z.union([z.string(), z.number()]).nullish(),
  expires_in: z.number().nonnegative().nullish(),
});
export type RefreshTokensResponse = z.infer<typeof refreshTokensResponseSchema>;

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
