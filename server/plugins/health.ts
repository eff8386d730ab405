import { healthSchema } from '@contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Database, pingDatabase } from '../db/client';
import { HttpError } from '../errors';

export interface HealthPluginOptions {
  db: Database;
}

/** GET /healthz: 200 when the database answers, 503 with spec §8's body when it does not. */
export const healthPlugin: FastifyPluginAsyncZod<HealthPluginOptions> = async (app, { db }) => {
  app.get('/healthz', { schema: { response: { 200: healthSchema } } }, async (request, reply) => {
    try {
      await pingDatabase(db);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      throw new HttpError(503, 'Database unavailable', { res_status: 'SERVICE_UNAVAILABLE' });
    }
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });
};
