import type { Currency } from '@contract/money';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { formatMoney } from '@/lib/money';

/*
 * The total bar machine of spec §4 "Total bar" and §2 "Total amount bar": loading, failed (RETRY) and success.
 * loading asks the injected `fetchPriceEstimate` for the estimate of the current request (the page's selected
 * packages, codes and address, spec §3 Price estimate request); REFRESH (beyond the spec's list: the inputs
 * changed, or the connection came back) asks again for a new request from any state. A failure keeps the last
 * estimate, so an offline bar can still show it as last known.
 */

/** Spec §3: pricing_type FULL_PAYMENT, or otherwise no-cost EMI. */
export const FULL_PAYMENT = 'FULL_PAYMENT';

/** What the bar reads of the price estimate, amounts in minor units. */
export interface TotalBarEstimate {
  totalPrice: number;
  pricingType: string;
  /** The lowest monthly no-cost EMI instalment, when the server offers one. */
  emiAmountStartingFrom: number | null;
}

export interface TotalBarInput {
  /** The price estimate request as the page builds it; handed to fetchPriceEstimate as it is. */
  request: unknown;
}

export interface TotalBarContext {
  request: unknown;
  /** The last estimate received, kept through a failure. */
  estimate: TotalBarEstimate | null;
  error: unknown;
}

export type TotalBarEvent = { type: 'RETRY' } | { type: 'REFRESH'; request: unknown };

export const totalBarMachine = setup({
  types: {
    context: {} as TotalBarContext,
    events: {} as TotalBarEvent,
    input: {} as TotalBarInput,
  },
  actors: {
    fetchPriceEstimate: fromPromise<TotalBarEstimate, { request: unknown }>(async () => {
      throw new Error('fetchPriceEstimate is not provided');
    }),
  },
  actions: {
    storeRequest: assign(({ context, event }) =>
      event.type === 'REFRESH' ? { request: event.request } : context,
    ),
  },
}).createMachine({
  id: 'totalBar',
  context: ({ input }) => ({ request: input.request, estimate: null, error: null }),
  initial: 'loading',
  on: {
    // Re-entering loading cancels the call in flight: only the newest inputs' answer counts.
    REFRESH: { target: '.loading', reenter: true, actions: 'storeRequest' },
  },
  states: {
    loading: {
      invoke: {
        src: 'fetchPriceEstimate',
        input: ({ context }) => ({ request: context.request }),
        onDone: {
          target: 'success',
          actions: assign({ estimate: ({ event }) => event.output, error: null }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
    success: {},
  },
});

export type TotalBarSnapshot = SnapshotFrom<typeof totalBarMachine>;

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
