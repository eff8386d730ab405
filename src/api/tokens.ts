import { z } from 'zod';
import { getCookie, removeCookie, setCookie } from './cookies';

/** Separate token sets for the main site, business and forms (spec §6). */
export const TOKEN_SETS = ['main', 'business', 'forms'] as const;
export type TokenSetName = (typeof TOKEN_SETS)[number];

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  userId: string;
  /** When the access token expires, in epoch milliseconds; null if unknown. */
  expires: number | null;
}

const FIELDS = ['access_token', 'refresh_token', 'user_id', 'expires'] as const;
type Field = (typeof FIELDS)[number];

/** The main set keeps the bare names; the others are prefixed so the three sets never overwrite each other. */
export function tokenCookieName(set: TokenSetName, field: Field): string {
  return set === 'main' ? field : `${set}_${field}`;
}

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
  for (const field of FIELDS) removeCookie(tokenCookieName(set, field));
}

/*
 * Wire shapes of the token refresh (spec §7 "Token refresh"). They belong in contract/ beside the user and
 * forms services' other schemas; they live here until that file exists.
 */

/** POST {user}/refresh_auth_tokens/v1/ and POST {forms}/auth/refresh_tokens/v1/ request body. */
export const refreshTokensRequestSchema = z.object({ refresh_token: z.string().min(1) });
export type RefreshTokensRequest = z.infer<typeof refreshTokensRequestSchema>;

/**
 * The refresh answer. access_token may come back empty (or null), which means the session is over
 * (SESSION_EXPIRED, spec §8), so the schema lets it through for the client to decide.
 */
export const refreshTokensResponseSchema = z.object({
  access_token: z.string().nullish(),
  refresh_token: z.string().nullish(),
  user_id: z.union([z.string(), z.number()]).nullish(),
  /** Lifetime of the new access token in seconds. */
  expires_in: z.number().nonnegative().nullish(),
});
export type RefreshTokensResponse = z.infer<typeof refreshTokensResponseSchema>;

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
