import { z } from 'zod';
import { MARKETING_EVENTS } from './constants';

/*
 * The marketing service (spec §7 Analytics): events and user attributes pushed from the storefront through its
 * outbox (one event per push, replayed with its Idempotency-Key), so the server validates, bounds and stores each once.
 */

export { MARKETING_EVENTS } from './constants';

/** Bounds of one push: a tracking call, not a data upload. The server also caps a body at 16 KB. */
export const MARKETING_LIMITS = {
  properties: 50,
  keyLength: 64,
  valueLength: 500,
  idLength: 64,
} as const;

const scalar = z.union([
  z.string().max(MARKETING_LIMITS.valueLength),
  z.number().finite(),
  z.boolean(),
  z.null(),
]);
/** Flat properties only, and not too many of them. */
const properties = z
  .record(z.string().min(1).max(MARKETING_LIMITS.keyLength), scalar)
  .refine(
    (v) => Object.keys(v).length <= MARKETING_LIMITS.properties,
    `At most ${MARKETING_LIMITS.properties} properties`,
  );
const id = z.string().max(MARKETING_LIMITS.idLength);

/** A device clock can be off, but not by centuries: the database keeps what a timestamp can hold. */
const EARLIEST = Date.parse('2000-01-01T00:00:00Z');
const LATEST = Date.parse('2100-01-01T00:00:00Z');
const deviceTime = z.iso.datetime({ offset: true }).refine((v) => {
  const at = Date.parse(v);
  return at >= EARLIEST && at < LATEST;
}, 'Enter a time between 2000 and 2100');

/** POST /api/marketing/web_engage/events/push/: one event. */
export const eventPushRequestSchema = z.object({
  event_name: z.enum(MARKETING_EVENTS, { error: 'Unknown event name' }),
  event_data: properties.default({}),
  /** When it happened on the device (ISO 8601); the server's clock is used when absent. */
  occurred_at: deviceTime.optional(),
  anonymous_id: id.optional(),
  /** The signed-in buyer's id, as the users/push of their sign-in named them. */
  user_id: id.optional(),
});

/** POST /api/marketing/web_engage/users/push/ and /users/anonymous/push/ */
export const userPushRequestSchema = z.object({
  user_id: id.optional(),
  anonymous_id: id.optional(),
  attributes: properties.default({}),
});

export const pushResponseSchema = z.object({ accepted: z.literal(true) });
