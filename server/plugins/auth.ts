import type { TokenSetName } from '@contract/user';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors';
import type { AccessClaims, TokenService } from '../modules/auth/tokens';

/** The signed-in caller, set by requireUser / optionalUser. */
export type RequestUser = AccessClaims;

declare module 'fastify' {
  interface FastifyRequest {
    user: RequestUser | null;
  }
  interface FastifyInstance {
    /** preHandler: a valid access token of one of the sets (default main and business) is required. */
    requireUser(sets?: readonly TokenSetName[]): preHandlerAsyncHookHandler;
    /** preHandler: request.user is set when a valid token is sent; no token is fine, a bad one is not. */
    optionalUser(sets?: readonly TokenSetName[]): preHandlerAsyncHookHandler;
  }
}

/** The token sets the shop's own calls accept; the forms set is only for the forms service. */
export const SHOP_TOKEN_SETS: readonly TokenSetName[] = ['main', 'business'];

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** The signed-in user of a request that went through requireUser. */
export function currentUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new HttpError(401, 'Please sign in first');
  return request.user;
}

export interface AuthPluginOptions {
  tokens: TokenService;
}

/**
 * Authentication for every module: `app.requireUser()` as a preHandler, then `request.user` is the caller.
 * No header: 401 UNAUTHORIZED (nothing to refresh). An expired, invalid or revoked token: 400 INVALID_TOKEN,
 * which the client refreshes once and retries (spec §8).
 */
export const authPlugin = fp<AuthPluginOptions>(async (app, { tokens }) => {
  app.decorateRequest('user', null);

  app.decorate('requireUser', (sets: readonly TokenSetName[] = SHOP_TOKEN_SETS) => {
    return async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) {
        throw new HttpError(401, 'Please sign in first', {}, { headers: { 'www-authenticate': 'Bearer' } });
      }
      request.user = await tokens.verifyAccess(token, sets);
    };
  });

  app.decorate('optionalUser', (sets: readonly TokenSetName[] = SHOP_TOKEN_SETS) => {
    return async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (token) request.user = await tokens.verifyAccess(token, sets);
    };
  });
});
