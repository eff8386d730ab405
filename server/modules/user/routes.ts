import {
  districtsQuerySchema,
  districtsResponseSchema,
  emailOtpSentResponseSchema,
  loginOrRegisterRequestSchema,
  loginOrRegisterResponseSchema,
  logoutRequestSchema,
  logoutResponseSchema,
  oidcCodeRequestSchema,
  oidcCodeResponseSchema,
  oidcCredentialsResponseSchema,
  oidcLoginRequestSchema,
  oidcLoginResponseSchema,
  oidcTokenRequestSchema,
  oidcTokenResponseSchema,
  otpSentResponseSchema,
  otpSentV2ResponseSchema,
  profileQuerySchema,
  profileResponseSchema,
  profileUpdateRequestSchema,
  refreshTokensRequestSchema,
  refreshTokensResponseSchema,
  sendCodeRequestSchema,
  signUpDetailsRequestSchema,
  statesResponseSchema,
  updateEmailRequestSchema,
  verifyEmailOtpRequestSchema,
  verifyPhoneOtpRequestSchema,
  verifyPhoneOtpResponseSchema,
  verifyPhoneOtpV2ResponseSchema,
} from '@contract/user';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ModuleOptions } from '../../context';
import { HttpError } from '../../errors';
import { currentUser, SHOP_TOKEN_SETS } from '../../plugins/auth';
import { type OidcService, socialLoginDisabled } from '../auth/oidc';
import type { AuthService } from '../auth/service';
import type { UserService } from './service';

export interface UserRoutesOptions {
  auth: AuthService;
  users: UserService;
  oidc: OidcService;
}

const NO_STORE = 'no-store';

/** The caller may name a user only to name themselves (spec: a buyer reads and changes their own account). */
function ownAccount(request: FastifyRequest, named: string | undefined): string {
  const user = currentUser(request);
  if (named !== undefined && named !== user.userId) {
    throw new HttpError(403, 'You can only see and change your own account');
  }
  return user.userId;
}

function noStore(reply: FastifyReply): void {
  reply.header('cache-control', NO_STORE);
}

/** The /api/user service (spec §7 "User service paths" and "Token refresh"); shapes in contract/user.ts. */
export const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (app, options) => {
  const { auth, users, oidc } = options;
  const requireUser = app.requireUser();
  const optionalUser = app.optionalUser();

  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader('cache-control') && request.method !== 'GET')
      reply.header('cache-control', NO_STORE);
  });

  /* Phone sign-in ------------------------------------------------------------------------------------------ */

  // v1 sending and resending answer without v2's registration fields.
  const sendCodeV1 = async (request: { body: z.infer<typeof sendCodeRequestSchema>; ip: string }) => {
    const {
      is_registered: _r,
      phone_number_with_country_code: _p,
      ...sent
    } = await auth.sendPhoneCode(request.body, request.ip);
    return sent;
  };

  app.post(
    '/login/phone_number/v1/',
    { schema: { body: sendCodeRequestSchema, response: { 200: otpSentResponseSchema } } },
    sendCodeV1,
  );

  app.post(
    '/login/phone_number/v2/',
    { schema: { body: sendCodeRequestSchema, response: { 200: otpSentV2ResponseSchema } } },
    async (request) => auth.sendPhoneCode(request.body, request.ip),
  );

  app.post(
    '/resend/phone_number_otp/v1/',
    { schema: { body: sendCodeRequestSchema, response: { 200: otpSentResponseSchema } } },
    sendCodeV1,
  );

  app.post(
    '/verify/phone_number_otp/v1/',
    { schema: { body: verifyPhoneOtpRequestSchema, response: { 200: verifyPhoneOtpResponseSchema } } },
    async (request) => {
      const result = await auth.verifyPhoneCode(request.body);
      return { ...result.tokens, is_new_user: result.isNewUser };
    },
  );

  app.post(
    '/verify/phone_number_otp/v2/',
    { schema: { body: verifyPhoneOtpRequestSchema, response: { 200: verifyPhoneOtpV2ResponseSchema } } },
    async (request) => {
      const result = await auth.verifyPhoneCode(request.body);
      return { ...result.tokens, is_new_user: result.isNewUser, profile: result.profile };
    },
  );

  app.post(
    '/login_or_register/v1/',
    { schema: { body: loginOrRegisterRequestSchema, response: { 200: loginOrRegisterResponseSchema } } },
    async (request) => {
      const { otp, ...phone } = request.body;
      if (otp === undefined) return auth.sendPhoneCode(phone, request.ip);
      const result = await auth.verifyPhoneCode({ ...phone, otp });
      return { ...result.tokens, is_new_user: result.isNewUser };
    },
  );

  /* Tokens -------------------------------------------------------------------------------------------------- */

  // The main and the business set refresh here (the client sends both to this path); forms has its own.
  app.post(
    '/refresh_auth_tokens/v1/',
    { schema: { body: refreshTokensRequestSchema, response: { 200: refreshTokensResponseSchema } } },
    async (request) => auth.refresh(request.body.refresh_token, SHOP_TOKEN_SETS),
  );

  app.post(
    '/logout/v1/',
    {
      schema: { body: logoutRequestSchema, response: { 200: logoutResponseSchema } },
      // An expired access token must not stop a logout: the refresh token in the body is enough.
      preHandler: async function logoutUser(request, reply) {
        try {
          await optionalUser.call(this, request, reply);
        } catch {
          request.user = null;
        }
      },
    },
    async (request) => {
      const revoked = await auth.logout(request.user?.sessionId, request.body?.refresh_token);
      return { message: 'Signed out', revoked };
    },
  );

  /* Profile ------------------------------------------------------------------------------------------------- */

  app.post(
    '/sign_up/details/v1/',
    {
      preHandler: requireUser,
      schema: { body: signUpDetailsRequestSchema, response: { 200: profileResponseSchema } },
    },
    async (request) => ({ profile: await users.signUpDetails(currentUser(request).userId, request.body) }),
  );

  for (const path of ['/profile/v1/', '/user_profile/get/v1/']) {
    app.get(
      path,
      {
        preHandler: requireUser,
        schema: { querystring: profileQuerySchema, response: { 200: profileResponseSchema } },
      },
      async (request, reply) => {
        noStore(reply);
        return { profile: await users.getProfile(ownAccount(request, request.query.user_id)) };
      },
    );
  }

  for (const path of ['/profile/v1/', '/user_profile/update/v1/']) {
    app.post(
      path,
      {
        preHandler: requireUser,
        schema: { body: profileUpdateRequestSchema, response: { 200: profileResponseSchema } },
      },
      async (request) => ({
        profile: await users.updateProfile(ownAccount(request, request.body.user_id), request.body),
      }),
    );
  }

  app.post(
    '/user_account/email/update/v1/',
    {
      preHandler: requireUser,
      schema: { body: updateEmailRequestSchema, response: { 200: profileResponseSchema } },
    },
    async (request) => ({
      profile: await users.updateEmail(currentUser(request).userId, request.body.email),
    }),
  );

  app.get(
    '/user_account/email/verify/request_otp/v1/',
    { preHandler: requireUser, schema: { response: { 200: emailOtpSentResponseSchema } } },
    async (request, reply) => {
      noStore(reply);
      return users.requestEmailOtp(currentUser(request).userId, request.ip);
    },
  );

  app.post(
    '/verify/email_otp/v1/',
    {
      preHandler: requireUser,
      schema: { body: verifyEmailOtpRequestSchema, response: { 200: profileResponseSchema } },
    },
    async (request) => ({
      profile: await users.verifyEmailOtp(currentUser(request).userId, request.body.otp),
    }),
  );

  /* Reference data ------------------------------------------------------------------------------------------ */

  app.get('/states/v1/', { schema: { response: { 200: statesResponseSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=86400');
    return users.states();
  });

  app.get(
    '/districts/v1/',
    { schema: { querystring: districtsQuerySchema, response: { 200: districtsResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return users.districts(request.query.state);
    },
  );

  /* Social login (OpenID Connect, code + PKCE) ---------------------------------------------------------------- */

  // Switched off (OIDC_* unset): its calls are refused before their body is read.
  const socialLoginOn = async () => {
    if (!oidc.enabled) throw socialLoginDisabled();
  };

  app.get(
    '/credentials/v1/',
    { schema: { response: { 200: oidcCredentialsResponseSchema } } },
    async (_request, reply) => {
      noStore(reply);
      return oidc.credentials();
    },
  );

  app.post(
    '/code/v1/',
    {
      onRequest: socialLoginOn,
      preHandler: optionalUser,
      schema: { body: oidcCodeRequestSchema, response: { 200: oidcCodeResponseSchema } },
    },
    async (request) => oidc.start(request.user?.userId ?? null),
  );

  app.post(
    '/token/v1/',
    {
      onRequest: socialLoginOn,
      schema: { body: oidcTokenRequestSchema, response: { 200: oidcTokenResponseSchema } },
    },
    async (request) => oidc.token(request.body),
  );

  app.post(
    '/login/v1/',
    {
      onRequest: socialLoginOn,
      preHandler: optionalUser,
      schema: { body: oidcLoginRequestSchema, response: { 200: oidcLoginResponseSchema } },
    },
    async (request) =>
      auth.socialLogin(
        request.body.social_ticket,
        request.user?.userId ?? null,
        request.body.token_set ?? 'main',
      ),
  );
};

/** Registered after the auth module, whose accounts it serves. */
export const userModule: FastifyPluginAsyncZod<ModuleOptions> = async (app) => {
  await app.register(userRoutes, { prefix: '/api/user', ...app.accounts });
};
