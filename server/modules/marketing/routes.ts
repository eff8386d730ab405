import { eventPushRequestSchema, pushResponseSchema, userPushRequestSchema } from '@contract/marketing';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';
import { HttpError } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { idempotencyKeyOf } from '../../plugins/idempotency';
import { operatorGuard } from '../../plugins/operator';
import { limitPerClient } from '../../plugins/rate-limit';
import { marketingPushesQuerySchema, marketingPushesResponseSchema, readMarketingPushes } from './cli';
import { createMarketingService, type MarketingService } from './service';

/** Tracking calls are small: a bigger body is a mistake or abuse. */
const BODY_LIMIT = 16 * 1024;

export interface MarketingRoutesOptions {
  service: MarketingService;
  /** onRequest hook counting each push against its client's hourly limit (before the body is read). */
  perClientLimit?: (request: FastifyRequest) => Promise<void>;
}

/** The /api/marketing service (spec §7 Analytics): event and user pushes, stored for the marketing team. */
export const marketingRoutes: FastifyPluginAsyncZod<MarketingRoutesOptions> = async (
  app,
  { service, perClientLimit },
) => {
  const onRequest = perClientLimit ? [perClientLimit] : [];

  app.post(
    '/web_engage/events/push/',
    {
      bodyLimit: BODY_LIMIT,
      onRequest,
      schema: { body: eventPushRequestSchema, response: { 202: pushResponseSchema } },
    },
    async (request, reply) => {
      await service.pushEvent(request.body, idempotencyKeyOf(request));
      return reply.code(202).send({ accepted: true });
    },
  );

  // A user's attributes are theirs to push: the signed-in buyer's own record, never another id's.
  app.post(
    '/web_engage/users/push/',
    {
      bodyLimit: BODY_LIMIT,
      onRequest,
      preHandler: app.requireUser(),
      schema: { body: userPushRequestSchema, response: { 202: pushResponseSchema } },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      if (request.body.user_id !== undefined && request.body.user_id !== userId) {
        throw new HttpError(403, 'You can only update your own details', { field: 'user_id' });
      }
      await service.pushUser('user', { ...request.body, user_id: userId }, idempotencyKeyOf(request));
      return reply.code(202).send({ accepted: true });
    },
  );

  app.post(
    '/web_engage/users/anonymous/push/',
    {
      bodyLimit: BODY_LIMIT,
      onRequest,
      schema: { body: userPushRequestSchema, response: { 202: pushResponseSchema } },
    },
    async (request, reply) => {
      await service.pushUser('anonymous_user', request.body, idempotencyKeyOf(request));
      return reply.code(202).send({ accepted: true });
    },
  );
};

export const marketingModule: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, now, config, operatorToken },
) => {
  // ---- operator (npm run shop -- marketing pushes …) ----
  app.get(
    '/api/marketing/admin/pushes/v1/',
    {
      onRequest: operatorGuard(operatorToken),
      schema: { querystring: marketingPushesQuerySchema, response: { 200: marketingPushesResponseSchema } },
    },
    async (request) => readMarketingPushes(db, request.query),
  );
  await app.register(marketingRoutes, {
    prefix: '/api/marketing',
    service: createMarketingService({ db, now, storedKbPerHour: config.MARKETING_STORED_KB_PER_HOUR }),
    perClientLimit: limitPerClient(
      { db, now },
      {
        name: 'marketing',
        limit: config.MARKETING_IP_LIMIT_PER_HOUR,
        windowSeconds: 3600,
        message: 'Too many updates were sent from this network. Try again later.',
      },
    ),
  });
};
