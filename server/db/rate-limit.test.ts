import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientKey, networkKey } from '../plugins/rate-limit';
import { type TestApp, testApp } from '../testing';
import { hitRateLimit } from './rate-limit';
import { rateLimitCounters } from './schema';

let shop: TestApp;

beforeAll(async () => {
  shop = await testApp();
});

afterAll(async () => {
  await shop.close();
});

const at = (iso: string) => new Date(iso);

describe('hitRateLimit', () => {
  it('counts weighted hits against the limit and tells how long until the window ends', async () => {
    const rule = { key: 'test:bytes', limit: 1000, windowSeconds: 3600 };
    expect(await hitRateLimit(shop.db, rule, at('2026-01-01T10:00:00Z'), 600)).toEqual({
      allowed: true,
      count: 600,
    });
    expect(await hitRateLimit(shop.db, rule, at('2026-01-01T10:15:00Z'), 400)).toEqual({
      allowed: true,
      count: 1000,
    });
    expect(await hitRateLimit(shop.db, rule, at('2026-01-01T10:45:00Z'), 1)).toEqual({
      allowed: false,
      retryAfterSeconds: 900,
    });
    expect(await hitRateLimit(shop.db, rule, at('2026-01-01T11:00:00Z'), 1)).toEqual({
      allowed: true,
      count: 1,
    });
  });

  it('saturates instead of overflowing the counter while refused hits keep coming', async () => {
    const rule = { key: 'test:huge', limit: 2_000_000_000, windowSeconds: 3600 };
    const when = at('2026-01-02T10:00:00Z');
    await hitRateLimit(shop.db, rule, when, 1_500_000_000);
    await hitRateLimit(shop.db, rule, when, 1_500_000_000);
    const third = await hitRateLimit(shop.db, rule, when, 1_500_000_000);
    expect(third.allowed).toBe(false);
  });

  it('sweeps the counters of keys that were never hit again', async () => {
    const rule = (key: string) => ({ key, limit: 5, windowSeconds: 3600 });
    await hitRateLimit(shop.db, rule('test:ip:one-off'), at('2026-02-01T10:00:00Z'));
    const left = () =>
      shop.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, 'test:ip:one-off'));
    expect(await left()).toHaveLength(1);
    await hitRateLimit(shop.db, rule('test:ip:another'), at('2026-02-04T10:00:00Z'));
    expect(await left()).toHaveLength(0);
  });

  it('refuses a window longer than a day', async () => {
    await expect(
      hitRateLimit(
        shop.db,
        { key: 'test:week', limit: 1, windowSeconds: 7 * 86_400 },
        at('2026-03-01T00:00:00Z'),
      ),
    ).rejects.toThrow(/at most a day/);
  });
});

describe('clientKey', () => {
  it('is the IPv4 address, and the /64 of an IPv6 address', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('networkKey', () => {
  it('is the /24 of an IPv4 address, and the /48 of an IPv6 address', () => {
    expect(networkKey('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkKey('::ffff:203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkKey('2001:db8:1:2::1')).toBe('2001:db8:1::/48');
    expect(networkKey('2001:0DB8:0001:ffff:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1::/48');
    expect(networkKey('2001:db8::5')).toBe('2001:db8:0::/48');
    expect(networkKey('::1')).toBe('0:0:0::/48');
  });
});
