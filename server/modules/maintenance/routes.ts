import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  maintenanceAdminRequestSchema,
  maintenanceAdminResponseSchema,
  maintenanceStatusSchema,
} from '../../../contract/maintenance';
import { HttpError } from '../../errors';
import type { MaintenanceService } from './service';

export interface MaintenanceRoutesOptions {
  service: MaintenanceService;
  /** The operator token of this process (DATA_DIR/operator.token); without one the admin call is closed. */
  operatorToken?: string | undefined;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Compares in constant time; hashing first makes the lengths equal. */
export function tokenMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected)) && given.length === expected.length;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

export const maintenanceRoutes: FastifyPluginAsyncZod<MaintenanceRoutesOptions> = async (app, options) => {
  const { service, operatorToken } = options;

  // Checked before the body is parsed: a caller without the token learns nothing about it.
  const operatorOnly = async (request: FastifyRequest) => {
    if (!LOOPBACK.has(request.ip)) {
      throw new HttpError(403, 'The operator call is only accepted from this machine');
    }
    const given = bearerToken(request);
    if (!operatorToken || !given || !tokenMatches(given, operatorToken)) {
      throw new HttpError(
        401,
        'A valid operator token is required',
        {},
        { headers: { 'www-authenticate': 'Bearer' } },
      );
    }
  };

  app.get(
    '/status/v1/',
    { schema: { response: { 200: maintenanceStatusSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.status();
    },
  );

  /** The operator's view: status plus whether the window is on and when it ends. */
  app.get(
    '/admin/v1/',
    { onRequest: operatorOnly, schema: { response: { 200: maintenanceAdminResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.describe();
    },
  );

  app.post(
    '/admin/v1/',
    {
      onRequest: operatorOnly,
      schema: {
        body: maintenanceAdminRequestSchema,
        response: { 200: maintenanceAdminResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await service.set(request.body);
      request.log.info(
        { maintenance: { enabled: result.enabled, ends_at: result.ends_at } },
        'maintenance changed by operator',
      );
      reply.header('cache-control', 'no-store');
      return result;
    },
  );
};
