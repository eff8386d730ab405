import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The /api/user service (spec §7). Its endpoints arrive with the issues that need them. */
export const userRoutes: FastifyPluginAsyncZod = async () => {};
