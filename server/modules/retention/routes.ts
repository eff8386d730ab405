import fp from 'fastify-plugin';
import type { ModuleOptions } from '../../context';
import { createRetentionSweep, type RetentionSweep } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes anonymous writes, unused uploads, spent codes and keys; runs every RETENTION_SWEEP_MS once ready. */
    retention: RetentionSweep;
  }
}

/** Retention: no routes, a periodic sweep in every process (each deletes what no other is deleting). */
export const retentionModule = fp<ModuleOptions>(
  async (app, deps) => {
    const retention = createRetentionSweep({
      db: deps.db,
      now: deps.now,
      retentionDays: deps.config.RETENTION_DAYS,
      log: app.log.child({ module: 'retention' }),
      uploads: { storage: deps.services.storage, orphanHours: deps.config.UPLOAD_ORPHAN_HOURS },
      spent: {
        codeHours: deps.config.CODE_RETENTION_HOURS,
        idempotencyKeyHours: deps.config.IDEMPOTENCY_KEY_HOURS,
      },
    });
    app.decorate('retention', retention);

    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        retention.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'retention sweep failed'));
      }, deps.config.RETENTION_SWEEP_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await retention.settled();
    });
  },
  { name: 'retention' },
);
