import {
  licenceDeviceRequestSchema,
  licenceDeviceResponseSchema,
  userBusinessLicencesResponseSchema,
} from '@contract/licences';
import {
  fetchAndUpdatePaymentStatusRequestSchema,
  fetchAndUpdatePaymentStatusResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  orderCancelResponseSchema,
  orderCreateRequestSchema,
  orderCreateResponseSchema,
  orderDetailsQuerySchema,
  orderParamsSchema,
  orderResponseSchema,
  orderStatusResponseSchema,
  userOrdersResponseSchema,
} from '@contract/orders';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';
import type { Database } from '../../db/client';
import { HttpError } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { operatorGuard } from '../../plugins/operator';
import type { EstimateVariant } from '../checkout/rules';
import { createInviteGuessLimit, type InviteGuessLimit } from '../invites/guesses';
import { gameKeysRequestSchema, gameKeysResponseSchema, readRefunds, refundsResponseSchema } from './cli';
import { listLicences, registerDevice } from './licences';
import type { OrdersService } from './service';

const NO_STORE = 'no-store';
/** A create body names at most 20 packages and the buyer's addresses. */
const CREATE_BODY_LIMIT = 32 * 1024;

const CREATES: readonly { path: string; variant: EstimateVariant }[] = [
  { path: '/order/create/v1/', variant: { international: false, singlePackage: true } },
  { path: '/order/create/multiple_packages/v1/', variant: { international: false, singlePackage: false } },
  { path: '/order/create/multiple_packages/v2/', variant: { international: true, singlePackage: false } },
];

function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(header) ? header[0] : header);
  if (!parsed.success) {
    throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Send an Idempotency-Key header', {
      field: 'Idempotency-Key',
    });
  }
  return parsed.data;
}

/** Under /api/commerce: create, status, cancel, history and details (spec §7), each the signed-in buyer's. */
const commerceRoutes: FastifyPluginAsyncZod<{
  service: OrdersService;
  db: Database;
  operatorToken: string | undefined;
  /** PUBLIC_URL: the origin a hosted payment page sends the buyer back to, else the request's. */
  publicUrl: string | undefined;
  now: () => Date;
  withInviteGuess: InviteGuessLimit;
}> = async (app, { service, db, operatorToken, publicUrl, now, withInviteGuess }) => {
  const requireUser = app.requireUser();
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', NO_STORE);
  });

  for (const { path, variant } of CREATES) {
    app.post(
      path,
      {
        bodyLimit: CREATE_BODY_LIMIT,
        preHandler: requireUser,
        schema: { body: orderCreateRequestSchema, response: { 200: orderCreateResponseSchema } },
      },
      async (request) => {
        const idempotencyKey = idempotencyKeyOf(request);
        const userId = currentUser(request).userId;
        return withInviteGuess({ userId, ip: request.ip }, request.body.invite_code, () =>
          service.create({
            userId,
            body: request.body,
            variant,
            idempotencyKey,
            origin: publicUrl ?? `${request.protocol}://${request.host}`,
            ip: request.ip,
          }),
        );
      },
    );
  }

  app.get(
    '/order/:id/status/v1/',
    {
      preHandler: requireUser,
      schema: { params: orderParamsSchema, response: { 200: orderStatusResponseSchema } },
    },
    async (request) => service.status(request.params.id, currentUser(request).userId),
  );

  app.get(
    '/order/:id/cancel/v1/',
    {
      preHandler: requireUser,
      schema: { params: orderParamsSchema, response: { 200: orderCancelResponseSchema } },
    },
    async (request) => service.cancel(request.params.id, currentUser(request).userId),
  );

  app.get(
    '/user/orders/v1/',
    { preHandler: requireUser, schema: { response: { 200: userOrdersResponseSchema } } },
    async (request) => ({
      orders: await service.history(currentUser(request).userId),
    }),
  );

  app.get(
    '/user/business_licences/v1/',
    { preHandler: requireUser, schema: { response: { 200: userBusinessLicencesResponseSchema } } },
    async (request) => ({ licences: await listLicences(db, currentUser(request).userId) }),
  );

  app.post(
    '/user/business_licence_device/v1/',
    {
      preHandler: requireUser,
      schema: { body: licenceDeviceRequestSchema, response: { 200: licenceDeviceResponseSchema } },
    },
    async (request) => ({
      licence: await registerDevice(db, currentUser(request).userId, request.body, now()),
    }),
  );

  app.get(
    '/order/details/v1/',
    {
      preHandler: requireUser,
      schema: { querystring: orderDetailsQuerySchema, response: { 200: orderResponseSchema } },
    },
    async (request) => ({
      order: await service.details(request.query.order_id, currentUser(request).userId),
    }),
  );

  // ---- operator (npm run shop -- orders add-game-keys …) ----
  app.post(
    '/admin/game_keys/v1/',
    {
      onRequest: operatorGuard(operatorToken),
      schema: { body: gameKeysRequestSchema, response: { 200: gameKeysResponseSchema } },
    },
    async (request) => service.addGameKeys(request.body.product_code, request.body.keys),
  );

  // ---- operator (npm run shop -- orders refunds) ----
  app.get(
    '/admin/refunds/v1/',
    { onRequest: operatorGuard(operatorToken), schema: { response: { 200: refundsResponseSchema } } },
    async () => readRefunds(db),
  );
};

/** Under /api/invoicing: one order in full, and the payment status reconciliation. */
const invoicingRoutes: FastifyPluginAsyncZod<{ service: OrdersService }> = async (app, { service }) => {
  const requireUser = app.requireUser();
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', NO_STORE);
  });

  app.get(
    '/orders/:id/v1/',
    {
      preHandler: requireUser,
      schema: { params: orderParamsSchema, response: { 200: orderResponseSchema } },
    },
    async (request) => ({
      order: await service.details(request.params.id, currentUser(request).userId),
    }),
  );

  app.post(
    '/orders/:id/fetch_and_update_payment_status/v1/',
    {
      preHandler: requireUser,
      schema: {
        params: orderParamsSchema,
        body: fetchAndUpdatePaymentStatusRequestSchema,
        response: { 200: fetchAndUpdatePaymentStatusResponseSchema },
      },
    },
    async (request) =>
      service.reconcile(request.params.id, currentUser(request).userId, request.body.payment_result),
  );
};

/** Orders: priced by the checkout's own estimate, paid through the configured provider, expired by a sweep. */
export const ordersModule = fp<ModuleOptions>(
  async (app, deps) => {
    const service = deps.services.orders;

    // Lapsed reservations are given back in the background too, not only when someone reads the order.
    let sweep: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      sweep = setInterval(() => {
        service.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'order sweep failed'));
      }, deps.config.ORDER_EXPIRY_SWEEP_MS);
      sweep.unref();
    });
    app.addHook('onClose', async () => clearInterval(sweep));

    await app.register(commerceRoutes, {
      prefix: '/api/commerce',
      service,
      db: deps.db,
      operatorToken: deps.operatorToken,
      publicUrl: deps.config.PUBLIC_URL,
      now: deps.now,
      withInviteGuess: createInviteGuessLimit({
        db: deps.db,
        now: deps.now,
        config: deps.config,
      }),
    });
    await app.register(invoicingRoutes, { prefix: '/api/invoicing', service });
  },
  { name: 'orders' },
);
