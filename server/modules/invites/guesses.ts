import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { giveBackHits, hitRateLimit, type RateLimitRule } from '../../db/rate-limit';
import { HttpError } from '../../errors';
import { clientKey, tooManyRequests } from '../../plugins/rate-limit';
import { INVITE_FIELD } from './service';

const HOUR_SECONDS = 3600;

/** Whether a request's failure was its invite code being refused (a guess that missed). */
function inviteRefused(error: unknown): boolean {
  return error instanceof HttpError && error.statusCode === 400 && error.details.field === INVITE_FIELD;
}

/**
 * Limits the invite codes an account and an address may have refused per hour, so codes cannot be found by trying
 * them. A request with a code takes a guess before the code is checked (concurrent guesses cannot overrun the
 * limit) and gives it back unless the code was refused, so a buyer re-pricing with a good code never meets it.
 */
export function createInviteGuessLimit(deps: {
  db: Executor;
  now: () => Date;
  config: Pick<Config, 'INVITE_ACCOUNT_LIMIT_PER_HOUR' | 'INVITE_IP_LIMIT_PER_HOUR'>;
}) {
  const { db, now, config } = deps;
  return async function withInviteGuess<T>(
    who: { userId: string | null; ip: string },
    code: string | null | undefined,
    run: () => Promise<T>,
  ): Promise<T> {
    if (!code) return run();
    const at = now();
    const rules: RateLimitRule[] = [
      {
        key: `invite-guess:ip:${clientKey(who.ip)}`,
        limit: config.INVITE_IP_LIMIT_PER_HOUR,
        windowSeconds: HOUR_SECONDS,
      },
    ];
    if (who.userId) {
      rules.push({
        key: `invite-guess:user:${who.userId}`,
        limit: config.INVITE_ACCOUNT_LIMIT_PER_HOUR,
        windowSeconds: HOUR_SECONDS,
      });
    }
    const hits = await Promise.all(rules.map((rule) => hitRateLimit(db, rule, at)));
    const waits = hits.flatMap((hit) => (hit.allowed ? [] : [hit.retryAfterSeconds]));
    if (waits.length > 0) {
      const seconds = Math.max(...waits);
      throw tooManyRequests(
        `Too many invite codes were tried. Try again in ${Math.ceil(seconds / 60)} minute(s), or ask us for your code.`,
        seconds,
        INVITE_FIELD,
      );
    }
    let missed = false;
    try {
      return await run();
    } catch (error) {
      missed = inviteRefused(error);
      throw error;
    } finally {
      // A lost give-back costs the buyer one guess of their hour, not their request.
      if (!missed) await giveBackHits(db, rules, at).catch(() => undefined);
    }
  };
}

export type InviteGuessLimit = ReturnType<typeof createInviteGuessLimit>;
