import {
  activitySummaryResponseSchema,
  associateRegisterRequestSchema,
  associateRegisterResponseSchema,
  associateViewRequestSchema,
  associateViewResponseSchema,
  associationsDetailsResponseSchema,
  ifscParamsSchema,
  ifscResponseSchema,
  referralsAggregateResponseSchema,
  UPLOAD_MAX_BYTES,
  uploadKeyQuerySchema,
  uploadQuerySchema,
  uploadResponseSchema,
} from '@contract/associates';
import { TOKEN_SETS } from '@contract/constants';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';
import { currentUser } from '../../plugins/auth';
import { idempotencyKeyOf } from '../../plugins/idempotency';
import { ownerOrOperator } from '../../plugins/operator';
import { limitPerClient } from '../../plugins/rate-limit';
import { uploadLimits } from '../../storage/quota';
import { fileFieldOf, sendUpload } from '../../storage/upload';
import { type AssociatesService, createAssociatesService } from './service';

type RequestHook = (request: FastifyRequest) => Promise<void>;

export interface AssociatesRoutesOptions {
  service: AssociatesService;
  operatorToken?: string | undefined;
  limits?: { uploads: RequestHook; views: RequestHook } | undefined;
}

const NO_STORE = 'no-store';
/** A registration is a few dozen short fields. */
const REGISTER_BODY_LIMIT = 16 * 1024;
/** A stored proof is shown as itself and nothing else: no script, no plugin, no framing by another site. */
const UPLOAD_CSP =
  "default-src 'none'; img-src 'self'; object-src 'self'; plugin-types application/pdf; sandbox";

/** Under /api/associates (spec §7 Associates). */
export const associatesRoutes: FastifyPluginAsyncZod<AssociatesRoutesOptions> = async (
  app,
  { service, operatorToken, limits },
) => {
  const requireUser = app.requireUser(TOKEN_SETS);
  const readerOf = ownerOrOperator(operatorToken, async (request, reply) => {
    await requireUser.call(app, request, reply);
    return { userId: currentUser(request).userId };
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 64, headerPairs: 20 },
  });

  app.get(
    '/ifsc/:ifsc/v1/',
    { schema: { params: ifscParamsSchema, response: { 200: ifscResponseSchema } } },
    async (request, reply) => {
      const bank = await service.lookupBank(request.params.ifsc);
      return reply.header('cache-control', 'public, max-age=86400').send(bank);
    },
  );

  app.post(
    '/associate/upload/v1/',
    {
      config: { uploadBody: true },
      onRequest: limits ? [limits.uploads] : [],
      preHandler: requireUser,
      schema: { querystring: uploadQuerySchema, response: { 201: uploadResponseSchema } },
    },
    async (request, reply) => {
      const part = await fileFieldOf(request, 'file');
      const stored = await service.storeUpload(currentUser(request).userId, request.query.purpose, part);
      return reply.header('cache-control', NO_STORE).code(201).send(stored);
    },
  );

  app.get(
    '/associate/upload/v1/',
    { schema: { querystring: uploadKeyQuerySchema } },
    async (request, reply) => {
      const reader = await readerOf(request, reply);
      return sendUpload(reply, await service.readUpload(request.query.key, reader), UPLOAD_CSP);
    },
  );

  app.post(
    '/associate/register/v1/',
    {
      bodyLimit: REGISTER_BODY_LIMIT,
      preHandler: requireUser,
      schema: { body: associateRegisterRequestSchema, response: { 201: associateRegisterResponseSchema } },
    },
    async (request, reply) => {
      const associate = await service.register(currentUser(request).userId, request.body);
      return reply
        .header('cache-control', NO_STORE)
        .code(201)
        .send({ message: 'Welcome aboard: your referral code is ready.', associate });
    },
  );

  app.get(
    '/get_user_associations_details/v1/',
    { preHandler: requireUser, schema: { response: { 200: associationsDetailsResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return { associate: await service.details(currentUser(request).userId) };
    },
  );

  app.get(
    '/get_associate_referrals_aggregate_details/v1/',
    { preHandler: requireUser, schema: { response: { 200: referralsAggregateResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return service.referralsAggregate(currentUser(request).userId);
    },
  );

  app.get(
    '/get_associate_activity_summary/v1/',
    { preHandler: requireUser, schema: { response: { 200: activitySummaryResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return service.activitySummary(currentUser(request).userId);
    },
  );

  app.post(
    '/associate_code_view_event_log/create/v1/',
    {
      bodyLimit: 2048,
      onRequest: limits ? [limits.views] : [],
      schema: { body: associateViewRequestSchema, response: { 200: associateViewResponseSchema } },
    },
    async (request, reply) => {
      const logged = await service.logView(request.body, idempotencyKeyOf(request) ?? undefined);
      return reply.header('cache-control', NO_STORE).code(200).send({ logged });
    },
  );
};

/** Uploads per client address, per hour. */
const UPLOADS_PER_HOUR = 60;

export const associatesModule = fp<ModuleOptions>(
  async (app, deps) => {
    const { db, now, config, services } = deps;
    await app.register(associatesRoutes, {
      prefix: '/api/associates',
      operatorToken: deps.operatorToken,
      service: createAssociatesService({
        db,
        now,
        storage: services.storage,
        uploadLimits: uploadLimits(config),
        codesChanged: () => services.catalogueVersion.refresh(),
      }),
      limits: {
        uploads: limitPerClient(
          { db, now },
          {
            name: 'associate_uploads',
            windowSeconds: 3600,
            limit: UPLOADS_PER_HOUR,
            message: 'Too many files were sent from this network. Try again later.',
          },
        ),
        views: limitPerClient(
          { db, now },
          {
            name: 'associate_views',
            windowSeconds: 3600,
            limit: config.REFERRAL_VIEWS_IP_LIMIT_PER_HOUR,
            message: 'Too many requests from this network. Try again later.',
          },
        ),
      },
    });
  },
  { name: 'associates' },
);
