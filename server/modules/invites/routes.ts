import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';
import { operatorGuard } from '../../plugins/operator';
import { INVITES_ADMIN_PATH, inviteIssueRequestSchema, inviteIssueResponseSchema, issueInvite } from './cli';

/** The operator's way to issue an invite code through the running server (`npm run shop -- invites issue`). */
export const invitesModule: FastifyPluginAsyncZod<ModuleOptions> = async (app, deps) => {
  app.post(
    INVITES_ADMIN_PATH,
    {
      onRequest: operatorGuard(deps.operatorToken),
      schema: { body: inviteIssueRequestSchema, response: { 200: inviteIssueResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return issueInvite(deps.db, request.body, deps.now());
    },
  );
};
