import { STORAGE_KEYS, storedValue } from '@/storage/kv';

// zod and the schema load only when a record exists: buyers with no stored order download nothing more.
const lastOrder = storedValue(STORAGE_KEYS.lastOrderDetails, () =>
  import('@/storage/checkoutDraftSchemas').then((m) => m.lastOrderDetailsSchema),
);

/** The stored last order id (7 days; storage/checkoutDraft.ts), read without loading the checkout's code. */
export async function readStoredOrderId(now = Date.now()): Promise<string | null> {
  return (await lastOrder.read(now))?.orderId ?? null;
}
