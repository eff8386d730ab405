import { z } from 'zod';
import { TOKEN_SETS } from './constants';

/*
 * Token sets on the wire (spec §6, §7 "Token refresh"): the part of the user service's contract the HTTP client
 * needs to refresh a session, kept apart from ./user so the client does not build every user-service schema.
 */

export { TOKEN_SETS, type TokenSetName } from './constants';
export const tokenSetSchema = z.enum(TOKEN_SETS);

/**
 * A token set (spec §7 "Token refresh"). access_token is a signed JWT to send as `Authorization: Bearer`;
 * refresh_token is opaque, single use (each refresh returns the next one), and lives 30 days.
 */
export const tokenSetResponseSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  user_id: z.string(),
  /** Seconds until access_token expires. */
  expires_in: z.number().int().positive(),
  token_type: z.literal('Bearer'),
});
export type TokenSetResponse = z.infer<typeof tokenSetResponseSchema>;

/** POST /refresh_auth_tokens/v1/ (user service) body. */
export const refreshTokensRequestSchema = z.object({ refresh_token: z.string().trim().min(1).max(200) });
export type RefreshTokensRequest = z.infer<typeof refreshTokensRequestSchema>;
/** POST /refresh_auth_tokens/v1/ answer: the rotated set. */
export const refreshTokensResponseSchema = tokenSetResponseSchema;
