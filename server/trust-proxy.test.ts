import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app';
import type { Config } from './config';
import { memoryDelivery } from './modules/auth/delivery/memory';
import { type TestApp, testApp } from './testing';

const OPERATOR_TOKEN = 'operator-token-for-the-proxy-tests';
const clock = new Date('2025-03-01T10:00:00Z');
let shop: TestApp;
const opened: App[] = [];

let serial = 0;
function freshPhone() {
  serial += 1;
  return { phone_number: `96${String(20_000_000 + serial).padStart(8, '0')}`, country_code: '+91' };
}

/** An API process with these proxy settings, with a route that says which address it sees. */
async function shopWith(config: Partial<Config>): Promise<App> {
  const app = shop.build({
    config: {
      AUTH_SECRET: 'test-auth-secret-0123456789-abcdefghij',
      STATIC_DIR: '/nonexistent',
      OTP_IP_LIMIT_PER_HOUR: 2,
      OTP_RESEND_COOLDOWN_SECONDS: 0,
      ...config,
    },
    codeDelivery: memoryDelivery(),
    now: () => clock,
    operatorToken: OPERATOR_TOKEN,
  });
  app.get('/whoami', async (request) => ({ ip: request.ip }));
  await app.ready();
  opened.push(app);
  return app;
}

const whoami = async (app: App, remoteAddress: string, forwardedFor?: string) => {
  const res = await app.inject({
    method: 'GET',
    url: '/whoami',
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  return (res.json() as { ip: string }).ip;
};

const requestCode = (app: App, remoteAddress: string, forwardedFor: string) =>
  app.inject({
    method: 'POST',
    url: '/api/user/login/phone_number/v1/',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: freshPhone(),
  });

beforeAll(async () => {
  shop = await testApp();
});

afterAll(async () => {
  for (const app of opened) await app.close();
  await shop.close();
});

describe('TRUST_PROXY=127.0.0.1', () => {
  it("ignores X-Forwarded-For from any other peer: rotating it does not dodge the network's limit", async () => {
    const app = await shopWith({ TRUST_PROXY: ['127.0.0.1'] });
    expect(await whoami(app, '203.0.113.9', '1.2.3.4, 5.6.7.8')).toBe('203.0.113.9');
    expect((await requestCode(app, '203.0.113.9', '198.51.100.1')).statusCode).toBe(200);
    expect((await requestCode(app, '203.0.113.9', '198.51.100.2')).statusCode).toBe(200);
    const third = await requestCode(app, '203.0.113.9', '198.51.100.3');
    expect(third.statusCode).toBe(429);
    expect(third.json().data.message).toBe(
      'Too many codes were requested from this network. Try again later.',
    );
  });

  it("believes the trusted proxy's last hop, so each buyer behind it has their own limit", async () => {
    const app = await shopWith({ TRUST_PROXY: ['127.0.0.1'] });
    // Only the hop the proxy added is known; what the client claimed before it is not.
    expect(await whoami(app, '127.0.0.1', '1.2.3.4, 5.6.7.8')).toBe('5.6.7.8');
    for (const buyer of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      expect((await requestCode(app, '127.0.0.1', buyer)).statusCode).toBe(200);
    }
    expect((await requestCode(app, '127.0.0.1', '192.0.2.1')).statusCode).toBe(200);
    expect((await requestCode(app, '127.0.0.1', '192.0.2.1')).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY as a hop count or CIDR', () => {
  it('takes the address that many hops back', async () => {
    const one = await shopWith({ TRUST_PROXY: 1 });
    expect(await whoami(one, '10.0.0.5', '1.2.3.4, 5.6.7.8')).toBe('5.6.7.8');
    const two = await shopWith({ TRUST_PROXY: 2 });
    expect(await whoami(two, '10.0.0.5', '1.2.3.4, 5.6.7.8')).toBe('1.2.3.4');
  });

  it('walks back through every proxy in the trusted range', async () => {
    const app = await shopWith({ TRUST_PROXY: ['10.0.0.0/8'] });
    expect(await whoami(app, '10.0.0.5', '203.0.113.4, 10.0.0.9')).toBe('203.0.113.4');
    expect(await whoami(app, '172.16.0.1', '203.0.113.4, 10.0.0.9')).toBe('172.16.0.1');
  });

  it('trusts no header by default', async () => {
    const app = await shopWith({});
    expect(await whoami(app, '10.0.0.5', '1.2.3.4')).toBe('10.0.0.5');
  });
});

describe('operator calls', () => {
  const admin = (app: App, remoteAddress: string, forwardedFor?: string) =>
    app.inject({
      method: 'GET',
      url: '/api/maintenance/admin/v1/',
      remoteAddress,
      headers: {
        authorization: `Bearer ${OPERATOR_TOKEN}`,
        ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
      },
    });

  it('refuse "X-Forwarded-For: 127.0.0.1" from another machine, even when that hop is trusted', async () => {
    const app = await shopWith({ TRUST_PROXY: 1 });
    expect(await whoami(app, '203.0.113.7', '127.0.0.1')).toBe('127.0.0.1');
    const res = await admin(app, '203.0.113.7', '127.0.0.1');
    expect(res.statusCode).toBe(403);
    expect(res.json().data.message).toBe('The operator call is only accepted from this machine');
  });

  it('refuse a remote buyer relayed by a proxy on this machine', async () => {
    const app = await shopWith({ TRUST_PROXY: ['loopback'] });
    expect((await admin(app, '127.0.0.1', '198.51.100.4')).statusCode).toBe(403);
  });

  it('accept this machine with the token', async () => {
    const app = await shopWith({ TRUST_PROXY: ['loopback'] });
    expect((await admin(app, '127.0.0.1')).statusCode).toBe(200);
    expect((await admin(app, '::1')).statusCode).toBe(200);
  });
});
