import { healthSchema } from '@contract/common';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Database, pingDatabase } from '../db/client';
import { HttpError } from '../errors';

/** How often the database is pinged in the background, and how long a ping may take before it counts as down. */
export const HEALTH_PROBE_INTERVAL_MS = 1000;
export const HEALTH_PROBE_TIMEOUT_MS = 2000;

export interface HealthProbe {
  /** True when the last ping answered within the timeout. */
  healthy(): boolean;
  /** Pings now (the first ping, or a test's). */
  probe(): Promise<void>;
  start(): Promise<void>;
  stop(): void;
}

/**
 * The database's health, pinged in the background so /healthz answers from memory: a load balancer's probe (or a
 * crowd of them) never queues behind the database, and a database that stops answering is reported within one
 * interval plus the timeout.
 */
export function createHealthProbe(options: {
  ping: () => Promise<void>;
  onDown?: (error: unknown) => void;
  intervalMs?: number;
  timeoutMs?: number;
}): HealthProbe {
  const {
    ping,
    onDown,
    intervalMs = HEALTH_PROBE_INTERVAL_MS,
    timeoutMs = HEALTH_PROBE_TIMEOUT_MS,
  } = options;
  let ok = false;
  let inFlight: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  function probe(): Promise<void> {
    inFlight ??= (async () => {
      let timeout: NodeJS.Timeout | undefined;
      try {
        // A ping that hangs (a dead connection) counts as down, and the next tick pings afresh.
        await Promise.race([
          ping(),
          new Promise<never>((_resolve, reject) => {
            timeout = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        ok = true;
      } catch (error) {
        if (ok) onDown?.(error);
        ok = false;
      } finally {
        clearTimeout(timeout);
        inFlight = undefined;
      }
    })();
    return inFlight;
  }

  return {
    healthy: () => ok,
    probe,
    async start() {
      if (timer) return;
      timer = setInterval(() => void probe(), intervalMs);
      timer.unref();
      await probe();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

export interface HealthPluginOptions {
  db: Database;
}

/** Serialised once: the answer never changes. */
const HEALTHY = JSON.stringify({ status: 'ok' });

function sendHealthy(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(HEALTHY);
}

/** GET /healthz: 200 while the background ping answers, 503 with spec §8's body when it does not. */
export const healthPlugin: FastifyPluginAsyncZod<HealthPluginOptions> = async (app, { db }) => {
  const health = createHealthProbe({
    ping: () => pingDatabase(db),
    onDown: (error) => app.log.error({ err: error }, 'health check: database unreachable'),
  });
  app.addHook('onReady', async () => {
    await health.start();
    if (!health.healthy()) app.log.error('health check: database unreachable');
  });
  app.addHook('onClose', async () => health.stop());

  app.get('/healthz', { schema: { response: { 200: healthSchema } } }, async (_request, reply) => {
    if (!health.healthy()) {
      throw new HttpError(503, 'Database unavailable', { res_status: 'SERVICE_UNAVAILABLE' });
    }
    return sendHealthy(reply);
  });
};
