import {
  maintenanceAdminRequestSchema,
  maintenanceAdminResponseSchema,
  maintenanceStatusSchema,
} from '@contract/maintenance';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';
import { operatorGuard } from '../../plugins/operator';
import { maintenanceGate } from './gate';
import { createMaintenanceService, MAINTENANCE_POLL_MS, type MaintenanceService } from './service';

export interface MaintenanceRoutesOptions {
  service: MaintenanceService;
  /** The operator token of this process (DATA_DIR/operator.token); without one the admin call is closed. */
  operatorToken?: string | undefined;
}

export const maintenanceRoutes: FastifyPluginAsyncZod<MaintenanceRoutesOptions> = async (app, options) => {
  const { service, operatorToken } = options;

  const operatorOnly = operatorGuard(operatorToken);

  app.get(
    '/status/v1/',
    { schema: { response: { 200: maintenanceStatusSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.status();
    },
  );

  /** The operator's view: status plus whether the window is on and when it ends. */
  app.get(
    '/admin/v1/',
    { onRequest: operatorOnly, schema: { response: { 200: maintenanceAdminResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.describe();
    },
  );

  app.post(
    '/admin/v1/',
    {
      onRequest: operatorOnly,
      schema: {
        body: maintenanceAdminRequestSchema,
        response: { 200: maintenanceAdminResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await service.set(request.body);
      request.log.info(
        { maintenance: { enabled: result.enabled, ends_at: result.ends_at } },
        'maintenance changed by operator',
      );
      reply.header('cache-control', 'no-store');
      return result;
    },
  );
};

/** Not encapsulated: its gate answers every other service's calls while a window is on. */
export const maintenanceModule = fp<ModuleOptions>(
  async (app, deps) => {
    // Polled in the background: the gate in front of every call reads the window from memory.
    const service = createMaintenanceService({
      db: deps.db,
      now: deps.now,
      pollMs: deps.maintenanceCacheMs ?? MAINTENANCE_POLL_MS,
      onPollError: (error) => app.log.warn({ err: error }, 'could not read the maintenance window'),
    });
    app.addHook('onReady', () => service.start());
    app.addHook('onClose', async () => service.stop());
    await app.register(maintenanceGate, { service });
    await app.register(maintenanceRoutes, {
      prefix: '/api/maintenance',
      service,
      operatorToken: deps.operatorToken,
    });
  },
  { name: 'maintenance' },
);
