import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '../contract/common';
import { type App, buildApp, createLogger } from './app';
import type { Database } from './db/client';
import { HttpError } from './errors';
import { baselineSecurityHeaders } from './plugins/security';
import { CACHE_IMMUTABLE, withoutTrailingSlash } from './plugins/static';
import { fakeStaticDir, memoryLogger, type TestApp, testApp, testConfig } from './testing';

let shop: TestApp;
let app: App;
const log = memoryLogger();

beforeAll(async () => {
  shop = await testApp({ config: { STATIC_DIR: fakeStaticDir() }, logger: log.logger, ready: false });
  app = shop.app;
  // Routes only the tests have: a validated body, a crash, a deliberate 409.
  app.post(
    '/api/user/test-only/echo/v1/',
    {
      schema: {
        body: z.object({ email: z.email(), profile: z.object({ pincode: z.string().length(6) }).optional() }),
      },
    },
    async (request) => request.body,
  );
  app.get('/api/user/test-only/crash/v1/', async () => {
    throw new Error('connection to db-secret-host:5432 refused at /srv/app/server.ts:12');
  });
  app.get('/api/user/test-only/conflict/v1/', async () => {
    throw new HttpError(409, 'That e-mail is already registered', { field: 'email' });
  });
  await app.ready();
});

afterAll(async () => {
  await shop.close();
});

describe('error body (spec §8)', () => {
  it('answers an unknown API path with 404 and the error body', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/commerce/nope/v1/' });
    expect(res.statusCode).toBe(404);
    const body = errorBodySchema.parse(res.json());
    expect(body.data).toMatchObject({ res_status: 'NOT_FOUND', http_status_code: 404 });
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('answers unknown /config, /api and non-GET storefront paths with the error body, not the SPA', async () => {
    for (const [method, url] of [
      ['GET', '/config/nope.json'],
      ['GET', '/api'],
      ['POST', '/about-us'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(errorBodySchema.parse(res.json()).data.http_status_code).toBe(404);
    }
  });

  it('names the rejected field in a validation error', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/test-only/echo/v1/',
      payload: { email: 'not-an-email' },
    });
    expect(res.statusCode).toBe(400);
    const { data } = errorBodySchema.parse(res.json());
    expect(data).toMatchObject({ res_status: 'BAD_REQUEST', http_status_code: 400, field: 'email' });
    expect(data.message).toBe('email: Invalid email address');
  });

  it('names nested fields with dots, and the body when it is missing', async () => {
    const nested = await app.inject({
      method: 'POST',
      url: '/api/user/test-only/echo/v1/',
      payload: { email: 'a@b.in', profile: { pincode: '12' } },
    });
    expect(nested.json().data.field).toBe('profile.pincode');
    const empty = await app.inject({ method: 'POST', url: '/api/user/test-only/echo/v1/' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.field).toBe('body');
  });

  it('answers malformed JSON with 400 and the error body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/test-only/echo/v1/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).data.res_status).toBe('BAD_REQUEST');
  });

  it('keeps an HttpError status, message and field', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user/test-only/conflict/v1/' });
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toMatchObject({ message: 'That e-mail is already registered', field: 'email' });
  });

  it('answers a crash with 500 and no stack or internal message, and logs it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user/test-only/crash/v1/' });
    expect(res.statusCode).toBe(500);
    const { data } = errorBodySchema.parse(res.json());
    expect(data).toMatchObject({ res_status: 'INTERNAL_SERVER_ERROR', http_status_code: 500 });
    expect(res.body).not.toMatch(/secret|stack|server\.ts|at \//);
    const logged = log.lines().find((line) => line.msg === 'request failed');
    expect(JSON.stringify(logged)).toContain('db-secret-host');
  });
});

describe('security headers', () => {
  it('sends a CSP allowing only its own inline scripts (by nonce), nosniff, a referrer policy and frame-ancestors', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    const nonce = /^script-src 'self' 'nonce-([A-Za-z0-9_-]+)'$/.exec(scriptSrc?.trim() ?? '')?.[1];
    expect(nonce, scriptSrc).toBeDefined();
    expect(res.body).toContain(`<script nonce="${nonce}">`);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // HSTS only in production: plain-http localhost must keep working.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends a JSON answer the prebuilt set, and each page (served from memory) a fresh nonce matching its scripts', async () => {
    const json = await app.inject({ method: 'GET', url: '/healthz' });
    for (const [name, value] of Object.entries(baselineSecurityHeaders(false))) {
      expect(json.headers[name], name).toBe(value);
    }
    const nonces = [];
    for (let i = 0; i < 2; i += 1) {
      const page = await app.inject({ method: 'GET', url: '/about-us' });
      const csp = String(page.headers['content-security-policy']);
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
      const scripts = [...page.body.matchAll(/<script[^>]* nonce="([^"]*)"/g)].map((m) => m[1]);
      expect(scripts).toEqual([nonce, nonce]);
      nonces.push(nonce);
    }
    expect(nonces[0]).toBeDefined();
    expect(nonces[1]).not.toBe(nonces[0]);
  });

  it('sends them on API errors too', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('adds HSTS in production', async () => {
    const prod = shop.build({
      config: {
        NODE_ENV: 'production',
        STATIC_DIR: '/nonexistent',
        AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
        OTP_ALLOW_LOG_IN_PRODUCTION: true,
        SANDBOX_IN_PRODUCTION: true,
      },
    });
    const res = await prod.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    await prod.close();
  });
});

describe('static PWA', () => {
  it('serves hashed assets as immutable', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(CACHE_IMMUTABLE);
  });

  it('revalidates the pages, sw.js and the manifest', async () => {
    for (const url of ['/', '/about-us', '/sw.js', '/manifest.webmanifest']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('gives other files a modest max-age', async () => {
    const res = await app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  });

  it('renders every storefront path on the server, with the status the router gives it', async () => {
    for (const url of ['/about-us', '/order/42/success', '/no-such-page', '/business-licence/x?y=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(url.startsWith('/no-such') ? 404 : 200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers a missing asset with 404, never the HTML shell', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-old999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('redirects a trailing slash away, keeping the query', async () => {
    const res = await app.inject({ method: 'GET', url: '/about-us/?utm_source=x' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/about-us?utm_source=x');
  });

  it('never redirects off-site, and leaves API trailing slashes alone', async () => {
    const res = await app.inject({ method: 'GET', url: '//evil.example/' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/evil.example');
    expect(withoutTrailingSlash('/')).toBe('/');
    expect(withoutTrailingSlash('///')).toBe('/');
    const api = await app.inject({ method: 'GET', url: '/api/maintenance/status/v1/' });
    expect(api.statusCode).toBe(200);
  });

  it('compresses with brotli or gzip', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(gzipSync('x'.repeat(4000)).length + 200);
  });

  it('keeps the API working when the build is missing', async () => {
    const bare = shop.build({ config: { STATIC_DIR: '/nonexistent-dist' } });
    expect((await bare.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await bare.inject({ method: 'GET', url: '/api/maintenance/status/v1/' })).statusCode).toBe(200);
    const page = await bare.inject({ method: 'GET', url: '/about-us' });
    expect(page.statusCode).toBe(404);
    expect(errorBodySchema.safeParse(page.json()).success).toBe(true);
    await bare.close();
  });
});

describe('GET /healthz', () => {
  it('is ok when the database answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 with the error body when the database fails', async () => {
    const broken = { execute: () => Promise.reject(new Error('db down')) } as unknown as Database;
    const sick = buildApp({
      config: testConfig({ STATIC_DIR: '/nonexistent' }),
      db: broken,
      logger: memoryLogger().logger,
    });
    const res = await sick.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(errorBodySchema.parse(res.json()).data.http_status_code).toBe(503);
    expect(res.body).not.toContain('db down');
    await sick.close();
  });
});

describe('request log', () => {
  it('writes one JSON line per request with method, url, status, time and id, and no secrets', async () => {
    const own = memoryLogger();
    const logged = shop.build({ config: { STATIC_DIR: '/nonexistent' }, logger: own.logger });
    const res = await logged.inject({
      method: 'GET',
      url: '/healthz?token=abc123',
      headers: { authorization: 'Bearer sekrit', cookie: 'session=sekrit' },
    });
    const lines = own.lines().filter((line) => line.msg === 'request');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: 'GET', statusCode: 200, reqId: res.headers['x-request-id'] });
    expect(typeof lines[0]?.responseTime).toBe('number');
    expect(JSON.stringify(own.lines())).not.toMatch(/sekrit|abc123/);
    expect(
      own.lines().some((line) => line.msg === 'incoming request' || line.msg === 'request completed'),
    ).toBe(false);
    await logged.close();
  });

  it('logs a payment return without its signatures, keeping the other parameters', async () => {
    const own = memoryLogger();
    const logged = shop.build({ config: { STATIC_DIR: '/nonexistent' }, logger: own.logger });
    await logged.inject({
      method: 'GET',
      url:
        '/pay/return/ord_01HZX3K9M2?sandbox_payment_id=pay_1&sandbox_signature=c0ffee11' +
        '&razorpay_signature=deadbeef22&X-Webhook-Signature=feed33&sandbox%5Fsignature=bead44&status=paid',
    });
    const [line] = own.lines().filter((l) => l.msg === 'request');
    expect(line?.url).toBe(
      '/pay/return/ord_01HZX3K9M2?sandbox_payment_id=pay_1&sandbox_signature=[redacted]' +
        '&razorpay_signature=[redacted]&X-Webhook-Signature=[redacted]&sandbox%5Fsignature=[redacted]&status=paid',
    );
    expect(JSON.stringify(own.lines())).not.toMatch(/c0ffee11|deadbeef22|feed33|bead44/);
    await logged.close();
  });

  it("redacts the query's secrets from a request Fastify itself logs", () => {
    const lines: string[] = [];
    const logger = createLogger({ LOG_LEVEL: 'info' }, { write: (line: string) => void lines.push(line) });
    const request = {
      method: 'GET',
      url: '/pay/return/ord_1?razorpay_payment_id=pay_1&razorpay_signature=deadbeef22',
      host: 'shop.example',
      ip: '127.0.0.1',
      socket: { remotePort: 5000 },
    };
    logger.info({ req: request }, 'incoming request');
    expect(JSON.parse(lines[0] ?? '{}').req).toMatchObject({
      method: 'GET',
      url: '/pay/return/ord_1?razorpay_payment_id=pay_1&razorpay_signature=[redacted]',
    });
  });
});

describe('graceful close', () => {
  it('lets an in-flight request finish before closing', async () => {
    const server = shop.build({ config: { STATIC_DIR: '/nonexistent' } });
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.get('/api/user/test-only/slow/v1/', async () => {
      arrive();
      await released;
      return { done: true };
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const pending = fetch(`http://127.0.0.1:${port}/api/user/test-only/slow/v1/`);
    await arrived;
    // Close while the request is still being answered; it must finish all the same.
    const closed = server.close();
    release();
    await closed;
    const res = await pending;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
  });
});
