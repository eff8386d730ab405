import { describe, expect, it } from 'vitest';
import { tokenCookieName } from '@/api/cookies';
import {
  ACCESS_TOKEN_COOKIE,
  LAST_ORDER_KEY,
  ORDER_RETURN_KEY,
  TOKEN_EXPIRES_COOKIE,
} from '@/lib/orderReturn';
import { STORAGE_KEYS } from '@/storage/kv';

// The service worker cannot import the page's modules (no aliases, no zod, no DOM): it names them itself.
// (It opens the same database: src/sw/order-status.test.ts reads what the page wrote.)
describe('what the service worker and the page share', () => {
  it('the same IndexedDB keys and cookie names', () => {
    expect(LAST_ORDER_KEY).toBe(STORAGE_KEYS.lastOrderDetails);
    expect(ORDER_RETURN_KEY).toBe(STORAGE_KEYS.orderReturn);
    expect(ACCESS_TOKEN_COOKIE).toBe(tokenCookieName('main', 'access_token'));
    expect(TOKEN_EXPIRES_COOKIE).toBe(tokenCookieName('main', 'expires'));
  });
});
