/*
 * Spec §4 "Order status polling" and §9: a status is accepted only when SUCCESS or FAILED; anything else is not
 * ready and is asked again, up to 6 retries, waiting 1000 ms before the first retry and 1000 × 2^attempt after,
 * capped at 20000 ms.
 */

export const ORDER_STATUS_POLL_RETRIES = 6;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 20_000;

/** The wait before retry number `attempt` (0 for the first retry). */
export function pollDelay(attempt: number): number {
  if (attempt <= 0) return FIRST_DELAY_MS;
  return Math.min(FIRST_DELAY_MS * 2 ** attempt, MAX_DELAY_MS);
}
