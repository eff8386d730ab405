import { onlineManager } from '@tanstack/react-query';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, setTokens } from '@/api/tokens';
import { countryStore } from '@/state/country';
import { OUTBOX_DATABASE, OUTBOX_STORE, pendingEntries } from '@/storage/outbox';
import { captureCampaign } from './session';
import { identify, track } from './track';

/* What track() and identify() push, and in which order, as the outbox keeps it offline (its sending: ./track.test.ts). */

beforeEach(async () => {
  await clear(createStore(OUTBOX_DATABASE, OUTBOX_STORE));
  // Offline: every push stays in the outbox, where the test reads it.
  onlineManager.setOnline(false);
  window.dataLayer = [];
  localStorage.clear();
  sessionStorage.clear();
  countryStore.countryCode = 'IN';
});
afterEach(() => {
  clearTokens('main');
  onlineManager.setOnline(true);
});

/** Every push as [path, body], in the order they were made, once the outbox holds `count` of them. */
function outboxPushes() {
  return async (count: number): Promise<[string, Record<string, unknown>][]> => {
    await vi.waitFor(async () => expect(await pendingEntries()).toHaveLength(count));
    return (await pendingEntries()).map((entry) => [
      entry.request.path.replace('/web_engage', ''),
      entry.request.body as Record<string, unknown>,
    ]);
  };
}

describe('what track and identify push', () => {
  it("names the shop's country IN 'india' and any other 'international', unless the event names its own", async () => {
    const pushes = outboxPushes();
    track('user_logout');
    countryStore.countryCode = 'US';
    track('user_logout');
    track('requested_otp', { country: 'india' });
    const events = (await pushes(4)).filter(([path]) => path === '/events/push/');
    expect(events.map(([, body]) => (body.event_data as Record<string, unknown>).country)).toEqual([
      'india',
      'international',
      'india',
    ]);
  });

  it("sends a visitor's users/anonymous/push once, before their first event, and their anonymous id with every event", async () => {
    const pushes = outboxPushes();
    track('requested_otp');
    track('user_logout');
    const sent = await pushes(3);
    expect(sent.map(([path]) => path)).toEqual(['/users/anonymous/push/', '/events/push/', '/events/push/']);
    const anonymousId = sent[0]?.[1].anonymous_id;
    expect(anonymousId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]?.[1]).toEqual({ anonymous_id: anonymousId, attributes: { country: 'india' } });
    expect(sent.slice(1).map(([, body]) => body.anonymous_id)).toEqual([anonymousId, anonymousId]);
    expect(sent[1]?.[1]).not.toHaveProperty('user_id');
  });

  it("keeps the landing address's UTM campaign, medium and source for the session and sends them with later events", async () => {
    const pushes = outboxPushes();
    captureCampaign('?utm_campaign=diwali&utm_medium=cpc&utm_source=google&gclid=x');
    // A later page of the session has no UTM in its address: the landing's stay.
    captureCampaign('?order_id=ord-1');
    track('Checkout Completed', {
      order_id: 'ord-1',
      utm_campaign: null,
      utm_medium: null,
      utm_source: null,
    });
    const [, body] = (await pushes(2)).find(([path]) => path === '/events/push/') ?? [];
    expect(body?.event_data).toEqual({
      country: 'india',
      order_id: 'ord-1',
      utm_campaign: 'diwali',
      utm_medium: 'cpc',
      utm_source: 'google',
    });
    captureCampaign('?utm_source=newsletter');
    track('purchase');
    const last = (await pushes(3)).at(-1)?.[1];
    expect(last?.event_data).toEqual({ country: 'india', utm_source: 'newsletter' });
  });

  it("pushes the user's identity after a sign-in, joined to the anonymous id, and their id with later events", async () => {
    const pushes = outboxPushes();
    track('requested_otp');
    setTokens('main', { accessToken: 'a', refreshToken: 'r', userId: 'u-42', expires: null });
    identify({
      userId: 'u-42',
      phoneNumber: '+919876543210',
      email: 'asha@example.com',
      name: 'Asha Rao',
      countryCode: 'IN',
    });
    track('user_login', { method: 'phone' });
    const sent = await pushes(4);
    expect(sent.map(([path]) => path)).toEqual([
      '/users/anonymous/push/',
      '/events/push/',
      '/users/push/',
      '/events/push/',
    ]);
    const anonymousId = sent[0]?.[1].anonymous_id;
    expect(sent[2]?.[1]).toEqual({
      user_id: 'u-42',
      anonymous_id: anonymousId,
      attributes: {
        country: 'india',
        phone_number: '+919876543210',
        email: 'asha@example.com',
        name: 'Asha Rao',
      },
    });
    expect(sent[3]?.[1]).toMatchObject({ user_id: 'u-42', anonymous_id: anonymousId });
    // The identity goes with the buyer's session (the server takes it from no one else); events need none.
    expect((await pendingEntries()).map((entry) => entry.request.auth)).toEqual([null, null, 'main', null]);
    // Nothing secret travels: no token, no code.
    expect(JSON.stringify(sent)).not.toMatch(/"a"|"r"|token/);
  });
});
