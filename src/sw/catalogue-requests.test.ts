import { describe, expect, it } from 'vitest';
import { isCatalogueRequest, isProductImage, wantsFreshResponse } from './requests';

const origin = 'https://shop.example';

function catalogue(path: string, init?: RequestInit, base = origin): boolean {
  const url = new URL(path, base);
  return isCatalogueRequest(new Request(url, init), url, origin);
}

describe('catalogue caching rules', () => {
  it('keeps catalogue GETs and the availability list', () => {
    expect(catalogue('/api/commerce/packages/available/price_estimate/v1/?package_codes=SOLO')).toBe(true);
    expect(catalogue('/api/commerce/packages/3/v1/')).toBe(true);
    expect(catalogue('/api/commerce/packages/3/last_sale/v1/')).toBe(true);
    expect(catalogue('/config/packagesAvailabilityConfig.json')).toBe(true);
  });

  it('never keeps POSTs, authenticated, fresh-demanding, foreign or other API calls', () => {
    expect(catalogue('/api/commerce/packages/available/v1/', { method: 'POST', body: '{}' })).toBe(false);
    expect(catalogue('/api/commerce/packages/3/v1/', { headers: { Authorization: 'Bearer t' } })).toBe(false);
    expect(catalogue('/api/commerce/packages/3/v1/', { headers: { 'Cache-Control': 'no-cache' } })).toBe(
      false,
    );
    expect(catalogue('/api/commerce/packages/3/v1/', undefined, 'https://cdn.example')).toBe(false);
    expect(catalogue('/api/commerce/packages/')).toBe(false);
    expect(catalogue('/api/commerce/admin/catalogue/v1/')).toBe(false);
    expect(catalogue('/api/user/v1/profile')).toBe(false);
  });

  it('tells a demand for a fresh answer', () => {
    expect(wantsFreshResponse(new Request(origin, { headers: { 'Cache-Control': 'no-store' } }))).toBe(true);
    expect(wantsFreshResponse(new Request(origin))).toBe(false);
  });

  it('caches product artwork and video posters, never the videos', () => {
    expect(isProductImage(new URL('/images/products/home-kit-solo.webp', origin))).toBe(true);
    expect(isProductImage(new URL('/videos/how-it-works-poster.webp', origin))).toBe(true);
    expect(isProductImage(new URL('/videos/how-it-works.mp4', origin))).toBe(false);
    expect(isProductImage(new URL('/images/logo.svg', origin))).toBe(false);
  });
});
