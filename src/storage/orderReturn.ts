import { addDays } from 'date-fns';
import { z } from 'zod';
import { type OrderReturnRecord, parseOrderReturnRecord } from '@/lib/orderReturn';
import { CHECKOUT_STORAGE_DAYS } from './checkoutDraft';
import { STORAGE_KEYS, storedValue } from './kv';

// One parser for the page and the worker (lib/orderReturn.ts); the worker has no zod.
const recordSchema = z.custom<OrderReturnRecord>((value) => parseOrderReturnRecord(value) !== null);

const reader = storedValue(STORAGE_KEYS.orderReturn, recordSchema);

export function readOrderReturnRecord(now = Date.now()): Promise<OrderReturnRecord | undefined> {
  return reader.read(now);
}

/** Kept as long as the last order id it watches. */
export function writeOrderReturnRecord(record: OrderReturnRecord, now = Date.now()): Promise<void> {
  const ttlMs = addDays(now, CHECKOUT_STORAGE_DAYS).getTime() - now;
  return storedValue(STORAGE_KEYS.orderReturn, recordSchema, { ttlMs }).write(record, now);
}
