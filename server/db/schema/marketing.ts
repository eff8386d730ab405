import { index, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Marketing pushes (spec §7 Analytics): events and user attributes, kept for the marketing team. */
export const marketingEvents = pgTable(
  'marketing_events',
  {
    id: serial('id').primaryKey(),
    /** event, user or anonymous_user */
    kind: text('kind').$type<'event' | 'user' | 'anonymous_user'>().notNull(),
    name: text('name'),
    userId: text('user_id'),
    anonymousId: text('anonymous_id'),
    data: jsonb('data').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The sender's Idempotency-Key: a replayed push is accepted again but stored once. */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    index('marketing_events_name_idx').on(t.name, t.occurredAt),
    // The retention sweep deletes by age.
    index('marketing_events_received_idx').on(t.receivedAt),
    uniqueIndex('marketing_events_idempotency_key_idx').on(t.idempotencyKey),
  ],
);
