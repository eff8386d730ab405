import { clearLastOrderId, readLastOrderId } from '@/storage/checkoutDraft';
import { clearCart } from './cartEdits';

/**
 * A paid order ends the checkout it came from on this device: the cart is emptied and the last order id forgotten.
 * Only for the order this device placed last, so an old success page revisited leaves a newer cart be. The result
 * page and the return watcher both call it; whichever sees the payment first does the work.
 */
export async function settlePaidOrder(orderId: string): Promise<boolean> {
  if ((await readLastOrderId()) !== orderId) return false;
  clearCart();
  await clearLastOrderId();
  return true;
}
