import { z } from 'zod';
import { MARKETING_EVENTS } from './constants';

/*
 * The marketing service (spec §7 Analytics): events and user attributes pushed from the storefront. Pushes are
 * best effort on the client (sendBeacon), so the server only validates, bounds and stores them.
 */

export { MARKETING_EVENTS } from './constants';

const scalar = z.union([z.string().max(500), z.number().finite(), z.boolean(), z.null()]);
/** Flat properties only, and not too many of them: this is a tracking call, not a data upload. */
const properties = z
  .record(z.string().max(64), scalar)
  .refine((v) => Object.keys(v).length <= 50, 'At most 50 properties');

/** POST /api/marketing/web_engage/events/push/ */
export const eventPushRequestSchema = z.object({
  event_name: z.enum(MARKETING_EVENTS, { error: 'Unknown event name' }),
  event_data: properties.default({}),
  /** When it happened on the device (ISO 8601); the server's clock is used when absent. */
  occurred_at: z.iso
    .datetime({ offset: true })
    .refine((v) => v >= '2000' && v < '2100', 'Use a date between 2000 and 2099')
    .optional(),
  anonymous_id: z.string().max(64).optional(),
});

/** POST /api/marketing/web_engage/users/push/ and /users/anonymous/push/ */
export const userPushRequestSchema = z.object({
  user_id: z.string().max(64).optional(),
  anonymous_id: z.string().max(64).optional(),
  attributes: properties.default({}),
});

export const pushResponseSchema = z.object({ accepted: z.literal(true) });
