import type { OrderStatus } from '@contract/orders';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollOrderStatus } from './orderStatusPoll';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A status call answering each time from the list (an Error is thrown), counting calls. */
function answers(list: (OrderStatus | Error)[]) {
  const fetchStatus = vi.fn(async () => {
    const next = list.shift() ?? 'PENDING';
    if (next instanceof Error) throw next;
    return { order_status: next };
  });
  return fetchStatus;
}

describe('pollOrderStatus', () => {
  it('answers at once when the status is final', async () => {
    const fetchStatus = answers(['SUCCESS']);
    await expect(pollOrderStatus('ord-1', { fetchStatus })).resolves.toBe('SUCCESS');
    expect(fetchStatus).toHaveBeenCalledTimes(1);
  });

  it('a payment that came after the order lapsed and is being refunded is an answer too', async () => {
    for (const status of ['REFUND_PENDING', 'REFUNDED'] as const) {
      const fetchStatus = answers([status]);
      await expect(pollOrderStatus('ord-1', { fetchStatus })).resolves.toBe(status);
      expect(fetchStatus).toHaveBeenCalledTimes(1);
    }
  });

  it('retries on the schedule until FAILED', async () => {
    const fetchStatus = answers(['PENDING', 'CREATED', 'FAILED']);
    const outcome = pollOrderStatus('ord-1', { fetchStatus });
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(outcome).resolves.toBe('FAILED');
    expect(fetchStatus).toHaveBeenCalledTimes(3);
  });

  it('gives up unsettled after 6 retries (1 + 2 + 4 + 8 + 16 + 20 s)', async () => {
    const fetchStatus = answers([]);
    const outcome = pollOrderStatus('ord-1', { fetchStatus });
    await vi.advanceTimersByTimeAsync(50_999);
    expect(fetchStatus).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBe('unsettled');
    expect(fetchStatus).toHaveBeenCalledTimes(7);
  });

  it('a call that fails is retried; when the last one fails its error is thrown', async () => {
    const error = new Error('500');
    const fetchStatus = answers(Array.from({ length: 7 }, () => error));
    const outcome = pollOrderStatus('ord-1', { fetchStatus });
    const settled = expect(outcome).rejects.toBe(error);
    await vi.advanceTimersByTimeAsync(51_000);
    await settled;
  });

  it('a failed call followed by SUCCESS is a success', async () => {
    const fetchStatus = answers([new Error('offline'), 'SUCCESS']);
    const outcome = pollOrderStatus('ord-1', { fetchStatus });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(outcome).resolves.toBe('SUCCESS');
  });

  it('stops when aborted', async () => {
    const fetchStatus = answers([]);
    const controller = new AbortController();
    const outcome = pollOrderStatus('ord-1', { fetchStatus, signal: controller.signal });
    const settled = expect(outcome).rejects.toBeDefined();
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    await settled;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
  });
});
