import type { OrderStatus } from '@contract/orders';
import { ORDER_STATUS_POLL_RETRIES, pollDelay } from './pollDelay';

/*
 * The order status polling of spec §4 for a page that waits on an order (the result screens): asked at once,
 * then up to 6 retries on pollDelay's schedule; only SUCCESS or FAILED is an answer, besides a payment that settled
 * after the order was cancelled or expired and is given back (REFUND_PENDING, REFUNDED). When the last call
 * itself failed, its error is thrown (the page shows its error view); a status that never settled is "unsettled".
 */

export type PollOutcome = 'SUCCESS' | 'FAILED' | 'REFUND_PENDING' | 'REFUNDED' | 'unsettled';

export interface PollOptions {
  fetchStatus: (orderId: string, options: { signal?: AbortSignal }) => Promise<{ order_status: OrderStatus }>;
  signal?: AbortSignal;
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

export async function pollOrderStatus(
  orderId: string,
  { fetchStatus, signal }: PollOptions,
): Promise<PollOutcome> {
  let lastError: unknown = null;
  for (let attempt = 0; attempt <= ORDER_STATUS_POLL_RETRIES; attempt += 1) {
    if (attempt > 0) await wait(pollDelay(attempt - 1), signal);
    try {
      const { order_status: status } = await fetchStatus(orderId, { signal });
      if (
        status === 'SUCCESS' ||
        status === 'FAILED' ||
        status === 'REFUND_PENDING' ||
        status === 'REFUNDED'
      ) {
        return status;
      }
      lastError = null;
    } catch (error) {
      if (signal?.aborted) throw error;
      lastError = error;
    }
  }
  if (lastError !== null) throw lastError;
  return 'unsettled';
}
