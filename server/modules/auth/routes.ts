import { formsRefreshTokensRequestSchema, refreshTokensResponseSchema } from '@contract/user';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';
import { HttpError } from '../../errors';
import { authPlugin, bearerToken } from '../../plugins/auth';
import { createUserService, type UserService } from '../user/service';
import { createChallenges } from './challenge';
import { deriveKeys } from './crypto';
import { createDelivery } from './delivery/index';
import { createOidcService, type OidcService } from './oidc';
import { createOtpService } from './otp';
import { resolveAuthSecret } from './secret';
import { type AuthService, createAuthService } from './service';
import { createTokenService, type TokenService } from './tokens';

/** The buyer's identity, shared with the modules that sign buyers in or act for them (the user service). */
export interface Accounts {
  auth: AuthService;
  users: UserService;
  oidc: OidcService;
  tokens: TokenService;
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
  }
}

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

/**
 * Codes, tokens, social login and the accounts they sign in to. Not encapsulated: `app.accounts`,
 * `app.requireUser()` and `app.optionalUser()` are for every module registered after it.
 */
export const authModule = fp<ModuleOptions>(
  async (app, deps) => {
    const { config, db, now } = deps;
    const logger = app.log;
    const keys = deriveKeys(resolveAuthSecret(config, logger));
    const tokens = createTokenService({
      db,
      accessKey: keys.accessToken,
      hashKey: keys.tokenHash,
      accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
      now,
      onReuse: (info) => logger.warn(info, 'a rotated refresh token was used again: session revoked'),
    });
    const otp = createOtpService({
      db,
      key: keys.codeHash,
      delivery: deps.codeDelivery ?? createDelivery(config, logger),
      limits: {
        resendCooldownSeconds: config.OTP_RESEND_COOLDOWN_SECONDS,
        subjectPerHour: config.OTP_PHONE_LIMIT_PER_HOUR,
        ipPerHour: config.OTP_IP_LIMIT_PER_HOUR,
        networkPerHour: config.OTP_NETWORK_LIMIT_PER_HOUR,
        globalPerHour: config.OTP_GLOBAL_LIMIT_PER_HOUR,
        challengeAfterPercent: config.OTP_CHALLENGE_AFTER_PERCENT,
        solvedPerHour: config.OTP_CHALLENGE_LIMIT_PER_HOUR,
      },
      challenges: createChallenges({
        signatureKey: keys.challengeSignature,
        keySignatureKey: keys.challengeKeySignature,
        maxNumber: config.OTP_CHALLENGE_MAX_NUMBER,
        now,
      }),
      now,
    });
    const users = createUserService({ db, otp, now, testCodes: config.OTP_TEST_NUMBERS });
    const oidc = createOidcService({
      db,
      config,
      hashKey: keys.tokenHash,
      now,
      ...(deps.oidcFetch ? { fetch: deps.oidcFetch } : {}),
    });
    const auth = createAuthService({
      otp,
      tokens,
      users,
      oidc,
      testNumbers: config.OTP_TEST_NUMBERS,
      smsCountries: config.OTP_SMS_COUNTRIES,
    });
    app.decorate('accounts', { auth, users, oidc, tokens });
    await app.register(authPlugin, { tokens });
    await app.register(formsAuthRoutes, { prefix: '/api/forms', auth });
  },
  { name: 'auth' },
);
