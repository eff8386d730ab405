import { MARKETING_EVENTS } from '@contract/constants';
import { getTokens } from '@/api/tokens';
import { trackedCountry } from '@/lib/countries';
import { countryStore } from '@/state/country';
import { anonymousId, claimAnonymousPush, sessionCampaign } from './session';

export { captureCampaign } from './session';
/*
 * One function for the marketing events of spec §1 (sign-in, checkout, forms). Each event goes to window.dataLayer
 * (a tag manager reads it) and to the marketing service's events push (spec §7 Analytics), with the shop's country
 * as 'india' or 'international', the session's UTM campaign, the device's anonymous id and the signed-in user's id.
 * The users/anonymous/push precedes a visitor's first event, the users/push follows a sign-in (identify). Every push
 * goes through the outbox (src/api/outbox.ts): it never blocks the buyer, a push made offline is sent once the
 * connection is back, in order, and failures are swallowed.
 */

/** The marketing event names of spec §1, as the marketing service accepts them. */
export const ANALYTICS_EVENTS = MARKETING_EVENTS;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];
export type AnalyticsProperties = Record<string, string | number | boolean | null | undefined>;
export type Track = (event: AnalyticsEvent, properties?: AnalyticsProperties) => void;

export const EVENTS_PUSH_PATH = '/web_engage/events/push/';
export const USERS_PUSH_PATH = '/web_engage/users/push/';
export const ANONYMOUS_USERS_PUSH_PATH = '/web_engage/users/anonymous/push/';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Through the outbox: kept while offline, sent in order, stored once by the server (the Idempotency-Key). */
function send(path: string, body: Record<string, unknown>, auth: 'main' | false = false): void {
  // A chunk that cannot load (offline before the worker cached it) loses the push, never the page.
  import('@/api/outbox').then(
    (outbox) => outbox.enqueueEvent(path, body, auth),
    () => undefined,
  );
}

/** The signed-in buyer's id (the main token set), or null for a visitor. */
function signedInUserId(): string | null {
  try {
    return getTokens('main')?.userId ?? null;
  } catch {
    return null;
  }
}

/** What every push says of the visit: the shop's country as spec §9 names it and the session's campaign. */
function visitContext(): AnalyticsProperties {
  return { country: trackedCountry(countryStore.countryCode), ...sessionCampaign() };
}

export const track: Track = (event, properties = {}) => {
  const occurredAt = new Date().toISOString();
  const context = visitContext();
  // An event may name its own country (the phone's); the session's campaign is the one the visitor came from.
  const eventData = { country: context.country, ...properties, ...sessionCampaign() };
  try {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ event, ...eventData });
  } catch {
    // A locked-down window (e.g. a frozen dataLayer) is not our problem to surface.
  }
  const anonymous = anonymousId();
  const userId = signedInUserId();
  if (anonymous && !userId && claimAnonymousPush(anonymous)) {
    send(ANONYMOUS_USERS_PUSH_PATH, { anonymous_id: anonymous, attributes: context });
  }
  send(EVENTS_PUSH_PATH, {
    event_name: event,
    event_data: eventData,
    occurred_at: occurredAt,
    ...(anonymous ? { anonymous_id: anonymous } : {}),
    ...(userId ? { user_id: userId } : {}),
  });
};

/** Who signed in (spec §7 users/push): identity the marketing team may contact, never a token or a code. */
export interface UserIdentity {
  userId: string;
  /** E.164, e.g. +919876543210. */
  phoneNumber?: string | null;
  email?: string | null;
  name?: string | null;
  /** ISO 3166-1 alpha-2 of the buyer's phone; the shop's country when unknown. */
  countryCode?: string | null;
}

/** users/push after a sign-in: the user's identity, joined to the device's anonymous id. */
export function identify({ userId, phoneNumber, email, name, countryCode }: UserIdentity): void {
  const anonymous = anonymousId();
  const attributes: AnalyticsProperties = {
    ...visitContext(),
    ...(countryCode ? { country: trackedCountry(countryCode) } : {}),
    ...(phoneNumber ? { phone_number: phoneNumber } : {}),
    ...(email ? { email } : {}),
    ...(name ? { name } : {}),
  };
  // The server takes a user's attributes only from that user's own session.
  send(
    USERS_PUSH_PATH,
    { user_id: userId, ...(anonymous ? { anonymous_id: anonymous } : {}), attributes },
    'main',
  );
}
