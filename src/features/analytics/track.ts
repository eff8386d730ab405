import { MARKETING_EVENTS } from '@contract/constants';
import { type ApiConfig, getApiConfig, serviceUrl } from '@/api/config';
/*
 * One function for the marketing events of spec §1 (requested_otp, signin_completed, signup_completed,
 * user_login, user_logout, and the checkout ones later). Each event goes to window.dataLayer (a tag manager
 * reads it) and to the marketing service's events push (spec §7 Analytics) through the outbox (src/api/outbox.ts):
 * it never blocks the buyer, an event made offline is sent once the connection is back, and failures are swallowed.
 */

/** The marketing event names of spec §1, as the marketing service accepts them. */
export const ANALYTICS_EVENTS = MARKETING_EVENTS;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];
export type AnalyticsProperties = Record<string, string | number | boolean | null | undefined>;
export type Track = (event: AnalyticsEvent, properties?: AnalyticsProperties) => void;

export const EVENTS_PUSH_PATH = '/web_engage/events/push/';

/** The marketing service's events address (spec §7: its own base address, resolved by src/api/config.ts). */
export function eventsPushUrl(config: ApiConfig = getApiConfig()): string {
  return serviceUrl('marketing', EVENTS_PUSH_PATH, undefined, config);
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Through the outbox: kept while offline, sent in order, stored once by the server (the Idempotency-Key). */
function send(body: Record<string, unknown>): void {
  // A chunk that cannot load (offline before the worker cached it) loses the event, never the page.
  import('@/api/outbox').then(
    (outbox) => outbox.enqueueEvent(EVENTS_PUSH_PATH, body),
    () => undefined,
  );
}

export const track: Track = (event, properties = {}) => {
  const occurredAt = new Date().toISOString();
  try {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ event, ...properties });
  } catch {
    // A locked-down window (e.g. a frozen dataLayer) is not our problem to surface.
  }
  send({ event_name: event, event_data: properties, occurred_at: occurredAt });
};
