import { eventPushRequestSchema, pushResponseSchema, userPushRequestSchema } from '@contract/marketing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';
import { createMarketingService, type MarketingService } from './service';

/** Tracking calls are small: a bigger body is a mistake or abuse. */
const BODY_LIMIT = 16 * 1024;

/** The /api/marketing service (spec §7 Analytics): event and user pushes, stored for the marketing team. */
export const marketingRoutes: FastifyPluginAsyncZod<{ service: MarketingService }> = async (
  app,
  { service },
) => {
  app.post(
    '/web_engage/events/push/',
    {
      bodyLimit: BODY_LIMIT,
      schema: { body: eventPushRequestSchema, response: { 202: pushResponseSchema } },
    },
    async (request, reply) => {
      await service.pushEvent(request.body);
      return reply.code(202).send({ accepted: true });
    },
  );

  for (const [path, kind] of [
    ['/web_engage/users/push/', 'user'],
    ['/web_engage/users/anonymous/push/', 'anonymous_user'],
  ] as const) {
    app.post(
      path,
      {
        bodyLimit: BODY_LIMIT,
        schema: { body: userPushRequestSchema, response: { 202: pushResponseSchema } },
      },
      async (request, reply) => {
        await service.pushUser(kind, request.body);
        return reply.code(202).send({ accepted: true });
      },
    );
  }
};

export const marketingModule: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, now }) => {
  await app.register(marketingRoutes, {
    prefix: '/api/marketing',
    service: createMarketingService({ db, now }),
  });
};
