import { PRICING_TYPES } from '@contract/pricing';
import { addDays } from 'date-fns';
import { z } from 'zod';
import { STORAGE_KEYS, storedValue } from './kv';

/*
 * The checkout's local memory (spec §4 step 13, §9 "Local order storage expiry: 7 days"): the form draft, the
 * billing toggle and the state, and the last order id (spec §3 lastOrderDetails holding orderId). Each record
 * expires 7 calendar days after its last write; an expired one is dropped when read (kv.ts).
 */

export const CHECKOUT_STORAGE_DAYS = 7;

/** The longest value a draft field keeps: a form field, not a document. */
const FIELD_MAX_LENGTH = 500;

export const checkoutDraftSchema = z.object({
  /** The form's values by field name (the one-time code is never kept). */
  values: z.record(z.string().max(64), z.union([z.string().max(FIELD_MAX_LENGTH), z.boolean()])),
  useDifferentBillingAddress: z.boolean(),
  /** state_name_enum of the chosen state, '' when none. */
  state: z.string().max(100),
});
export type CheckoutDraft = z.infer<typeof checkoutDraftSchema>;

const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** The checkout's last estimate as its price view (minor units), for the order it priced. */
export const checkoutEstimateSchema = z.object({
  /** Which order it priced (its lines and country): shown again only for the same. */
  key: z.string().max(20_000),
  receivedAt: z.number().int().min(0),
  view: z.object({
    currency: z.enum(['INR', 'USD']),
    totalPrice: amount,
    taxableAmount: amount,
    taxAmount: amount,
    shippingCharges: amount,
    couponDiscount: amount,
    associationDiscount: amount,
    otherDiscounts: z.array(z.object({ name: z.string().max(200), value: amount })).max(20),
    subtotal: amount,
    pricingType: z.enum(PRICING_TYPES),
    emiAmountStartingFrom: amount,
    emiTenureMonths: z.number().int().positive().nullable(),
    isShippingRequired: z.boolean(),
  }),
});
export type CheckoutEstimateRecord = z.infer<typeof checkoutEstimateSchema>;

export const lastOrderDetailsSchema = z.object({ orderId: z.string().min(1).max(100) });
export type LastOrderDetails = z.infer<typeof lastOrderDetailsSchema>;

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

export function writeLastOrderId(orderId: string, now = Date.now()): Promise<void> {
  return storedValue(STORAGE_KEYS.lastOrderDetails, lastOrderDetailsSchema, { ttlMs: ttlFrom(now) }).write(
    { orderId },
    now,
  );
}

export function clearLastOrderId(): Promise<void> {
  return lastOrderReader.remove();
}
