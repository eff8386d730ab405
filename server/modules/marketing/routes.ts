import { eventPushRequestSchema, pushResponseSchema, userPushRequestSchema } from '@contract/marketing';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '../../context';
import type { Database } from '../../db/client';
import { idempotencyKeyOf } from '../../plugins/idempotency';
import { operatorGuard } from '../../plugins/operator';
import { limitPerClient } from '../../plugins/rate-limit';
import { recentMarketingEvents } from './repo';
import { createMarketingService, type MarketingService } from './service';

/** Tracking calls are small: a bigger body is a mistake or abuse. */
const BODY_LIMIT = 16 * 1024;

export interface MarketingRoutesOptions {
  service: MarketingService;
  /** onRequest hook counting each push against its client's hourly limit (before the body is read). */
  perClientLimit?: (request: FastifyRequest) => Promise<void>;
  /** The operator's read of the stored pushes; closed without a token. */
  operator?: { token: string | undefined; db: Database };
}

/** GET /api/marketing/admin/events/v1/: the last pushes as stored, oldest first. */
export const MARKETING_EVENTS_ADMIN_PATH = '/api/marketing/admin/events/v1/';
export const storedEventsResponseSchema = z.object({
  events: z.array(
    z.object({
      kind: z.string(),
      name: z.string().nullable(),
      event_data: z.unknown(),
      occurred_at: z.string(),
      idempotency_key: z.string().nullable(),
    }),
  ),
});

/** The /api/marketing service (spec §7 Analytics): event and user pushes, stored for the marketing team. */
export const marketingRoutes: FastifyPluginAsyncZod<MarketingRoutesOptions> = async (
  app,
  { service, perClientLimit, operator },
) => {
  const onRequest = perClientLimit ? [perClientLimit] : [];

  if (operator) {
    app.get(
      '/admin/events/v1/',
      {
        onRequest: operatorGuard(operator.token),
        schema: {
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(1000).default(100) }),
          response: { 200: storedEventsResponseSchema },
        },
      },
      async (request) => ({
        events: (await recentMarketingEvents(operator.db, request.query.limit)).map((row) => ({
          kind: row.kind,
          name: row.name,
          event_data: row.data,
          occurred_at: row.occurredAt.toISOString(),
          idempotency_key: row.idempotencyKey,
        })),
      }),
    );
  }

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

  for (const [path, kind] of [
    ['/web_engage/users/push/', 'user'],
    ['/web_engage/users/anonymous/push/', 'anonymous_user'],
  ] as const) {
    app.post(
      path,
      {
        bodyLimit: BODY_LIMIT,
        onRequest,
        schema: { body: userPushRequestSchema, response: { 202: pushResponseSchema } },
      },
      async (request, reply) => {
        await service.pushUser(kind, request.body, idempotencyKeyOf(request));
        return reply.code(202).send({ accepted: true });
      },
    );
  }
};

export const marketingModule: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, now, config, operatorToken },
) => {
  await app.register(marketingRoutes, {
    prefix: '/api/marketing',
    operator: { token: operatorToken, db },
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
