import { formsRefreshTokensRequestSchema, refreshTokensResponseSchema } from '@contract/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../errors';
import { bearerToken } from '../../plugins/auth';
import type { AuthService } from './service';

/** A JWT has three dot-separated parts; a refresh token is one base64url string. */
const looksLikeJwt = (token: string) => token.split('.').length === 3;

/**
 * POST /api/forms/auth/refresh_tokens/v1/: the forms token set's refresh (spec §7 "Token refresh").
 * Forms tokens are their own audience: a main-set refresh token is refused here, and a forms one at
 * /api/user/refresh_auth_tokens/v1/.
 */
export const formsAuthRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/auth/refresh_tokens/v1/',
    { schema: { body: formsRefreshTokensRequestSchema, response: { 200: refreshTokensResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const fromHeader = bearerToken(request);
      const refreshToken =
        request.body?.refresh_token ?? (fromHeader && !looksLikeJwt(fromHeader) ? fromHeader : undefined);
      if (!refreshToken) {
        throw new HttpError(400, 'refresh_token: send the forms refresh token', { field: 'refresh_token' });
      }
      return auth.refresh(refreshToken, 'forms');
    },
  );
};
