import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { CodeDelivery } from './modules/auth/delivery/types';
import type { PaymentProvider } from './modules/payments/provider';
import type { Services } from './services';

export interface AppDeps {
  config: Config;
  db: Database;
  /** A pino logger; by default one is made from LOG_LEVEL. */
  logger?: FastifyBaseLogger;
  /** The clock; tests inject one. */
  now?: () => Date;
  /** This process's operator token (written to DATA_DIR/operator.token by main.ts). */
  operatorToken?: string;
  /** How often a process re-reads the maintenance state in the background (default 1 s). */
  maintenanceCacheMs?: number;
  /** Where one-time codes go; by default the adapter OTP_DELIVERY names. Tests pass memoryDelivery(). */
  codeDelivery?: CodeDelivery;
  /** The issuer's HTTP client for social login (tests may wrap it). */
  oidcFetch?: typeof fetch;
  /** The payment provider; by default the one PAYMENT_PROVIDER names. Tests may pass their own. */
  paymentProvider?: PaymentProvider;
}

/** What every module plugin is registered with: the app's dependencies, the clock settled, the shared services. */
export type ModuleOptions = Omit<AppDeps, 'logger'> & { now: () => Date; services: Services };
