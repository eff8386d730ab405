import { MARKETING_EVENTS } from '@contract/constants';
import { type ApiConfig, getApiConfig, serviceUrl } from '@/api/config';
/*
 * One function for the marketing events of spec §1 (requested_otp, signin_completed, signup_completed,
 * user_login, user_logout, and the checkout ones later). Each event goes to window.dataLayer (a tag manager
 * reads it) and to the marketing service's events push (spec §7 Analytics). Delivery is best effort: it never
 * blocks the buyer, survives a page change (sendBeacon, or fetch with keepalive) and its failures are swallowed.
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

function send(url: string, body: string): void {
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))) return;
    }
    if (typeof fetch === 'function') {
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        keepalive: true,
        credentials: 'omit',
      }).catch(() => undefined);
    }
  } catch {
    // Analytics must never break the page.
  }
}

export const track: Track = (event, properties = {}) => {
  const occurredAt = new Date().toISOString();
  try {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ event, ...properties });
  } catch {
    // A locked-down window (e.g. a frozen dataLayer) is not our problem to surface.
  }
  const body = JSON.stringify({ event_name: event, event_data: properties, occurred_at: occurredAt });
  send(eventsPushUrl(), body);
};
