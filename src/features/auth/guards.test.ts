import { describe, expect, it } from 'vitest';
import { safeRedirect } from './guards';

describe('safeRedirect', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeRedirect('/ibc-game')).toBe('/ibc-game');
    expect(safeRedirect('/checkout?coupon=X#top')).toBe('/checkout?coupon=X#top');
    expect(safeRedirect('/ibc-game/')).toBe('/ibc-game');
  });

  it('refuses other origins, scripts and the sign-in pages themselves', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      undefined,
      42,
    ])
      expect(safeRedirect(bad)).toBe('/');
    expect(safeRedirect('/sign-in?redirect=/x')).toBe('/');
    expect(safeRedirect('/f/sign-in')).toBe('/');
    expect(safeRedirect('/sign-in/verify', '/home')).toBe('/home');
  });
});
