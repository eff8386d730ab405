import {
  availablePackagesRequestSchema,
  availablePackagesResponseSchema,
  availablePriceEstimateQuerySchema,
  availablePriceEstimateResponseSchema,
  countryQuerySchema,
  demoNotifyMeResponseSchema,
  lastSaleResponseSchema,
  notifyMeRequestSchema,
  notifyMeResponseSchema,
  packageParamsSchema,
  packageResponseSchema,
  packagesAvailabilityConfigSchema,
  paymentServicesRequestSchema,
  paymentServicesResponseSchema,
} from '@contract/catalogue';
import {
  catalogueAdminListResponseSchema,
  catalogueAdminPriceRequestSchema,
  catalogueAdminProductResponseSchema,
  catalogueAdminStockRequestSchema,
} from '@contract/catalogue-admin';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';
import { operatorGuard } from '../../plugins/operator';
import { limitOverall, limitPerClient } from '../../plugins/rate-limit';
import { createResponseMemo, type ResponseMemo, sendJson } from '../../plugins/response-memo';
import type { CatalogueService } from './service';

export interface CatalogueRoutesOptions {
  service: CatalogueService;
  /** The catalogue's answers, kept per catalogue version. */
  memo: ResponseMemo;
  /** The operator token of this process; without one the admin calls are closed. */
  operatorToken?: string | undefined;
  /** Notify-me's limits: per client before the body is read, then overall for the valid requests. */
  notifyMeLimits?: NotifyMeLimits | undefined;
  /** Spec §9's book-a-demo route flag: its notify-me call exists only while it is on. */
  bookADemo?: boolean;
}

type RequestHook = (request: FastifyRequest) => Promise<void>;
export interface NotifyMeLimits {
  perClient: RequestHook;
  overall: RequestHook;
}

/** A notify-me body is an e-mail address or a phone number. */
const NOTIFY_ME_BODY_LIMIT = 4 * 1024;

/** Catalogue reads may be cached by the service worker but must be revalidated: prices and stock change. */
const REVALIDATE = 'no-cache';
/** Estimates and writes are never cached (spec §7: no caching). */
const NO_STORE = 'no-store';

/** Under /api/commerce: packages, estimates, availability, last sale, notify-me, and the operator calls. */
export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueRoutesOptions> = async (app, options) => {
  const { service, memo } = options;
  const operatorOnly = operatorGuard(options.operatorToken);

  app.get(
    '/packages/:id/v1/',
    {
      schema: {
        params: packageParamsSchema,
        querystring: countryQuerySchema,
        response: { 200: packageResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const country = request.query.country_name_enum;
      const json = await memo.json(`package ${id} ${country}`, packageResponseSchema, async () => ({
        package: await service.getPackage(id, country),
      }));
      return sendJson(reply.header('cache-control', REVALIDATE), json);
    },
  );

  app.get(
    '/packages/available/price_estimate/v1/',
    {
      schema: {
        querystring: availablePriceEstimateQuerySchema,
        response: { 200: availablePriceEstimateResponseSchema },
      },
    },
    async (request, reply) => {
      const { package_codes: codes, country_name_enum: country } = request.query;
      const json = await memo.json(
        `estimate ${country} ${codes.join(',')}`,
        availablePriceEstimateResponseSchema,
        () => service.priceEstimate(codes, country),
      );
      return sendJson(reply.header('cache-control', NO_STORE), json);
    },
  );

  app.post(
    '/packages/available/v1/',
    { schema: { body: availablePackagesRequestSchema, response: { 200: availablePackagesResponseSchema } } },
    async (request, reply) => {
      const json = await memo.json(
        `available ${JSON.stringify(request.body)}`,
        availablePackagesResponseSchema,
        () => service.availablePackages(request.body),
      );
      return sendJson(reply.header('cache-control', NO_STORE), json);
    },
  );

  app.get(
    '/packages/:id/last_sale/v1/',
    { schema: { params: packageParamsSchema, response: { 200: lastSaleResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', REVALIDATE);
      return service.lastSale(request.params.id);
    },
  );

  app.post(
    '/packages/:id/notify_me/v1/',
    {
      bodyLimit: NOTIFY_ME_BODY_LIMIT,
      onRequest: options.notifyMeLimits ? [options.notifyMeLimits.perClient] : [],
      preHandler: options.notifyMeLimits ? [options.notifyMeLimits.overall] : [],
      schema: {
        params: packageParamsSchema,
        body: notifyMeRequestSchema,
        response: { 200: notifyMeResponseSchema, 201: notifyMeResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await service.notifyMe(request.params.id, request.body);
      reply.header('cache-control', NO_STORE).code(result.created ? 201 : 200);
      return result;
    },
  );

  // The book-a-demo routes are not offered while their flag is off, so neither is their notify-me.
  if (options.bookADemo) {
    app.post(
      '/book_a_demo/notify_me/v1/',
      {
        bodyLimit: NOTIFY_ME_BODY_LIMIT,
        onRequest: options.notifyMeLimits ? [options.notifyMeLimits.perClient] : [],
        preHandler: options.notifyMeLimits ? [options.notifyMeLimits.overall] : [],
        schema: {
          body: notifyMeRequestSchema,
          response: { 200: demoNotifyMeResponseSchema, 201: demoNotifyMeResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await service.notifyMeOfDemos(request.body);
        reply.header('cache-control', NO_STORE).code(result.created ? 201 : 200);
        return result;
      },
    );
  }

  // ---- operator (npm run shop -- catalogue …) ----

  app.get(
    '/admin/catalogue/v1/',
    { onRequest: operatorOnly, schema: { response: { 200: catalogueAdminListResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', NO_STORE);
      return service.adminList();
    },
  );

  app.post(
    '/admin/catalogue/price/v1/',
    {
      onRequest: operatorOnly,
      schema: {
        body: catalogueAdminPriceRequestSchema,
        response: { 200: catalogueAdminProductResponseSchema },
      },
    },
    async (request, reply) => {
      const product = await service.setPrice(request.body);
      request.log.info(
        { catalogue: { product_code: product.product_code, prices: product.prices } },
        'price changed by operator',
      );
      reply.header('cache-control', NO_STORE);
      return { product };
    },
  );

  app.post(
    '/admin/catalogue/stock/v1/',
    {
      onRequest: operatorOnly,
      schema: {
        body: catalogueAdminStockRequestSchema,
        response: { 200: catalogueAdminProductResponseSchema },
      },
    },
    async (request, reply) => {
      const product = await service.setStock(request.body);
      request.log.info(
        {
          catalogue: {
            product_code: product.product_code,
            availability_type: product.availability_type,
            available_quantity: product.available_quantity,
          },
        },
        'stock changed by operator',
      );
      reply.header('cache-control', NO_STORE);
      return { product };
    },
  );
};

/** Under /api/invoicing: which payment services each package can be paid with. */
export const paymentServicesRoutes: FastifyPluginAsyncZod<{
  service: CatalogueService;
  memo: ResponseMemo;
}> = async (app, { service, memo }) => {
  app.post(
    '/packages/payment_services/v1/',
    { schema: { body: paymentServicesRequestSchema, response: { 200: paymentServicesResponseSchema } } },
    async (request, reply) => {
      const { package_codes: codes, country_name_enum: country } = request.body;
      const json = await memo.json(
        `payment ${country} ${codes.join(',')}`,
        paymentServicesResponseSchema,
        () => service.paymentServices(codes, country),
      );
      return sendJson(reply.header('cache-control', NO_STORE), json);
    },
  );
};

/** GET /config/packagesAvailabilityConfig.json: the "static" availability list, generated from the database. */
export const availabilityConfigRoutes: FastifyPluginAsyncZod<{
  service: CatalogueService;
  memo: ResponseMemo;
}> = async (app, { service, memo }) => {
  app.get(
    '/config/packagesAvailabilityConfig.json',
    { schema: { response: { 200: packagesAvailabilityConfigSchema } } },
    async (_request, reply) => {
      const json = await memo.json('availability', packagesAvailabilityConfigSchema, () =>
        service.availabilityConfig(),
      );
      return sendJson(reply.header('cache-control', REVALIDATE), json);
    },
  );
};

function notifyMeLimits({ db, now, config }: ModuleOptions): NotifyMeLimits {
  const rule = { name: 'notify_me', windowSeconds: 3600 };
  return {
    perClient: limitPerClient(
      { db, now },
      {
        ...rule,
        limit: config.NOTIFY_ME_IP_LIMIT_PER_HOUR,
        message: 'Too many requests were sent from this network. Try again later.',
      },
    ),
    overall: limitOverall(
      { db, now },
      {
        ...rule,
        limit: config.NOTIFY_ME_LIMIT_PER_HOUR,
        message: 'We are taking too many requests right now. Try again later.',
      },
    ),
  };
}

/** The catalogue answers under three services: commerce, invoicing, and the static-looking /config file. */
export const catalogueModule = fp<ModuleOptions>(
  async (app, deps) => {
    const { catalogue: service, catalogueVersion: version } = deps.services;
    const memo = createResponseMemo(version);
    await app.register(catalogueRoutes, {
      prefix: '/api/commerce',
      service,
      memo,
      operatorToken: deps.operatorToken,
      notifyMeLimits: notifyMeLimits(deps),
      bookADemo: deps.config.features.bookADemoRoute,
    });
    await app.register(paymentServicesRoutes, { prefix: '/api/invoicing', service, memo });
    await app.register(availabilityConfigRoutes, { service, memo });
  },
  { name: 'catalogue' },
);
