import { describe, expect, it } from 'vitest';
import { isServerPath, SERVER_PATH_PATTERNS, SERVER_PATH_PREFIXES } from './paths';

describe('server paths', () => {
  it('owns the API, the hosted payment pages, the configuration files and the health check', () => {
    for (const pathname of [
      '/api',
      '/api/commerce/packages/v1/',
      '/pay',
      '/pay/sandbox/x',
      '/pay/x/',
      '/config/packagesAvailabilityConfig.json',
      '/healthz',
    ]) {
      expect(isServerPath(pathname), pathname).toBe(true);
    }
  });

  it('leaves storefront paths that merely start alike to the app', () => {
    for (const pathname of ['/', '/about-us', '/apiary', '/payments-help', '/configure', '/healthzone']) {
      expect(isServerPath(pathname), pathname).toBe(false);
    }
  });

  it('gives patterns that agree with the prefixes', () => {
    expect(SERVER_PATH_PATTERNS).toHaveLength(SERVER_PATH_PREFIXES.length);
    for (const pathname of ['/pay/sandbox/x', '/healthz', '/apiary', '/about-us']) {
      expect(
        SERVER_PATH_PATTERNS.some((pattern) => pattern.test(pathname)),
        pathname,
      ).toBe(isServerPath(pathname));
    }
  });
});
