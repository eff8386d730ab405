import { z } from 'zod';
import { maintenanceStatusSchema } from './maintenance-status';

export { MAINTENANCE_DEFAULT_MESSAGE, MAINTENANCE_DEFAULT_SECONDS } from './constants';
export { type MaintenanceStatus, maintenanceStatusSchema } from './maintenance-status';

/** res_status while the shop is open. */
export const MAINTENANCE_WORKING = 'working';

/** The longest window an operator can set in one go: 7 days. */
export const MAINTENANCE_MAX_MINUTES = 7 * 24 * 60;

/**
 * POST /api/maintenance/admin/v1/ (operator only, Bearer operator token):
 * switch maintenance on (optionally for `minutes`, with a `message`) or off.
 */
export const maintenanceAdminRequestSchema = z.object({
  enabled: z.boolean(),
  /** Ends the window by itself after this many minutes; without it the window lasts until switched off. */
  minutes: z.number().positive().max(MAINTENANCE_MAX_MINUTES).optional(),
  /** Shown to buyers; defaults to "under maintenance". */
  message: z.string().trim().max(500).optional(),
});
export type MaintenanceAdminRequest = z.infer<typeof maintenanceAdminRequestSchema>;

/** The admin call answers with the resulting status and the window's end (ISO 8601, or null). */
export const maintenanceAdminResponseSchema = z.object({
  ...maintenanceStatusSchema.shape,
  enabled: z.boolean(),
  ends_at: z.string().nullable(),
});
export type MaintenanceAdminResponse = z.infer<typeof maintenanceAdminResponseSchema>;
