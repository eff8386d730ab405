import { describe, expect, it } from 'vitest';
import { isCacheableRequest, isHashedAsset, isImage, isServerOwnedPath } from './requests';

const origin = 'https://shop.example';

function check(path: string, init?: RequestInit, base = origin): boolean {
  const url = new URL(path, base);
  return isCacheableRequest(new Request(url, init), url, origin);
}

describe('service worker request rules', () => {
  it('leaves the API, hosted payment pages and the health check to the server', () => {
    expect(isServerOwnedPath('/api/commerce/v1/packages')).toBe(true);
    expect(isServerOwnedPath('/pay/sandbox/checkout')).toBe(true);
    expect(isServerOwnedPath('/healthz')).toBe(true);
    expect(isServerOwnedPath('/about-us')).toBe(false);
    expect(isServerOwnedPath('/apiary')).toBe(false);
    expect(isServerOwnedPath('/payments-help')).toBe(false);
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
