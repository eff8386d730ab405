import { clearLastOrderId, readLastOrder } from '@/storage/checkoutDraft';
import { clearCart } from './cartEdits';

/**
 * A paid order ends the checkout it came from on this device: the cart (or, for an ad booking's order, the booking;
 * the cart is then left as it is) is emptied and the last order id forgotten. Only for the order this device placed
 * last, so an old success page revisited leaves a newer cart be. The result page and the return watcher both call
 * it; whichever sees the payment first does the work.
 */
export async function settlePaidOrder(orderId: string): Promise<boolean> {
  const last = await readLastOrder();
  if (last?.orderId !== orderId) return false;
  // The booking's store loads only for its own order: the result pages of cart orders do not carry it.
  if (last.source === 'ad') await (await import('./adBooking')).clearAdBooking();
  else clearCart();
  await clearLastOrderId();
  return true;
}
