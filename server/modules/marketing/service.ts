import type { eventPushRequestSchema, userPushRequestSchema } from '@contract/marketing';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { hitRateLimit } from '../../db/rate-limit';
import { tooManyRequests } from '../../plugins/rate-limit';
import { hasMarketingEventKey, insertMarketingEvent, type MarketingEventValues } from './repo';

type EventPush = z.output<typeof eventPushRequestSchema>;
type UserPush = z.output<typeof userPushRequestSchema>;

const HOUR = 3600;
/** What a row costs besides its JSON: ids, timestamps, the tuple header and the index entry. */
const ROW_OVERHEAD_BYTES = 200;

export interface MarketingServiceDeps {
  db: Database;
  now: () => Date;
  /** Kilobytes of pushes stored per hour from every client together. */
  storedKbPerHour: number;
}

/** Event and user pushes (spec §7 Analytics), kept for the marketing team under an hourly storage budget. */
export function createMarketingService({ db, now, storedKbPerHour }: MarketingServiceDeps) {
  async function store(values: MarketingEventValues): Promise<void> {
    // A replay is accepted again without being stored or charged to the budget twice.
    if (values.idempotencyKey && (await hasMarketingEventKey(db, values.idempotencyKey))) return;
    const bytes =
      Buffer.byteLength(JSON.stringify(values.data)) +
      (values.name?.length ?? 0) +
      (values.userId?.length ?? 0) +
      (values.anonymousId?.length ?? 0) +
      ROW_OVERHEAD_BYTES;
    const budget = await hitRateLimit(
      db,
      { key: 'marketing:stored_bytes:all', limit: storedKbPerHour * 1024, windowSeconds: HOUR },
      now(),
      bytes,
    );
    if (!budget.allowed) {
      throw tooManyRequests('The marketing service is busy. Try again later.', budget.retryAfterSeconds);
    }
    await insertMarketingEvent(db, { ...values, receivedAt: now() });
  }

  return {
    async pushEvent(body: EventPush, idempotencyKey: string | null = null): Promise<void> {
      await store({
        idempotencyKey,
        kind: 'event',
        name: body.event_name,
        userId: body.user_id ?? null,
        anonymousId: body.anonymous_id ?? null,
        data: body.event_data,
        occurredAt: body.occurred_at ? new Date(body.occurred_at) : now(),
      });
    },

    async pushUser(
      kind: 'user' | 'anonymous_user',
      body: UserPush,
      idempotencyKey: string | null = null,
    ): Promise<void> {
      await store({
        idempotencyKey,
        kind,
        name: null,
        userId: kind === 'user' ? (body.user_id ?? null) : null,
        anonymousId: body.anonymous_id ?? null,
        data: body.attributes,
        occurredAt: now(),
      });
    },
  };
}

export type MarketingService = ReturnType<typeof createMarketingService>;
