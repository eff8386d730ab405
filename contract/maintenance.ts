import { z } from 'zod';

export const MAINTENANCE_DEFAULT_SECONDS = 1800;
export const MAINTENANCE_DEFAULT_MESSAGE = 'under maintenance';

/** GET /api/maintenance/status/v1/ (spec §3 Maintenance response, §4 Maintenance). */
export const maintenanceStatusSchema = z.object({
  /** "working" normally, SERVER_UNDER_MAINTENANCE while the shop is down. */
  res_status: z.string(),
  /** The operator's message. */
  response: z.string(),
  /** Seconds until the shop is expected back. */
  time_in_seconds: z.number().int().nonnegative(),
});
export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;
