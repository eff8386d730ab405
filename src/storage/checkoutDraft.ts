import { addDays } from 'date-fns';
import type { CheckoutDraft, CheckoutEstimateRecord } from './checkoutDraftSchemas';
import { STORAGE_KEYS, storedValue } from './kv';

export type { CheckoutDraft, CheckoutEstimateRecord, LastOrderDetails } from './checkoutDraftSchemas';

/*
 * The checkout's local memory (spec §4 step 13, §9 "Local order storage expiry: 7 days"): the form draft, the
 * billing toggle and the state, and the last order id (spec §3 lastOrderDetails holding orderId). Each record
 * expires 7 calendar days after its last write; an expired one is dropped when read (kv.ts).
 */

export const CHECKOUT_STORAGE_DAYS = 7;

// The records' schemas load with the first record to check: zod stays off the checkout's first scripts.
const schemas = () => import('./checkoutDraftSchemas');
const checkoutDraftSchema = () => schemas().then((m) => m.checkoutDraftSchema);
const checkoutEstimateSchema = () => schemas().then((m) => m.checkoutEstimateSchema);
const lastOrderDetailsSchema = () => schemas().then((m) => m.lastOrderDetailsSchema);

/** Milliseconds from `now` to the same wall-clock time 7 days later. */
function ttlFrom(now: number): number {
  return addDays(now, CHECKOUT_STORAGE_DAYS).getTime() - now;
}

const draftReader = storedValue(STORAGE_KEYS.checkoutDraft, checkoutDraftSchema);
const lastOrderReader = storedValue(STORAGE_KEYS.lastOrderDetails, lastOrderDetailsSchema);
const estimateReader = storedValue(STORAGE_KEYS.checkoutEstimate, checkoutEstimateSchema);

/** The checkout's last estimate, or undefined when none, expired (dropped) or unreadable. */
export function readCheckoutEstimate(now = Date.now()): Promise<CheckoutEstimateRecord | undefined> {
  return estimateReader.read(now);
}

export function writeCheckoutEstimate(record: CheckoutEstimateRecord, now = Date.now()): Promise<void> {
  return storedValue(STORAGE_KEYS.checkoutEstimate, checkoutEstimateSchema, { ttlMs: ttlFrom(now) }).write(
    record,
    now,
  );
}

/** The saved draft, or undefined when none, expired (dropped) or unreadable. */
export function readCheckoutDraft(now = Date.now()): Promise<CheckoutDraft | undefined> {
  return draftReader.read(now);
}

export function writeCheckoutDraft(draft: CheckoutDraft, now = Date.now()): Promise<void> {
  const { otp: _otp, ...values } = draft.values;
  return storedValue(STORAGE_KEYS.checkoutDraft, checkoutDraftSchema, { ttlMs: ttlFrom(now) }).write(
    { ...draft, values },
    now,
  );
}

export function clearCheckoutDraft(): Promise<void> {
  return draftReader.remove();
}

/** The last order's id (spec §4 step 2: a stored one loads its details), or null. */
export async function readLastOrderId(now = Date.now()): Promise<string | null> {
  return (await lastOrderReader.read(now))?.orderId ?? null;
}

/** What the last order was made from: the cart, or the ad booking. */
export type LastOrderSource = 'cart' | 'ad';

export function writeLastOrderId(
  orderId: string,
  now = Date.now(),
  source: LastOrderSource = 'cart',
): Promise<void> {
  return storedValue(STORAGE_KEYS.lastOrderDetails, lastOrderDetailsSchema, { ttlMs: ttlFrom(now) }).write(
    source === 'ad' ? { orderId, booking: 'ad' } : { orderId },
    now,
  );
}

/** The last order and what it was made from, or null. */
export async function readLastOrder(
  now = Date.now(),
): Promise<{ orderId: string; source: LastOrderSource } | null> {
  const record = await lastOrderReader.read(now);
  return record ? { orderId: record.orderId, source: record.booking === 'ad' ? 'ad' : 'cart' } : null;
}

export function clearLastOrderId(): Promise<void> {
  return lastOrderReader.remove();
}
