import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './RouteErrorView';

describe('isChunkLoadError', () => {
  it("knows each browser's words for a route's code that did not download", () => {
    // Chromium, Safari and Firefox.
    expect(
      isChunkLoadError(
        new TypeError('Failed to fetch dynamically imported module: https://shop/assets/bat-1.js'),
      ),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
  });

  it('leaves other failures to a re-render', () => {
    expect(isChunkLoadError(new Error('Package not found'))).toBe(false);
    expect(isChunkLoadError('Something went wrong')).toBe(false);
  });
});
