import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The /api/forms service (spec §7). Its endpoints arrive with the issues that need them. */
export const formsRoutes: FastifyPluginAsyncZod = async () => {};
