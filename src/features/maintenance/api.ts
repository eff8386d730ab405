import type { MaintenanceStatus } from '@contract/maintenance';
import { apiRequest } from '@/api/client';

/** res_status of a shop that is up (spec §4). */
export const WORKING_STATUS = 'working';

/** How often the maintenance screen asks whether the shop is back. */
export const STATUS_RECHECK_MS = 30_000;

/**
 * GET /api/maintenance/status/v1/. Anonymous and short: it must never hold up the shop. A shop under
 * maintenance makes the client reject and broadcast SERVER_UNDER_MAINTENANCE, which the gate already hears.
 */
export function fetchMaintenanceStatus(signal?: AbortSignal): Promise<MaintenanceStatus> {
  return apiRequest({
    service: 'maintenance',
    path: '/status/v1/',
    auth: false,
    tz: false,
    timeoutMs: 10_000,
    // Loaded with the answer: this check runs at start-up, and zod stays off a page's first load.
    schema: () => import('@contract/maintenance').then((contract) => contract.maintenanceStatusSchema),
    ...(signal ? { signal } : {}),
  });
}

export type StatusCheck = (signal?: AbortSignal) => Promise<MaintenanceStatus>;
