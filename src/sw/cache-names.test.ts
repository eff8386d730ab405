import { describe, expect, it } from 'vitest';
import { isOutdatedPagesCache, pagesCacheName } from './cache-names';

describe('pages cache names', () => {
  it('gives each build its own pages cache', () => {
    expect(pagesCacheName('abc123')).not.toBe(pagesCacheName('def456'));
  });

  it("drops other builds' pages caches on activate and keeps its own and every other cache", () => {
    const current = 'def456';
    expect(isOutdatedPagesCache(pagesCacheName('abc123'), current)).toBe(true);
    expect(isOutdatedPagesCache(pagesCacheName(current), current)).toBe(false);
    expect(isOutdatedPagesCache('ibc-catalogue-v1', current)).toBe(false);
    expect(isOutdatedPagesCache('workbox-precache-v2-https://shop.example/', current)).toBe(false);
  });
});
