import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';
import { operatorGuard } from '../../plugins/operator';
import {
  INVITES_ADMIN_PATH,
  INVITES_REVOKE_PATH,
  inviteIssueRequestSchema,
  inviteIssueResponseSchema,
  inviteListResponseSchema,
  inviteRevokeRequestSchema,
  inviteRevokeResponseSchema,
  issueInvite,
  readInvites,
  revokeInviteBy,
} from './cli';

/** The operator's invite commands through the running server (`npm run shop -- invites issue|list|revoke`). */
export const invitesModule: FastifyPluginAsyncZod<ModuleOptions> = async (app, deps) => {
  const onRequest = operatorGuard(deps.operatorToken);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.post(
    INVITES_ADMIN_PATH,
    { onRequest, schema: { body: inviteIssueRequestSchema, response: { 200: inviteIssueResponseSchema } } },
    async (request) => issueInvite(deps.db, request.body, deps.now()),
  );
  app.get(
    INVITES_ADMIN_PATH,
    { onRequest, schema: { response: { 200: inviteListResponseSchema } } },
    async () => readInvites(deps.db, deps.now()),
  );
  app.post(
    INVITES_REVOKE_PATH,
    { onRequest, schema: { body: inviteRevokeRequestSchema, response: { 200: inviteRevokeResponseSchema } } },
    async (request) => revokeInviteBy(deps.db, request.body),
  );
};
