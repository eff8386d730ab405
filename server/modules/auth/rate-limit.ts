import type { Executor } from '../../db/client';
import { countHit } from './repo';

export interface RateLimitRule {
  key: string;
  limit: number;
  windowSeconds: number;
}

export type RateLimitResult =
  | { allowed: true; count: number }
  | { allowed: false; retryAfterSeconds: number };

/** Counts one hit against a fixed window kept in the database, so every API process shares the counter. */
export async function hitRateLimit(db: Executor, rule: RateLimitRule, now: Date): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const count = await countHit(db, rule.key, windowStart);
  if (count <= rule.limit) return { allowed: true, count };
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: false, retryAfterSeconds };
}
