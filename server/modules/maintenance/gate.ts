import { RES_STATUS } from '@contract/common';
import fp from 'fastify-plugin';
import { HttpError } from '../../errors';
import { pathnameOf } from '../../plugins/errors';
import type { MaintenanceService } from './service';

export interface MaintenanceGateOptions {
  service: MaintenanceService;
}

/**
 * The maintenance service's own calls (status, operator switch) and every service's operator
 * calls (/api/<service>/admin/…, token-protected) stay open during a window: a window is when
 * operators fix prices and stock.
 */
export function isGated(pathname: string): boolean {
  return (
    pathname.startsWith('/api/') &&
    !pathname.startsWith('/api/maintenance/') &&
    !/^\/api\/[^/]+\/admin\//.test(pathname)
  );
}

/**
 * While maintenance is on, every other API call answers 503 with res_status
 * SERVER_UNDER_MAINTENANCE (spec §8), so the PWA shows its maintenance screen.
 * /healthz and the static PWA keep working.
 */
export const maintenanceGate = fp<MaintenanceGateOptions>(async (app, { service }) => {
  app.addHook('onRequest', async (request) => {
    if (!isGated(pathnameOf(request.url))) return;
    const status = await service.status();
    if (status.res_status !== RES_STATUS.SERVER_UNDER_MAINTENANCE) return;
    throw new HttpError(
      503,
      status.response,
      {
        response: status.response,
        res_status: RES_STATUS.SERVER_UNDER_MAINTENANCE,
        time_in_seconds: status.time_in_seconds,
      },
      { headers: { 'retry-after': String(status.time_in_seconds), 'cache-control': 'no-store' } },
    );
  });
});
