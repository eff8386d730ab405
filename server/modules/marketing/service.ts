import type { eventPushRequestSchema, userPushRequestSchema } from '@contract/marketing';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { insertMarketingEvent } from './repo';

type EventPush = z.output<typeof eventPushRequestSchema>;
type UserPush = z.output<typeof userPushRequestSchema>;

/** Event and user pushes (spec §7 Analytics), kept for the marketing team. */
export function createMarketingService({ db, now }: { db: Database; now: () => Date }) {
  return {
    async pushEvent(body: EventPush): Promise<void> {
      await insertMarketingEvent(db, {
        kind: 'event',
        name: body.event_name,
        userId: null,
        anonymousId: body.anonymous_id ?? null,
        data: body.event_data,
        occurredAt: body.occurred_at ? new Date(body.occurred_at) : now(),
      });
    },

    async pushUser(kind: 'user' | 'anonymous_user', body: UserPush): Promise<void> {
      await insertMarketingEvent(db, {
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
