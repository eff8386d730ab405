import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { AppDeps } from '../../context';
import type { CspSources } from '../../plugins/security';
import { resolveAuthSecret } from '../auth/secret';
import type { PaymentProvider, ProviderName } from './provider';
import { createRazorpayProvider, RAZORPAY_CSP_SOURCES } from './razorpay';
import { createSandbox, SANDBOX_WEBHOOK_PATH, type Sandbox } from './sandbox';
import { hmacHex } from './signature';

/** What an adapter other than the sandbox is built from (its own keys, and the HTTP client to reach it). */
export interface ProviderFactoryInput {
  config: Config;
  fetch: typeof fetch;
}

/** The adapters this build has, by PAYMENT_PROVIDER name; the sandbox is always there. */
export type ProviderRegistry = Partial<
  Record<Exclude<ProviderName, 'sandbox'>, (input: ProviderFactoryInput) => PaymentProvider>
>;

/** Adapters other than the sandbox (loadConfig makes sure their keys are set). */
export const PROVIDERS: ProviderRegistry = {
  razorpay: ({ config, fetch }) =>
    createRazorpayProvider({
      keyId: config.RAZORPAY_KEY_ID ?? '',
      keySecret: config.RAZORPAY_KEY_SECRET ?? '',
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET ?? '',
      fetch,
    }),
};

/** The provider PAYMENT_PROVIDER names; refuses to start with one this build does not have. */
export function createPaymentProvider(
  config: Config,
  sandbox: Sandbox,
  registry: ProviderRegistry = PROVIDERS,
  httpFetch: typeof fetch = fetch,
): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'sandbox') return sandbox.provider;
  const factory = registry[config.PAYMENT_PROVIDER];
  if (!factory) {
    throw new Error(
      `PAYMENT_PROVIDER=${config.PAYMENT_PROVIDER} is not available in this build; use PAYMENT_PROVIDER=sandbox`,
    );
  }
  return factory({ config, fetch: httpFetch });
}

/**
 * The sandbox's signing secret: SANDBOX_SECRET, else one derived from the shop's auth secret (AUTH_SECRET, or the
 * one generated into DATA_DIR), so no two shops share one and none is written in the source.
 */
export function sandboxSecret(config: Pick<Config, 'SANDBOX_SECRET'>, authSecret: () => string): string {
  return config.SANDBOX_SECRET ?? hmacHex(authSecret(), 'sandbox provider');
}

/** The origins PAYMENT_PROVIDER's checkout loads from, for the CSP (the sandbox is served by the shop itself). */
export function providerCspSources(config: Pick<Config, 'PAYMENT_PROVIDER'>): CspSources {
  return config.PAYMENT_PROVIDER === 'razorpay' ? RAZORPAY_CSP_SOURCES : {};
}

/** The payment provider PAYMENT_PROVIDER names (or the one a test passed), and the built-in sandbox. */
export interface Payments {
  provider: PaymentProvider;
  sandbox: Sandbox;
}

/** Built once per app, before the orders that pay through it. */
export function createPayments(
  deps: Pick<AppDeps, 'config' | 'db' | 'paymentProvider'> & { now: () => Date },
  app: Pick<FastifyInstance, 'inject'> & { log: FastifyBaseLogger },
): Payments {
  const { config } = deps;
  const secret = sandboxSecret(config, () => resolveAuthSecret(config, app.log));
  const sandbox = createSandbox({
    db: deps.db,
    secret,
    now: deps.now,
    settleMs: config.SANDBOX_PENDING_SETTLE_MS,
    webhookDelayMs: config.SANDBOX_WEBHOOK_DELAY_MS,
    log: app.log.child({ module: 'sandbox' }),
    // Through the HTTP layer, so the webhook route checks the signature as it would a real provider's.
    deliver: async (rawBody, headers) => {
      const response = await app.inject({
        method: 'POST',
        url: SANDBOX_WEBHOOK_PATH,
        payload: rawBody,
        headers,
      });
      if (response.statusCode >= 300) {
        throw new Error(`webhook answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
      }
    },
  });
  const provider = deps.paymentProvider ?? createPaymentProvider(config, sandbox);
  return { provider, sandbox };
}
