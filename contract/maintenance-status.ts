import * as z from 'zod/mini';

/**
 * GET /api/maintenance/status/v1/ (spec §3 Maintenance response, §4 Maintenance). In zod/mini and in a module of its
 * own because the PWA checks this answer on every page's start: mini's checker is some 5 KB gzip, zod's 44 KB.
 */
export const maintenanceStatusSchema = z.object({
  /** "working" normally, SERVER_UNDER_MAINTENANCE while the shop is down. */
  res_status: z.string(),
  /** The operator's message. */
  response: z.string(),
  /** Seconds until the shop is expected back. */
  time_in_seconds: z.int().check(z.nonnegative()),
});
export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;
