import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deleteRowsBefore } from '../../db/retention';
import { marketingEvents } from '../../db/schema';

export type MarketingEventValues = typeof marketingEvents.$inferInsert;

/** Stores a push; a second push of the same Idempotency-Key stores nothing. */
export async function insertMarketingEvent(db: Executor, values: MarketingEventValues): Promise<void> {
  await db
    .insert(marketingEvents)
    .values(values)
    .onConflictDoNothing({ target: marketingEvents.idempotencyKey });
}

/** Whether a push with this Idempotency-Key is already stored. */
export async function hasMarketingEventKey(db: Executor, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: marketingEvents.id })
    .from(marketingEvents)
    .where(eq(marketingEvents.idempotencyKey, key));
  return row !== undefined;
}

/** Events received before `cutoff` (the retention sweep). */
export function deleteMarketingEventsBefore(db: Executor, cutoff: Date): Promise<number> {
  return deleteRowsBefore(
    db,
    marketingEvents,
    { id: marketingEvents.id, stampedAt: marketingEvents.receivedAt },
    cutoff,
  );
}

/** The newest stored pushes, of one kind or event name when asked (the operator's read). */
export function listMarketingPushes(
  db: Executor,
  { kind, name, limit }: { kind?: MarketingEventValues['kind']; name?: string; limit: number },
) {
  const filters: SQL[] = [];
  if (kind) filters.push(eq(marketingEvents.kind, kind));
  if (name) filters.push(eq(marketingEvents.name, name));
  return db
    .select()
    .from(marketingEvents)
    .where(filters.length > 0 ? and(...filters) : undefined)
    .orderBy(desc(marketingEvents.id))
    .limit(limit);
}
