import { proxy } from 'valtio';
import { ORDER_STORAGE_TTL_MS, STORAGE_KEYS, storedValue } from '@/storage/kv';

/*
 * The pincode the buyer checked delivery to on a product page: the checkout starts from it when its form has
 * none, so the buyer types it once. Kept as long as a checkout draft is.
 */

export const deliveryPincodeStore = proxy<{ pincode: string | null }>({ pincode: null });

const storedPincode = storedValue(
  STORAGE_KEYS.deliveryPincode,
  () => import('@/storage/storedSchemas').then((m) => m.storedPincodeSchema),
  { ttlMs: ORDER_STORAGE_TTL_MS },
);

export function setDeliveryPincode(pincode: string): Promise<void> {
  deliveryPincodeStore.pincode = pincode;
  return storedPincode.write(pincode);
}

/** The pincode checked in this tab, else the one kept from an earlier visit. */
export async function readDeliveryPincode(): Promise<string | null> {
  if (deliveryPincodeStore.pincode) return deliveryPincodeStore.pincode;
  const stored = (await storedPincode.read()) ?? null;
  deliveryPincodeStore.pincode ??= stored;
  return deliveryPincodeStore.pincode;
}
