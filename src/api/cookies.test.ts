import { describe, expect, it } from 'vitest';
import { readTokenCookie, removeCookie, setCookie, tokenCookieName } from './cookies';

const sources = import.meta.glob(
  ['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/**/*.test-helpers.*'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
) as Record<string, string>;

describe('cookies', () => {
  it('keeps each token set in its own cookies: the main set bare, the others prefixed', () => {
    expect(tokenCookieName('main', 'access_token')).toBe('access_token');
    expect(tokenCookieName('forms', 'access_token')).toBe('forms_access_token');
    expect(tokenCookieName('business', 'user_id')).toBe('business_user_id');
  });

  it('reads back a field of a set it wrote', () => {
    setCookie(tokenCookieName('forms', 'access_token'), 'abc');
    expect(readTokenCookie('forms', 'access_token')).toBe('abc');
    expect(readTokenCookie('main', 'access_token')).toBeUndefined();
    removeCookie(tokenCookieName('forms', 'access_token'));
    expect(readTokenCookie('forms', 'access_token')).toBeUndefined();
  });

  it('is the one module that touches document.cookie; elsewhere no cookie is named by a bare string', () => {
    const spelled = /document\.cookie|(?:get|set|remove)Cookie\(\s*['`]/;
    const offenders = Object.entries(sources)
      .filter(([path]) => path !== '/src/api/cookies.ts')
      .filter(([, text]) => spelled.test(text))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });
});
