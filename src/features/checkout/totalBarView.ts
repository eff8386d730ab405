import { type Currency, formatMoney } from '@contract/money';

/* What the total bar shows of an estimate (spec §2 Total amount bar); the estimate is the checkout machine's. */

/** Spec §3: pricing_type FULL_PAYMENT, or otherwise no-cost EMI. */
export const FULL_PAYMENT = 'FULL_PAYMENT';

/** What the bar reads of the price estimate, amounts in minor units. */
export interface TotalBarEstimate {
  totalPrice: number;
  pricingType: string;
  /** The lowest monthly no-cost EMI instalment, when the server offers one. */
  emiAmountStartingFrom: number | null;
}

export type TotalBarView =
  | { kind: 'total'; label: string; amount: number; formatted: string }
  | {
      kind: 'emi';
      label: string;
      /** The monthly instalment, minor units. */
      amount: number;
      formatted: string;
      /** The EMI-per-month note beside the amount (spec §2). */
      note: string;
      /** The order total the instalments add up to, minor units. */
      total: number;
      totalFormatted: string;
    };

export const TOTAL_LABEL = 'Total amount';
export const EMI_LABEL = 'EMI starts from';
export const EMI_NOTE = 'per month, no-cost EMI';

/** Whether the estimate offers a no-cost EMI option (spec §3: a pricing_type other than FULL_PAYMENT). */
export function hasNoCostEmi(estimate: TotalBarEstimate): boolean {
  return (
    estimate.pricingType !== FULL_PAYMENT &&
    estimate.emiAmountStartingFrom !== null &&
    estimate.emiAmountStartingFrom > 0
  );
}

/** Spec §2: the bar shows "EMI starts from" instead of the total when a no-cost EMI option exists. */
export function totalBarView({
  estimate,
  currency,
}: {
  estimate: TotalBarEstimate | null;
  currency: Currency;
}): TotalBarView | null {
  if (!estimate) return null;
  if (hasNoCostEmi(estimate) && estimate.emiAmountStartingFrom !== null) {
    return {
      kind: 'emi',
      label: EMI_LABEL,
      amount: estimate.emiAmountStartingFrom,
      formatted: formatMoney(estimate.emiAmountStartingFrom, currency),
      note: EMI_NOTE,
      total: estimate.totalPrice,
      totalFormatted: formatMoney(estimate.totalPrice, currency),
    };
  }
  return {
    kind: 'total',
    label: TOTAL_LABEL,
    amount: estimate.totalPrice,
    formatted: formatMoney(estimate.totalPrice, currency),
  };
}
