import { describe, expect, it } from 'vitest';
import {
  isCacheableRequest,
  isCatalogueRequest,
  isHashedAsset,
  isHtmlPage,
  isImage,
  isNavigationToApp,
  isPageToKeep,
  pageCacheKey,
  pagesToSeed,
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

  it('keeps HTML pages of the app only, for anonymous GETs, never server pages', () => {
    const page = (path: string, init?: RequestInit, base = origin) => {
      const url = new URL(path, base);
      return isPageToKeep(new Request(url, init), url, origin);
    };
    expect(page('/ibc-kit')).toBe(true);
    expect(page('/')).toBe(true);
    expect(page('/ibc-kit', { headers: { Authorization: 'Bearer t' } })).toBe(false);
    expect(page('/ibc-kit', { method: 'POST', body: 'x' })).toBe(false);
    expect(page('/ibc-kit', undefined, 'https://cdn.example')).toBe(false);
    expect(page('/pay/sandbox/checkout')).toBe(false);
    expect(page('/app-shell')).toBe(false);
    expect(page('/api/commerce/packages/3/v1/')).toBe(false);
  });

  it('keeps an HTML answer unless the server says no-store', () => {
    const html = (headers: Record<string, string>) => isHtmlPage(new Response('<p>kit</p>', { headers }));
    expect(html({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' })).toBe(true);
    expect(html({ 'Content-Type': 'application/json' })).toBe(false);
    expect(html({})).toBe(false);
    expect(html({ 'Content-Type': 'text/html', 'Cache-Control': 'private, no-store' })).toBe(false);
  });

  it('saves a page under its path, whatever its query', () => {
    const key = (path: string) => pageCacheKey(new URL(path, origin));
    expect(key('/?source=pwa')).toBe(key('/'));
    expect(key('/ibc-kit?utm_source=ads&gclid=x#packages')).toBe(key('/ibc-kit'));
    expect(key('/ibc-kit')).not.toBe(key('/ibc-game'));
  });

  it('saves the start page and the open app pages when a worker activates', () => {
    expect(
      pagesToSeed(
        [
          `${origin}/ibc-kit?utm_source=ads`,
          `${origin}/ibc-kit`,
          `${origin}/pay/x/`,
          'https://other.example/',
        ],
        origin,
      ),
    ).toEqual([`${origin}/`, `${origin}/ibc-kit`]);
  });
});
