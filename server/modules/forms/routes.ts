import { TOKEN_SETS } from '@contract/constants';
import {
  formSubmissionRequestSchema,
  formSubmissionResponseSchema,
  formSubmissionsQuerySchema,
  formSubmissionsResponseSchema,
} from '@contract/forms';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';
import { currentUser } from '../../plugins/auth';
import { idempotencyKeyOf } from '../../plugins/idempotency';
import { limitOverall, limitPerClient } from '../../plugins/rate-limit';
import { createFormsService, type FormsService } from './service';

type RequestHook = (request: FastifyRequest) => Promise<void>;

export interface FormsLimits {
  /** Per client, before the body is read. */
  perClient: RequestHook;
  /** Shop-wide, counting only the submissions that passed validation. */
  overall: RequestHook;
}

export interface FormsRoutesOptions {
  service: FormsService;
  limits?: FormsLimits | undefined;
}

/** A form is a few lines a person typed: a bigger body is a mistake or abuse. */
const BODY_LIMIT = 16 * 1024;
const NO_STORE = 'no-store';
const RECEIVED = 'Thanks, we have your request.';

/** Under /api/forms (spec §7 "Forms"): submissions, anonymous or the buyer's, and the buyer's own list. */
export const formsRoutes: FastifyPluginAsyncZod<FormsRoutesOptions> = async (app, { service, limits }) => {
  // Every token set may use the forms service: the shop's own (main, business) and the forms sign-in's.
  const requireUser = app.requireUser(TOKEN_SETS);
  const onRequest = limits ? [limits.perClient] : [];
  const overall = limits ? [limits.overall] : [];
  const submitSchema = {
    body: formSubmissionRequestSchema,
    response: { 201: formSubmissionResponseSchema },
  };

  app.post(
    '/create_public_ib_form_submission_details/v1/',
    { bodyLimit: BODY_LIMIT, onRequest, preHandler: overall, schema: submitSchema },
    async (request, reply) => {
      const submission = await service.submit(request.body, null, idempotencyKeyOf(request));
      return reply.header('cache-control', NO_STORE).code(201).send({ message: RECEIVED, submission });
    },
  );

  app.post(
    '/create_ib_form_submission/v1/',
    { bodyLimit: BODY_LIMIT, onRequest, preHandler: [requireUser, ...overall], schema: submitSchema },
    async (request, reply) => {
      const submission = await service.submit(
        request.body,
        currentUser(request).userId,
        idempotencyKeyOf(request),
      );
      return reply.header('cache-control', NO_STORE).code(201).send({ message: RECEIVED, submission });
    },
  );

  app.get(
    '/get_ib_form_submission_details/v1/',
    {
      preHandler: requireUser,
      schema: { querystring: formSubmissionsQuerySchema, response: { 200: formSubmissionsResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return { submissions: await service.list(currentUser(request).userId, request.query.form_id) };
    },
  );
};

function formsLimits({ db, now, config }: ModuleOptions): FormsLimits {
  const rule = { name: 'forms', windowSeconds: 3600 };
  return {
    perClient: limitPerClient(
      { db, now },
      {
        ...rule,
        limit: config.FORMS_IP_LIMIT_PER_HOUR,
        message: 'Too many forms were sent from this network. Try again later.',
      },
    ),
    overall: limitOverall(
      { db, now },
      {
        ...rule,
        limit: config.FORMS_LIMIT_PER_HOUR,
        message: 'We are taking too many requests right now. Try again later.',
      },
    ),
  };
}

export const formsModule = fp<ModuleOptions>(
  async (app, deps) => {
    await app.register(formsRoutes, {
      prefix: '/api/forms',
      service: createFormsService({
        db: deps.db,
        now: deps.now,
        testNumbers: deps.config.OTP_TEST_NUMBERS,
        formsLogin: deps.config.features.formsLogin,
      }),
      limits: formsLimits(deps),
    });
  },
  { name: 'forms' },
);
