import {
  refreshTokensRequestSchema as contractRefreshTokensRequestSchema,
  refreshTokensResponseSchema as contractRefreshTokensResponseSchema,
} from '@contract/tokens';
import { z } from 'zod';

/*
 * Wire shapes of the token refresh (spec §7 "Token refresh"), from the contract. A module of its own, loaded with
 * the first refresh, so zod stays off a page's first load. The client reads the answer a little more loosely than
 * the contract writes it: an empty (or missing) access_token means the session is over (SESSION_EXPIRED, spec §8),
 * so it must reach the client's check instead of failing the schema.
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
