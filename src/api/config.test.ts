import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT_MS, resolveApiConfig, serviceUrl } from './config';

describe('service base URLs', () => {
  it('default to the same origin, each service under its own /api/<service> prefix', () => {
    const config = resolveApiConfig({});
    const services = Object.keys(config.baseUrls) as (keyof typeof config.baseUrls)[];
    expect(services).toContain('commerce');
    for (const service of services) {
      // A relative address: the request goes to the page's own origin, to the server's prefix for the service.
      expect(
        new URL(serviceUrl(service, '/status/v1/', undefined, config), 'https://shop.example').href,
      ).toBe(`https://shop.example/api/${service}/status/v1/`);
    }
    expect(config.timeoutMs).toBe(DEFAULT_TIMEOUT_MS);
  });

  it('use VITE_API_BASE_URL and a per-service override such as the marketing address', () => {
    const config = resolveApiConfig({
      VITE_API_BASE_URL: 'https://api.example.com/',
      VITE_MARKETING_BASE_URL: 'https://events.example.com',
      VITE_API_TIMEOUT_MS: '8000',
    });
    expect(config.baseUrls.user).toBe('https://api.example.com/api/user');
    expect(config.baseUrls.marketing).toBe('https://events.example.com/api/marketing');
    expect(config.origins.commerce).toBe('https://api.example.com');
    expect(config.origins.marketing).toBe('https://events.example.com');
    expect(config.timeoutMs).toBe(8000);
  });

  it('ignore a malformed timeout', () => {
    expect(resolveApiConfig({ VITE_API_TIMEOUT_MS: 'soon' }).timeoutMs).toBe(DEFAULT_TIMEOUT_MS);
    for (const timeout of ['', '0', '-5', '2.5']) {
      expect(resolveApiConfig({ VITE_API_TIMEOUT_MS: timeout }).timeoutMs).toBe(DEFAULT_TIMEOUT_MS);
    }
  });

  it('trim an origin and drop its trailing slashes; a blank override falls back to the API base', () => {
    const config = resolveApiConfig({
      VITE_API_BASE_URL: ' https://api.example.com// ',
      VITE_POSTAL_BASE_URL: '   ',
      VITE_USER_BASE_URL: 'https://id.example.com/v2/',
    });
    expect(config.baseUrls.postal).toBe('https://api.example.com/api/postal');
    expect(config.baseUrls.user).toBe('https://id.example.com/v2/api/user');
  });

  it('join paths with or without a leading slash and skip empty query values', () => {
    const config = resolveApiConfig({});
    expect(serviceUrl('user', 'refresh_auth_tokens/v1/', undefined, config)).toBe(
      '/api/user/refresh_auth_tokens/v1/',
    );
    expect(serviceUrl('postal', '/pincode/560001', { a: null, codes: ['x', 'y'] }, config)).toBe(
      '/api/postal/pincode/560001?codes=x&codes=y',
    );
  });
});
