import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCookie, shouldUseSecureCookies } from './cookies';
import { clearTokens, getTokens, setTokens, tokenCookieName, tokenSetFromRefresh } from './tokens';

const tokens = { accessToken: 'acc', refreshToken: 'ref', userId: '42', expires: 1_700_000_000_000 };

afterEach(() => {
  clearTokens('main');
  clearTokens('business');
  clearTokens('forms');
});

describe('token sets in cookies', () => {
  it('keeps the three sets apart and reads each back', () => {
    setTokens('main', tokens);
    setTokens('business', { ...tokens, accessToken: 'biz' });
    setTokens('forms', { ...tokens, accessToken: 'frm', expires: null });

    expect(getTokens('main')).toEqual(tokens);
    expect(getTokens('business')?.accessToken).toBe('biz');
    expect(getTokens('forms')).toEqual({ ...tokens, accessToken: 'frm', expires: null });
    expect(getCookie('access_token')).toBe('acc');
    expect(getCookie('business_access_token')).toBe('biz');
    expect(tokenCookieName('forms', 'refresh_token')).toBe('forms_refresh_token');
  });

  it('reads a whole set from one read of the cookie store', () => {
    setTokens('main', tokens);
    const reads = vi.spyOn(document, 'cookie', 'get');
    try {
      expect(getTokens('main')).toEqual(tokens);
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });

  it('clears one set without touching the others', () => {
    setTokens('main', tokens);
    setTokens('forms', tokens);
    clearTokens('main');
    expect(getTokens('main')).toBeNull();
    expect(getCookie('refresh_token')).toBeUndefined();
    expect(getTokens('forms')).toEqual(tokens);
  });

  it('lives 30 days on path / with SameSite=Lax and is secure except on localhost', () => {
    const written: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    const spy = vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value);
      descriptor?.set?.call(document, value);
    });
    setTokens('main', tokens);
    spy.mockRestore();
    // 30 days: 30 × 86,400 s.
    expect(written[0]).toBe('access_token=acc; Max-Age=2592000; Path=/; SameSite=Lax');

    expect(shouldUseSecureCookies({ protocol: 'https:', hostname: 'shop.example.com' })).toBe(true);
    expect(shouldUseSecureCookies({ protocol: 'https:', hostname: 'localhost' })).toBe(false);
    expect(shouldUseSecureCookies({ protocol: 'http:', hostname: 'localhost' })).toBe(false);
    expect(shouldUseSecureCookies({ protocol: 'http:', hostname: '127.0.0.1' })).toBe(false);
  });

  it('builds the new set from a refresh answer, keeping the old refresh token when none is rotated', () => {
    const next = tokenSetFromRefresh({ access_token: 'new', expires_in: 60, user_id: 7 }, tokens, 1_000);
    expect(next).toEqual({ accessToken: 'new', refreshToken: 'ref', userId: '7', expires: 61_000 });
  });
});
