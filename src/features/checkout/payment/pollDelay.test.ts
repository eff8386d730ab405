import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_POLL_RETRIES, pollDelay } from './pollDelay';

describe('pollDelay (spec §4 Order status polling)', () => {
  it.each([
    [0, 1000],
    [1, 2000],
    [2, 4000],
    [3, 8000],
    [4, 16000],
    [5, 20000],
    [6, 20000],
    [10, 20000],
  ])('retry %i waits %i ms', (attempt, ms) => {
    expect(pollDelay(attempt)).toBe(ms);
  });

  it('allows 6 retries', () => {
    expect(ORDER_STATUS_POLL_RETRIES).toBe(6);
  });
});
