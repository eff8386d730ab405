import { eventPushRequestSchema, pushResponseSchema, userPushRequestSchema } from '@contract/marketing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { marketingEvents } from '../../db/schema';

export interface MarketingRoutesOptions {
  db: Database;
  now: () => Date;
}

/** Tracking calls are small: a bigger body is a mistake or abuse. */
const BODY_LIMIT = 16 * 1024;

/** The /api/marketing service (spec §7 Analytics): event and user pushes, stored for the marketing team. */
export const marketingRoutes: FastifyPluginAsyncZod<MarketingRoutesOptions> = async (app, { db, now }) => {
  app.post(
    '/web_engage/events/push/',
    {
      bodyLimit: BODY_LIMIT,
      schema: { body: eventPushRequestSchema, response: { 202: pushResponseSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      await db.insert(marketingEvents).values({
        kind: 'event',
        name: body.event_name,
        userId: null,
        anonymousId: body.anonymous_id ?? null,
        data: body.event_data,
        occurredAt: body.occurred_at ? new Date(body.occurred_at) : now(),
      });
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
        const body = request.body;
        await db.insert(marketingEvents).values({
          kind,
          name: null,
          userId: kind === 'user' ? (body.user_id ?? null) : null,
          anonymousId: body.anonymous_id ?? null,
          data: body.attributes,
          occurredAt: now(),
        });
        return reply.code(202).send({ accepted: true });
      },
    );
  }
};
