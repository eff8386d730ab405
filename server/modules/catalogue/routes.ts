import {
  availablePackagesRequestSchema,
  availablePackagesResponseSchema,
  availablePriceEstimateQuerySchema,
  availablePriceEstimateResponseSchema,
  catalogueAdminListResponseSchema,
  catalogueAdminPriceRequestSchema,
  catalogueAdminProductResponseSchema,
  catalogueAdminStockRequestSchema,
  countryQuerySchema,
  lastSaleResponseSchema,
  notifyMeRequestSchema,
  notifyMeResponseSchema,
  packageParamsSchema,
  packageResponseSchema,
  packagesAvailabilityConfigSchema,
  paymentServicesRequestSchema,
  paymentServicesResponseSchema,
} from '@contract/catalogue';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';
import { operatorGuard } from '../../plugins/operator';
import { limitOverall, limitPerClient } from '../../plugins/rate-limit';
import { type CatalogueService, createCatalogueService } from './service';

export interface CatalogueRoutesOptions {
  service: CatalogueService;
  /** The operator token of this process; without one the admin calls are closed. */
  operatorToken?: string | undefined;
  /** Notify-me's limits: per client before the body is read, then overall for the valid requests. */
  notifyMeLimits?: NotifyMeLimits | undefined;
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
  const { service } = options;
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
      reply.header('cache-control', REVALIDATE);
      return { package: await service.getPackage(request.params.id, request.query.country_name_enum) };
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
      reply.header('cache-control', NO_STORE);
      return service.priceEstimate(request.query.package_codes, request.query.country_name_enum);
    },
  );

  app.post(
    '/packages/available/v1/',
    { schema: { body: availablePackagesRequestSchema, response: { 200: availablePackagesResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return service.availablePackages(request.body);
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
export const paymentServicesRoutes: FastifyPluginAsyncZod<{ service: CatalogueService }> = async (
  app,
  { service },
) => {
  app.post(
    '/packages/payment_services/v1/',
    { schema: { body: paymentServicesRequestSchema, response: { 200: paymentServicesResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return service.paymentServices(request.body.package_codes, request.body.country_name_enum);
    },
  );
};

/** GET /config/packagesAvailabilityConfig.json: the "static" availability list, generated from the database. */
export const availabilityConfigRoutes: FastifyPluginAsyncZod<{ service: CatalogueService }> = async (
  app,
  { service },
) => {
  app.get(
    '/config/packagesAvailabilityConfig.json',
    { schema: { response: { 200: packagesAvailabilityConfigSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', REVALIDATE);
      return service.availabilityConfig();
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
export const catalogueModule: FastifyPluginAsyncZod<ModuleOptions> = async (app, deps) => {
  const service = createCatalogueService({
    db: deps.db,
    now: deps.now,
    internationalPayments: deps.config.features.internationalPayments,
  });
  await app.register(catalogueRoutes, {
    prefix: '/api/commerce',
    service,
    operatorToken: deps.operatorToken,
    notifyMeLimits: notifyMeLimits(deps),
  });
  await app.register(paymentServicesRoutes, { prefix: '/api/invoicing', service });
  await app.register(availabilityConfigRoutes, { service });
};
