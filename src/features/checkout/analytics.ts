import type { MARKETING_EVENTS } from '@contract/constants';

/** The checkout's marketing events (spec §1); the page passes the analytics feature's track. */
export type CheckoutAnalyticsEvent = Extract<
  (typeof MARKETING_EVENTS)[number],
  'coupon_applied' | 'referral_code_applied'
>;

export type CheckoutTrack = (
  event: CheckoutAnalyticsEvent,
  properties?: Record<string, string | number | boolean | null | undefined>,
) => void;

/** What the coupon and referral machines emit when a code was applied: the page hands it to its track. */
export interface CodeAppliedEmitted {
  type: CheckoutAnalyticsEvent;
  code: string;
  /** The saving the code gave, minor units. */
  saving: number;
}

/** Hands an emitted code-applied event to the page's track (actor.on('coupon_applied', (e) => trackCodeApplied(e, track))). */
export function trackCodeApplied(emitted: CodeAppliedEmitted, track: CheckoutTrack): void {
  track(emitted.type, { code: emitted.code, saving_minor_units: emitted.saving });
}
