import { describe, expect, it } from 'vitest';
import {
  isCacheableRequest,
  isCatalogueRequest,
  isHashedAsset,
  isImage,
  isNavigationToApp,
} from './requests';

const origin = 'https://shop.example';

function check(path: string, init?: RequestInit, base = origin): boolean {
  const url = new URL(path, base);
  return isCacheableRequest(new Request(url, init), url, origin);
}

describe('service worker request rules', () => {
  it('leaves navigations to the API, hosted payment pages, configuration and health check to the server', () => {
    const app = (path: string) => isNavigationToApp(new URL(path, origin));
    expect(app('/api/commerce/v1/packages')).toBe(false);
    expect(app('/pay/sandbox/checkout')).toBe(false);
    expect(app('/pay/x/')).toBe(false);
    expect(app('/config/packagesAvailabilityConfig.json')).toBe(false);
    expect(app('/healthz')).toBe(false);
    expect(app('/about-us')).toBe(true);
    expect(app('/apiary')).toBe(true);
    expect(app('/payments-help')).toBe(true);
  });

  it('never keeps a server page in a runtime cache, except the catalogue reads it is told to', () => {
    expect(check('/pay/sandbox/checkout')).toBe(false);
    expect(check('/config/packagesAvailabilityConfig.json')).toBe(false);
    expect(check('/healthz')).toBe(false);
    const config = new URL('/config/packagesAvailabilityConfig.json', origin);
    expect(isCatalogueRequest(new Request(config), config, origin)).toBe(true);
  });

  it('caches only same-origin GETs without credentials', () => {
    expect(check('/images/kit.webp')).toBe(true);
    expect(check('/images/kit.webp', { method: 'POST', body: 'x' })).toBe(false);
    expect(check('/images/kit.webp', { headers: { Authorization: 'Bearer t' } })).toBe(false);
    expect(check('/images/kit.webp', undefined, 'https://cdn.example')).toBe(false);
    expect(check('/api/user/v1/profile')).toBe(false);
  });

  it('tells hashed build output and pictures apart', () => {
    expect(isHashedAsset(new URL('/assets/index-abc123.js', origin))).toBe(true);
    expect(isImage(new URL('/icons/icon-192.png', origin))).toBe(true);
    expect(isImage(new URL('/images/bat.webp', origin))).toBe(true);
    expect(isImage(new URL('/assets/index-abc123.js', origin))).toBe(false);
  });
});
