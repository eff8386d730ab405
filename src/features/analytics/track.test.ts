import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveApiConfig } from '@/api/config';
import { eventsPushUrl, track } from './track';

beforeEach(() => {
  window.dataLayer = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'sendBeacon');
});

describe('track', () => {
  it('pushes to dataLayer and beacons the event to the marketing service', async () => {
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    track('requested_otp', { country_code: 'IN' });
    expect(window.dataLayer).toEqual([{ event: 'requested_otp', country_code: 'IN' }]);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/api/marketing/web_engage/events/push/');
    expect(JSON.parse(await blob.text())).toMatchObject({
      event_name: 'requested_otp',
      event_data: { country_code: 'IN' },
    });
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
    // One request per event: a refusal is not sent again.
    expect(fetchMock).toHaveBeenCalledTimes(2);
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
