import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveApiConfig } from '@/api/config';
import { clearTokens, setTokens } from '@/api/tokens';
import { countryStore } from '@/state/country';
import { captureCampaign } from './session';
import { eventsPushUrl, identify, track } from './track';

beforeEach(() => {
  window.dataLayer = [];
  localStorage.clear();
  sessionStorage.clear();
  countryStore.countryCode = 'IN';
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'sendBeacon');
  clearTokens('main');
});

/** Every push as [path, body], in the order they were sent. */
function beaconPushes() {
  const sendBeacon = vi.fn((_url: string, _body: Blob) => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  return async (): Promise<[string, Record<string, unknown>][]> =>
    Promise.all(
      sendBeacon.mock.calls.map(
        async ([url, blob]): Promise<[string, Record<string, unknown>]> => [
          url.replace('/api/marketing/web_engage', ''),
          JSON.parse(await blob.text()) as Record<string, unknown>,
        ],
      ),
    );
}

describe('track', () => {
  it('pushes to dataLayer and beacons the event to the marketing service', async () => {
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    track('requested_otp', { token_set: 'main' });
    expect(window.dataLayer).toEqual([{ event: 'requested_otp', country: 'india', token_set: 'main' }]);
    const [url, blob] = sendBeacon.mock.calls.at(-1) as unknown as [string, Blob];
    expect(url).toBe('/api/marketing/web_engage/events/push/');
    expect(JSON.parse(await blob.text())).toMatchObject({
      event_name: 'requested_otp',
      event_data: { country: 'india', token_set: 'main' },
    });
  });

  it("names the shop's country IN 'india' and any other 'international', unless the event names its own", async () => {
    const pushes = beaconPushes();
    track('user_logout');
    countryStore.countryCode = 'US';
    track('user_logout');
    track('requested_otp', { country: 'india' });
    const events = (await pushes()).filter(([path]) => path === '/events/push/');
    expect(events.map(([, body]) => (body.event_data as Record<string, unknown>).country)).toEqual([
      'india',
      'international',
      'india',
    ]);
  });

  it("sends a visitor's users/anonymous/push once, before their first event, and their anonymous id with every event", async () => {
    const pushes = beaconPushes();
    track('requested_otp');
    track('user_logout');
    const sent = await pushes();
    expect(sent.map(([path]) => path)).toEqual(['/users/anonymous/push/', '/events/push/', '/events/push/']);
    const anonymousId = sent[0]?.[1].anonymous_id;
    expect(anonymousId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]?.[1]).toEqual({ anonymous_id: anonymousId, attributes: { country: 'india' } });
    expect(sent.slice(1).map(([, body]) => body.anonymous_id)).toEqual([anonymousId, anonymousId]);
    expect(sent[1]?.[1]).not.toHaveProperty('user_id');
  });

  it("keeps the landing address's UTM campaign, medium and source for the session and sends them with later events", async () => {
    const pushes = beaconPushes();
    captureCampaign('?utm_campaign=diwali&utm_medium=cpc&utm_source=google&gclid=x');
    // A later page of the session has no UTM in its address: the landing's stay.
    captureCampaign('?order_id=ord-1');
    track('Checkout Completed', {
      order_id: 'ord-1',
      utm_campaign: null,
      utm_medium: null,
      utm_source: null,
    });
    const [, body] = (await pushes()).find(([path]) => path === '/events/push/') ?? [];
    expect(body?.event_data).toEqual({
      country: 'india',
      order_id: 'ord-1',
      utm_campaign: 'diwali',
      utm_medium: 'cpc',
      utm_source: 'google',
    });
    captureCampaign('?utm_source=newsletter');
    track('purchase');
    const last = (await pushes()).at(-1)?.[1];
    expect(last?.event_data).toEqual({ country: 'india', utm_source: 'newsletter' });
  });

  it("pushes the user's identity after a sign-in, joined to the anonymous id, and their id with later events", async () => {
    const pushes = beaconPushes();
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
    const sent = await pushes();
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
    // Nothing secret travels: no token, no code.
    expect(JSON.stringify(sent)).not.toMatch(/"a"|"r"|token/);
  });

  it('falls back to fetch with keepalive and swallows every failure', async () => {
    const fetchMock = vi.fn(() => Promise.reject(new Error('404')));
    vi.stubGlobal('fetch', fetchMock);
    expect(() => track('user_logout')).not.toThrow();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/marketing/web_engage/events/push/',
      expect.objectContaining({ method: 'POST', keepalive: true }),
    );
    Object.defineProperty(navigator, 'sendBeacon', {
      value: () => {
        throw new Error('blocked');
      },
      configurable: true,
    });
    expect(() => track('user_login')).not.toThrow();
  });

  it('drops a push the server refuses as too many or too large, without retrying it', async () => {
    const answers = [
      new Response(JSON.stringify({ data: { message: 'Too many', http_status_code: 429 } }), {
        status: 429,
        headers: { 'Retry-After': '3595' },
      }),
      new Response(null, { status: 413 }),
    ];
    const fetchMock = vi.fn(() => Promise.resolve(answers.shift() ?? new Response(null, { status: 202 })));
    vi.stubGlobal('fetch', fetchMock);
    expect(() => track('purchase', { order_id: 'o-1' })).not.toThrow();
    expect(() => track('order_created')).not.toThrow();
    await Promise.all(fetchMock.mock.results.map((result) => result.value));
    await Promise.resolve();
    // One request per push (the visitor's anonymous push, then the two events): a refusal is not sent again.
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(window.dataLayer).toHaveLength(2);
  });

  it('uses the marketing base address when one is configured', () => {
    expect(eventsPushUrl(resolveApiConfig({ VITE_MARKETING_BASE_URL: 'https://mkt.example/' }))).toBe(
      'https://mkt.example/api/marketing/web_engage/events/push/',
    );
    expect(eventsPushUrl(resolveApiConfig({ VITE_API_BASE_URL: 'https://api.example' }))).toBe(
      'https://api.example/api/marketing/web_engage/events/push/',
    );
  });
});
