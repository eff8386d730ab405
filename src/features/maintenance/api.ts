import type { MaintenanceStatus } from '@contract/maintenance-status';
import { apiRequest } from '@/api/client';
import { readResStatus } from '@/api/errors';

/** res_status of a shop that is up (spec §4). */
export const WORKING_STATUS = 'working';

/** How often the maintenance screen asks whether the shop is back. */
export const STATUS_RECHECK_MS = 30_000;

const STATUS_REQUEST = {
  service: 'maintenance',
  path: '/status/v1/',
  auth: false,
  tz: false,
  timeoutMs: 10_000,
} as const;

/**
 * GET /api/maintenance/status/v1/, as the maintenance screen asks it: the answer's message and time are shown, so
 * it is checked against the contract (loaded with the answer). Anonymous and short: it must never hold up the shop.
 * A shop under maintenance makes the client reject and broadcast SERVER_UNDER_MAINTENANCE, which the gate hears.
 */
export function fetchMaintenanceStatus(signal?: AbortSignal): Promise<MaintenanceStatus> {
  return apiRequest({
    ...STATUS_REQUEST,
    schema: () => import('@contract/maintenance-status').then((contract) => contract.maintenanceStatusSchema),
    ...(signal ? { signal } : {}),
  });
}

/**
 * The same call on every page's start, which needs res_status alone: read as the client reads it from every answer,
 * so no schema (nor zod, 24 KB gzip) rides on a first load. Maintenance itself arrives as the client's broadcast.
 */
export async function fetchStartupStatus(
  signal?: AbortSignal,
): Promise<Pick<MaintenanceStatus, 'res_status'>> {
  const body = await apiRequest({ ...STATUS_REQUEST, ...(signal ? { signal } : {}) });
  return { res_status: readResStatus(body) ?? '' };
}

export type StatusCheck = (signal?: AbortSignal) => Promise<MaintenanceStatus>;
