import type { Executor } from '../../db/client';
import { marketingEvents } from '../../db/schema';

export type MarketingEventValues = typeof marketingEvents.$inferInsert;

export async function insertMarketingEvent(db: Executor, values: MarketingEventValues): Promise<void> {
  await db.insert(marketingEvents).values(values);
}
