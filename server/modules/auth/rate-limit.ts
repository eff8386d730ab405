import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimitCounters } from '../../db/schema';

/** The database or a transaction on it. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface RateLimitRule {
  key: string;
  limit: number;
  windowSeconds: number;
}

export type RateLimitResult =
  | { allowed: true; count: number }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one hit against a fixed window kept in the database, so every API process shares the counter.
 * One atomic upsert: concurrent hits from several processes cannot both see the last free slot.
 */
export async function hitRateLimit(db: Executor, rule: RateLimitRule, now: Date): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key: rule.key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  // Old windows of this key are of no use any more.
  await db
    .delete(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, rule.key), lt(rateLimitCounters.windowStart, windowStart)));
  const count = row?.count ?? 1;
  if (count <= rule.limit) return { allowed: true, count };
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: false, retryAfterSeconds };
}
