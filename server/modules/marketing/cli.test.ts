import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithPhone, type TestApp, testApp } from '../../testing';
import { MarketingUsageError, marketingViaDatabase, parseMarketingCommand } from './cli';

let shop: TestApp;
let userId = '';

beforeAll(async () => {
  shop = await testApp({
    operatorToken: 'marketing-operator-token',
    config: { OTP_TEST_NUMBERS: new Map([['+919876543210', '123456']]) },
  });
  const asha = await signInWithPhone(shop.app, { phone_number: '9876543210', country_code: '+91' });
  userId = asha.userId;
  for (const [path, payload] of [
    ['/users/anonymous/push/', { anonymous_id: 'anon-1', attributes: { country: 'india' } }],
    ['/events/push/', { event_name: 'requested_otp', anonymous_id: 'anon-1' }],
    ['/users/push/', { anonymous_id: 'anon-1', attributes: { email: 'asha@example.com' } }],
  ] as const) {
    const res = await shop.app.inject({
      method: 'POST',
      url: `/api/marketing/web_engage${path}`,
      headers: { authorization: `Bearer ${asha.token}` },
      payload,
    });
    expect(res.statusCode).toBe(202);
  }
});

afterAll(async () => {
  await shop.close();
});

describe('npm run shop -- marketing pushes', () => {
  it('takes a kind, an event name and a limit; 50 unless told', () => {
    expect(parseMarketingCommand(['pushes'])).toEqual({ limit: 50 });
    expect(parseMarketingCommand(['pushes', '--kind', 'user', '--name', 'purchase', '--limit', '5'])).toEqual(
      {
        kind: 'user',
        name: 'purchase',
        limit: 5,
      },
    );
    expect(() => parseMarketingCommand(['events'])).toThrow(MarketingUsageError);
    expect(() => parseMarketingCommand(['pushes', '--kind', 'visitor'])).toThrow(/--kind/);
    expect(() => parseMarketingCommand(['pushes', '--limit', '0'])).toThrow(/--limit/);
  });

  it('prints the stored pushes newest first, one JSON line each', async () => {
    const lines = (await marketingViaDatabase(shop.db, { limit: 50 })).split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.kind, l.name, l.user_id, l.anonymous_id])).toEqual([
      ['user', null, userId, 'anon-1'],
      ['event', 'requested_otp', null, 'anon-1'],
      ['anonymous_user', null, null, 'anon-1'],
    ]);
  });

  it('is offered to the operator through the running server, and to no one else', async () => {
    const call = (token?: string) =>
      shop.app.inject({
        method: 'GET',
        url: '/api/marketing/admin/pushes/v1/?kind=user',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    expect((await call()).statusCode).toBe(401);
    expect((await call('not-the-token')).statusCode).toBe(401);
    const read = await call('marketing-operator-token');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().pushes).toMatchObject([
      { kind: 'user', user_id: userId, data: { email: 'asha@example.com' } },
    ]);
  });
});
