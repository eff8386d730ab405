import { emptyPriceView, type PriceView } from '@/api/priceEstimate';
import type { CheckoutSummaryState } from './types';

/** A price view with the given figures (minor units), the rest of the empty estimate. */
export function view(overrides: Partial<PriceView>): PriceView {
  return { ...emptyPriceView('INR'), ...overrides };
}

/** The summary's props for a ready estimate; each test changes what it is about. */
export function summaryState(overrides: Partial<CheckoutSummaryState> = {}): CheckoutSummaryState {
  return {
    estimate: view({}),
    status: 'ready',
    receivedAt: null,
    onRetry: () => {},
    variant: 'default',
    packageCodes: [],
    productCodes: [],
    codeForms: null,
    ...overrides,
  };
}
