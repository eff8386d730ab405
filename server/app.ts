import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pino from 'pino';
import { type Config, productionProblems } from './config';
import type { Database } from './db/client';
import { associatesRoutes } from './modules/associates/routes';
import { deriveKeys } from './modules/auth/crypto';
import { createDelivery } from './modules/auth/delivery/index';
import type { CodeDelivery } from './modules/auth/delivery/types';
import { formsAuthRoutes } from './modules/auth/forms-routes';
import { createOidcService } from './modules/auth/oidc';
import { createOtpService } from './modules/auth/otp';
import { resolveAuthSecret } from './modules/auth/secret';
import { createAuthService } from './modules/auth/service';
import { createTokenService } from './modules/auth/tokens';
import { availabilityConfigRoutes, catalogueRoutes, paymentServicesRoutes } from './modules/catalogue/routes';
import { createCatalogueService } from './modules/catalogue/service';
import { commerceRoutes } from './modules/commerce/routes';
import { formsRoutes } from './modules/forms/routes';
import { invoicingRoutes } from './modules/invoicing/routes';
import { maintenanceGate } from './modules/maintenance/gate';
import { maintenanceRoutes } from './modules/maintenance/routes';
import { createMaintenanceService, type MaintenanceService } from './modules/maintenance/service';
import { marketingRoutes } from './modules/marketing/routes';
import { postalRoutes } from './modules/postal/routes';
import { userRoutes } from './modules/user/routes';
import { createUserService } from './modules/user/service';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { errorsPlugin } from './plugins/errors';
import { gracefulClosePlugin } from './plugins/graceful';
import { healthPlugin } from './plugins/health';
import { requestLogPlugin } from './plugins/request-log';
import { securityPlugin } from './plugins/security';
import { createSpaFallback, storefrontPlugin } from './plugins/static';

export interface AppDeps {
  config: Config;
  db: Database;
  /** A pino logger; by default one is made from LOG_LEVEL. */
  logger?: FastifyBaseLogger;
  /** The clock; tests inject one. */
  now?: () => Date;
  /** This process's operator token (written to DATA_DIR/operator.token by main.ts). */
  operatorToken?: string;
  /** How long a process may reuse the maintenance state it read (default 2 s). */
  maintenanceCacheMs?: number;
  /** Where one-time codes go; by default the adapter OTP_DELIVERY names. Tests pass memoryDelivery(). */
  codeDelivery?: CodeDelivery;
  /** The issuer's HTTP client for social login (tests may wrap it). */
  oidcFetch?: typeof fetch;
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

export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): FastifyBaseLogger {
  return pino({
    level: config.LOG_LEVEL,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
  });
}

/** The services of spec §7, each a Fastify plugin under its prefix (DESIGN.md §2). */
const SERVICES = [
  { prefix: '/api/commerce', plugin: commerceRoutes },
  { prefix: '/api/invoicing', plugin: invoicingRoutes },
  { prefix: '/api/forms', plugin: formsRoutes },
  { prefix: '/api/associates', plugin: associatesRoutes },
  { prefix: '/api/postal', plugin: postalRoutes },
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

  const app = Fastify({
    loggerInstance: deps.logger ?? createLogger(config),
    // One line per request comes from the request-log plugin instead.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.TRUST_PROXY,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const maintenance: MaintenanceService = createMaintenanceService({
    db,
    now,
    ...(deps.maintenanceCacheMs === undefined ? {} : { cacheMs: deps.maintenanceCacheMs }),
  });

  app.register(requestLogPlugin);
  app.register(gracefulClosePlugin);
  app.register(errorsPlugin, { spaFallback: createSpaFallback(config.STATIC_DIR) });
  app.register(securityPlugin, { production: config.NODE_ENV === 'production' });
  app.register(compressionPlugin);
  app.register(maintenanceGate, { service: maintenance });

  const logger = app.log;
  const keys = deriveKeys(resolveAuthSecret(config, logger));
  const tokens = createTokenService({
    db,
    accessKey: keys.accessToken,
    hashKey: keys.tokenHash,
    accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    now,
    onReuse: (info) => logger.warn(info, 'a rotated refresh token was used again: session revoked'),
  });
  const otp = createOtpService({
    db,
    key: keys.codeHash,
    delivery: deps.codeDelivery ?? createDelivery(config, logger),
    limits: {
      resendCooldownSeconds: config.OTP_RESEND_COOLDOWN_SECONDS,
      subjectPerHour: config.OTP_PHONE_LIMIT_PER_HOUR,
      ipPerHour: config.OTP_IP_LIMIT_PER_HOUR,
    },
    now,
  });
  const users = createUserService({ db, otp, now });
  const oidc = createOidcService({
    db,
    config,
    hashKey: keys.tokenHash,
    now,
    ...(deps.oidcFetch ? { fetch: deps.oidcFetch } : {}),
  });
  const auth = createAuthService({ otp, tokens, users, oidc, testNumbers: config.OTP_TEST_NUMBERS });
  app.register(authPlugin, { tokens });

  app.register(healthPlugin, { db });
  app.register(userRoutes, { prefix: '/api/user', auth, users, oidc });
  app.register(formsAuthRoutes, { prefix: '/api/forms', auth });
  for (const { prefix, plugin } of SERVICES) {
    app.register(plugin, { prefix });
  }
  app.register(maintenanceRoutes, {
    prefix: '/api/maintenance',
    service: maintenance,
    operatorToken: deps.operatorToken,
  });

  app.register(marketingRoutes, { prefix: '/api/marketing', db, now });

  const catalogue = createCatalogueService({ db, now });
  app.register(catalogueRoutes, {
    prefix: '/api/commerce',
    service: catalogue,
    operatorToken: deps.operatorToken,
  });
  app.register(paymentServicesRoutes, { prefix: '/api/invoicing', service: catalogue });
  app.register(availabilityConfigRoutes, { service: catalogue });

  app.register(storefrontPlugin, { root: config.STATIC_DIR });

  return app;
}

export type App = ReturnType<typeof buildApp>;
