import type { Executor } from '../../db/client';
import { deleteRowsBefore } from '../../db/retention';
import { marketingEvents } from '../../db/schema';

export type MarketingEventValues = typeof marketingEvents.$inferInsert;

export async function insertMarketingEvent(db: Executor, values: MarketingEventValues): Promise<void> {
  await db.insert(marketingEvents).values(values);
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
