import { type Currency, formatMoney, toMinor } from '@contract/money';
import { isApiError } from '@/api/errors';
import { changedTotalOf } from '@/api/orders';

/* What the buyer reads above the pay action when an order could not be created. */

export const CREATE_FAILED_MESSAGE = 'We could not create your order. Nothing was charged; please try again.';

/** What the buyer reads when the order's total is no longer the one shown: the new total, to check first. */
export function priceChangedMessage(changed: { totalAmount: number; currency: Currency }): string {
  const total = formatMoney(toMinor(changed.totalAmount, changed.currency), changed.currency);
  return `The total changed to ${total}. Check it and pay again.`;
}

/** The server's message for a refused order, the new total for a changed price, else the generic one. */
export function paymentErrorMessage(error: unknown): string {
  const changed = changedTotalOf(error);
  const message = changed
    ? priceChangedMessage(changed)
    : isApiError(error)
      ? error.message
      : CREATE_FAILED_MESSAGE;
  return message.trim() === '' ? CREATE_FAILED_MESSAGE : message;
}
