import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The /api/commerce service (spec §7). Its endpoints arrive with the issues that need them. */
export const commerceRoutes: FastifyPluginAsyncZod = async () => {};
