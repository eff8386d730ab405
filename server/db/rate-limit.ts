import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Executor } from './client';
import { rateLimitCounters } from './schema';

export interface RateLimitRule {
  key: string;
  limit: number;
  /** At most a day: counters older than that are swept. */
  windowSeconds: number;
}

export type RateLimitResult =
  | { allowed: true; count: number }
  | { allowed: false; retryAfterSeconds: number };

/** Counters of windows that ended this long ago are of no use to any rule. */
export const MAX_WINDOW_SECONDS = 24 * 3600;
const SWEEP_EVERY_MS = 10 * 60 * 1000;
let nextSweepAt = 0;
const COUNTER_MAX = 2_147_483_647;

/**
 * Adds `cost` to a fixed window's counter in one atomic upsert (concurrent hits from several processes
 * cannot both see the last free slot) and answers the window's total. When the window's row is new, the key's
 * older windows are dropped.
 */
export async function countHit(db: Executor, key: string, windowStart: Date, cost = 1): Promise<number> {
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart, count: cost })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      // Saturates instead of overflowing the integer column while refused hits keep coming.
      set: { count: sql`least(${rateLimitCounters.count}::bigint + ${cost}, ${COUNTER_MAX})` },
    })
    .returning({ count: rateLimitCounters.count });
  const count = row?.count ?? cost;
  if (count === cost) {
    await db
      .delete(rateLimitCounters)
      .where(and(eq(rateLimitCounters.key, key), lt(rateLimitCounters.windowStart, windowStart)));
  }
  return count;
}

/**
 * countHit for several counters in one upsert that another statement embeds (as a CTE), so the hits commit or roll
 * back with its work: the returned rows are each counter's key and new total.
 */
export function countHits(db: Executor, hits: readonly { key: string; windowStart: Date; cost: number }[]) {
  return db
    .insert(rateLimitCounters)
    .values(hits.map((hit) => ({ key: hit.key, windowStart: hit.windowStart, count: hit.cost })))
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`least(${rateLimitCounters.count}::bigint + excluded.count, ${COUNTER_MAX})` },
    })
    .returning({ key: rateLimitCounters.key, count: rateLimitCounters.count });
}

/** The fixed window a hit at `now` counts in, and the seconds until it ends (what Retry-After says). */
export function windowOf(windowSeconds: number, now: Date): { windowStart: Date; retryAfterSeconds: number } {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { windowStart, retryAfterSeconds };
}

/** Deletes the counters of windows that started before `before` (keys never hit again, e.g. one-off IPs). */
export async function sweepRateLimitCounters(db: Executor, before: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, before));
}

/**
 * Counts one hit (or `cost` units, e.g. bytes) against a fixed window kept in the database, so every API process
 * shares the counter. Now and then (per process) it also sweeps counters older than a day.
 */
export async function hitRateLimit(
  db: Executor,
  rule: RateLimitRule,
  now: Date,
  cost = 1,
): Promise<RateLimitResult> {
  if (rule.windowSeconds > MAX_WINDOW_SECONDS) throw new Error(`${rule.key}: a window is at most a day`);
  const { windowStart, retryAfterSeconds } = windowOf(rule.windowSeconds, now);
  if (now.getTime() >= nextSweepAt) {
    nextSweepAt = now.getTime() + SWEEP_EVERY_MS;
    await sweepRateLimitCounters(db, new Date(now.getTime() - 2 * MAX_WINDOW_SECONDS * 1000));
  }
  const count = await countHit(db, rule.key, windowStart, cost);
  if (count <= rule.limit) return { allowed: true, count };
  return { allowed: false, retryAfterSeconds };
}

/**
 * Takes back one hit each rule counted at `at` (a request that turned out not to count against it), in one
 * statement; never below zero.
 */
export async function giveBackHits(db: Executor, rules: readonly RateLimitRule[], at: Date): Promise<void> {
  if (rules.length === 0) return;
  await db
    .update(rateLimitCounters)
    .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
    .where(
      or(
        ...rules.map((rule) =>
          and(
            eq(rateLimitCounters.key, rule.key),
            eq(rateLimitCounters.windowStart, windowOf(rule.windowSeconds, at).windowStart),
          ),
        ),
      ),
    );
}
