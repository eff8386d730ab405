import type { ReactNode } from 'react';
import type { PriceView } from '@/api/priceEstimate';
import type { CheckoutVariant } from '../variants';

/** Where the checkout's price estimate stands, as the summary and the total bar show it. */
export type EstimateStatus =
  /** The first answer for these inputs is on its way (the last one, if any, stays shown dimmed). */
  | 'loading'
  /** The call failed online: show the retry. */
  | 'failed'
  /** The server's answer for the current inputs. */
  | 'ready'
  /** Offline: the last answer known, "will update when you are back online". */
  | 'lastKnown';

/** What the checkout page hands its order summary: the page owns the machines, the summary only shows. */
export interface CheckoutSummaryState {
  estimate: PriceView;
  status: EstimateStatus;
  /** When the shown estimate was received (epoch ms), for the last-known note; null before any answer. */
  receivedAt: number | null;
  onRetry: () => void;
  variant: CheckoutVariant;
  /** The package codes being bought (decide the strips, the licence panel and the business T&C). */
  packageCodes: readonly string[];
  /** The product codes being bought. */
  productCodes: readonly string[];
  /** The coupon and referral (or invite) forms with their banners, placed by the summary. */
  codeForms: ReactNode;
}
