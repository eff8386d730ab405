import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyRequest, LogController } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pino from 'pino';
import { type Config, productionProblems, trustProxyOption } from './config';
import type { AppDeps, ModuleOptions } from './context';
import { errorForLog } from './errors';
import { adsModule } from './modules/ads/routes';
import { associatesModule } from './modules/associates/routes';
import { authModule } from './modules/auth/routes';
import { catalogueModule } from './modules/catalogue/routes';
import { type CatalogueVersion, watchCatalogueVersion } from './modules/catalogue/version';
import { checkoutModule } from './modules/checkout/routes';
import { formsModule } from './modules/forms/routes';
import { invitesModule } from './modules/invites/routes';
import { maintenanceModule } from './modules/maintenance/routes';
import { marketingModule } from './modules/marketing/routes';
import { ordersModule } from './modules/orders/routes';
import type { OrdersService } from './modules/orders/service';
import type { OrderPayments } from './modules/payments/provider';
import { type Payments, providerCspSources } from './modules/payments/providers';
import { paymentRoutesModule, paymentsModule } from './modules/payments/routes';
import { placesModule } from './modules/places/routes';
import { retentionModule } from './modules/retention/routes';
import { userModule } from './modules/user/routes';
import { bodyTimeoutPlugin } from './plugins/body-timeout';
import { compressionPlugin } from './plugins/compression';
import { clientErrorHandler, errorsPlugin, frameworkErrorHandler } from './plugins/errors';
import { gracefulClosePlugin } from './plugins/graceful';
import { healthPlugin } from './plugins/health';
import { createPages } from './plugins/pages';
import { refusedBodyPlugin } from './plugins/refused-body';
import { redactUrl, requestLogPlugin } from './plugins/request-log';
import { baselineSecurityHeaders, securityPlugin } from './plugins/security';
import { storefrontPlugin } from './plugins/static';
import { buildServices } from './services';
import { contractValidatorCompiler } from './validation';

export type { AppDeps };

declare module 'fastify' {
  interface FastifyInstance {
    /** Handles on what buildApp built, for tests and tools; modules are handed their services as options. */
    catalogueVersion: CatalogueVersion;
    orders: OrdersService;
    orderPayments: OrderPayments;
    payments: Payments;
  }
}

/** Headers and fields that never reach the log. */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.otp',
  '*.refresh_token',
  '*.access_token',
];

/** The fields of Fastify's own request serializer, its URL without the secrets of its query. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function createLogger(
  config: Pick<Config, 'LOG_LEVEL'>,
  destination?: pino.DestinationStream,
): FastifyBaseLogger {
  return pino(
    {
      level: config.LOG_LEVEL,
      redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
      serializers: {
        // A database error keeps its query but not the values a buyer sent.
        err: (error: unknown) => errorForLog(error),
        req: requestForLog,
      },
    },
    destination,
  );
}

/**
 * The modules, in the order they are registered: each is a Fastify plugin that mounts its routes under its
 * service's prefix (spec §7), with the services buildServices made for it. Maintenance comes first, so its gate
 * sees every call; auth before the modules that use its accounts and `requireUser`.
 */
const MODULES = [
  maintenanceModule,
  authModule,
  userModule,
  marketingModule,
  catalogueModule,
  placesModule,
  checkoutModule,
  formsModule,
  associatesModule,
  paymentsModule,
  ordersModule,
  adsModule,
  invitesModule,
  paymentRoutesModule,
  retentionModule,
] as const;

/**
 * Builds the shop's server: plugins, modules and static PWA. Not yet listening or ready,
 * so tests may add routes before the first `inject`.
 */
export function buildApp(deps: AppDeps) {
  const { config, db } = deps;
  const now = deps.now ?? (() => new Date());
  // Also checked by loadConfig; repeated here so no caller can build an unsafe production app.
  const unsafe = productionProblems(config);
  if (unsafe.length > 0) throw new Error(`Refusing to start: ${unsafe.join('; ')}`);

  const logger = deps.logger ?? createLogger(config);
  // Answers written before routing (a bad URL, oversized headers) carry the spec's body and the security headers.
  const csp = providerCspSources(config);
  const early = { securityHeaders: baselineSecurityHeaders(config.NODE_ENV === 'production', csp) };
  const onClientError = clientErrorHandler(early, () => logger);
  const app = Fastify({
    loggerInstance: logger,
    frameworkErrors: frameworkErrorHandler(early),
    clientErrorHandler: onClientError,
    // One line per request comes from the request-log plugin instead.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // Slow clients (a trickled header or body, an idle keep-alive) are cut off instead of holding a socket; the
    // server-wide bound is the upload routes', and bodyTimeoutPlugin holds every other route to the shorter one.
    requestTimeout: Math.max(config.HTTP_REQUEST_TIMEOUT_MS, config.UPLOAD_BODY_TIMEOUT_MS),
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      // Node checks those two timeouts on this interval (30 s by default), so it bounds how late a cut comes.
      connectionsCheckingInterval: Math.min(
        1000,
        Math.max(10, Math.floor(config.HTTP_HEADERS_TIMEOUT_MS / 4)),
      ),
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(contractValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.register(requestLogPlugin);
  app.register(bodyTimeoutPlugin, { timeoutMs: config.HTTP_REQUEST_TIMEOUT_MS, onTimeout: onClientError });
  app.register(gracefulClosePlugin);
  app.register(refusedBodyPlugin, { drainMs: config.HTTP_REQUEST_TIMEOUT_MS });
  // Polled in the background: requests read the catalogue (and pages) from memory, keyed by this version.
  const catalogueVersion = watchCatalogueVersion(db, {
    onError: (error) => app.log.warn({ err: error }, 'could not read the catalogue version'),
  });
  app.decorate('catalogueVersion', catalogueVersion);
  app.addHook('onReady', () => catalogueVersion.start());
  app.addHook('onClose', async () => catalogueVersion.stop());
  const pages = createPages({ root: config.STATIC_DIR, catalogueVersion: catalogueVersion.current, csp });
  app.register(errorsPlugin, { spaFallback: pages.render });
  app.register(securityPlugin, { production: config.NODE_ENV === 'production', extra: csp });
  app.register(compressionPlugin);

  const { logger: _logger, ...rest } = deps;
  const services = buildServices({ ...rest, now }, app, catalogueVersion);
  app.decorate('orders', services.orders);
  app.decorate('orderPayments', services.orders.payments);
  app.decorate('payments', services.payments);
  const moduleOptions: ModuleOptions = { ...rest, now, services };
  for (const module of MODULES) app.register(module, moduleOptions);
  app.register(healthPlugin, { db });

  app.register(storefrontPlugin, { root: config.STATIC_DIR });
  app.register(pages.plugin);

  return app;
}

export type App = ReturnType<typeof buildApp>;
