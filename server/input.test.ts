import { connect } from 'node:net';
import { errorBodySchema } from '@contract/common';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from './app';
import { errorForLog } from './errors';
import { baselineSecurityHeaders } from './plugins/security';
import { fakeStaticDir, memoryLogger, type TestApp, testApp } from './testing';

const OPERATOR_TOKEN = 'input-test-operator-token';
const TEST_PHONE = { phone_number: '9999999999', country_code: '+91' };

let shop: TestApp;
let app: App;
let port: number;
const log = memoryLogger('debug');

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-03-01T10:00:00Z') });
  shop = await testApp({
    ready: false,
    logger: log.logger,
    operatorToken: OPERATOR_TOKEN,
    maintenanceCacheMs: 0,
    config: {
      STATIC_DIR: fakeStaticDir(),
      AUTH_SECRET: 'input-test-secret-0123456789-abcdefghij',
      OTP_TEST_NUMBERS: new Map([[`${TEST_PHONE.country_code}${TEST_PHONE.phone_number}`, '123456']]),
    },
  });
  app = shop.app;
  // A query the database refuses, quoting the value it was given.
  app.get('/api/user/test-only/bad-cast/v1/', async () =>
    shop.db.execute(sql`select ${'buyer-secret-4242'}::int`),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
  await shop.close();
  vi.useRealTimers();
});

function errorOf(res: { json(): unknown }) {
  return errorBodySchema.parse(res.json()).data;
}

/** Sends raw bytes and reads the whole answer (the server closes or answers one request). */
function rawRequest(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (/\r\n\r\n/.test(answer) && /content-length: (\d+)/i.test(answer)) {
        const length = Number(/content-length: (\d+)/i.exec(answer)?.[1]);
        if (Buffer.byteLength(answer.split('\r\n\r\n').slice(1).join('\r\n\r\n'), 'latin1') >= length) {
          socket.end();
        }
      }
    });
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
    socket.write(text);
  });
}

function parseRaw(answer: string) {
  const [head = '', ...rest] = answer.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const i = line.indexOf(':');
      return [line.slice(0, i).toLowerCase(), line.slice(i + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

async function signIn(): Promise<string> {
  await app.inject({ method: 'POST', url: '/api/user/login/phone_number/v1/', payload: TEST_PHONE });
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/verify/phone_number_otp/v1/',
    payload: { ...TEST_PHONE, otp: '123456' },
  });
  return res.json().access_token;
}

describe('numbers and dates the database cannot hold', () => {
  it('refuses a package id beyond the database integer with a 400, not a failed query', async () => {
    for (const url of [
      '/api/commerce/packages/2147483648/v1/',
      '/api/commerce/packages/99999999999/last_sale/v1/',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(errorOf(res)).toMatchObject({ field: 'id', http_status_code: 400 });
    }
    expect(
      (await app.inject({ method: 'GET', url: '/api/commerce/packages/2147483647/v1/' })).statusCode,
    ).toBe(404);
  });

  it('refuses a date of birth in year 0000, before 1900 or in the future', async () => {
    const token = await signIn();
    for (const dob of ['0000-01-01', '1899-12-31', '2025-03-03']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/profile/v1/',
        headers: { authorization: `Bearer ${token}` },
        payload: { dob },
      });
      expect(res.statusCode, dob).toBe(400);
      expect(errorOf(res).field).toBe('dob');
    }
    const today = await app.inject({
      method: 'POST',
      url: '/api/user/profile/v1/',
      headers: { authorization: `Bearer ${token}` },
      payload: { dob: '2025-03-01' },
    });
    expect(today.statusCode, today.body).toBe(200);
  });

  it('refuses an operator price beyond the price column', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/commerce/admin/catalogue/price/v1/',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      payload: { product_code: 'IBC_VR_HEADSET', currency: 'INR', amount: 99_999_999 },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).field).toBe('amount');
  });

  it('refuses strings the database cannot store (NUL, a lone UTF-16 half), naming the field', async () => {
    for (const payload of ['{"attributes":{"a":"x\\u0000y"}}', '{"anonymous_id":"\\ud800"}']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/marketing/web_engage/users/anonymous/push/',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(errorOf(res).message).toMatch(/control characters/);
    }
  });

  it('refuses an e-mail longer than 254 characters and an over-long language tag', async () => {
    const token = await signIn();
    for (const payload of [
      { email: `${'a'.repeat(250)}@example.in` },
      { language_preference: `en-${'abcdefgh-'.repeat(5)}x` },
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/profile/v1/',
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).field).toBe(Object.keys(payload)[0]);
    }
  });
});

describe('requests refused before a route runs', () => {
  it('answers a malformed URL with a 400 in the spec body, with the security headers and a log line', async () => {
    for (const url of ['/api/%ff', '/api/commerce/packages/%ff/v1/', '/%ff']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(errorOf(res)).toMatchObject({ res_status: 'BAD_REQUEST', http_status_code: 400 });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-request-id']).toBeTruthy();
    }
    const line = log.lines().find((l) => l.msg === 'request refused before routing');
    expect(line).toMatchObject({ level: 30, code: 'FST_ERR_BAD_URL' });
    expect(line?.err).toBeUndefined();
  });

  it('answers an over-long path parameter with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/commerce/packages/${'9'.repeat(5_000)}/v1/` });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).http_status_code).toBe(404);
  });

  it('answers a malformed JSON body with a 400 and a wrong content type with a 415', async () => {
    const url = '/api/commerce/packages/available/v1/';
    const json = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(json.statusCode).toBe(400);
    expect(errorOf(json).http_status_code).toBe(400);
    const form = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(form.statusCode).toBe(415);
    expect(errorOf(form).res_status).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers oversized headers with a 431 in the spec body and the security headers', async () => {
    const answer = parseRaw(
      await rawRequest(`GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(answer.status).toBe(431);
    expect(errorBodySchema.parse(JSON.parse(answer.body)).data).toMatchObject({
      res_status: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
      http_status_code: 431,
    });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('DENY');
  });

  it('answers a request line Node cannot parse with a 400 in the spec body', async () => {
    const answer = parseRaw(
      await rawRequest('GET /healthz HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n'),
    );
    expect(answer.status).toBe(400);
    expect(errorBodySchema.parse(JSON.parse(answer.body)).data.http_status_code).toBe(400);
  });

  it('sends the same fixed security headers helmet sends on a routed answer', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no-such/v1/' });
    for (const [name, value] of Object.entries(baselineSecurityHeaders(false))) {
      if (name === 'content-security-policy') continue;
      expect(res.headers[name], name).toBe(value);
    }
    const routedCsp = String(res.headers['content-security-policy']).replace(/ 'nonce-[^']+'/g, '');
    expect(routedCsp).toBe(baselineSecurityHeaders(false)['content-security-policy']);
  });
});

describe('trailing-slash redirects stay on this site', () => {
  it('collapses leading slashes', async () => {
    const res = await app.inject({ method: 'GET', url: '//evil.example/' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/evil.example');
  });

  it('collapses a leading backslash, which browsers read as a slash', async () => {
    const answer = parseRaw(
      await rawRequest('GET /\\evil.example/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
    );
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('/evil.example');
  });

  it('drops the host of an absolute-form request line', async () => {
    const answer = parseRaw(
      await rawRequest(
        'GET http://evil.example/about-us/?a=1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
      ),
    );
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('/about-us?a=1');
  });
});

describe('the log', () => {
  it('keeps social sign-in switched off out of the errors, and /login/v1/ says SOCIAL_LOGIN_DISABLED', async () => {
    const before = log.lines().length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/login/v1/',
      payload: { social_ticket: 'x' },
    });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).res_status).toBe('SOCIAL_LOGIN_DISABLED');
    const lines = log.lines().slice(before);
    expect(lines.some((l) => (l.level as number) >= 50)).toBe(false);
    expect(lines.some((l) => l.err !== undefined)).toBe(false);
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({ level: 30, statusCode: 404 });
  });

  it('keeps maintenance answers out of the errors', async () => {
    const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };
    await app.inject({
      method: 'POST',
      url: '/api/maintenance/admin/v1/',
      headers: operator,
      payload: { enabled: true },
    });
    const before = log.lines().length;
    const res = await app.inject({ method: 'GET', url: '/api/user/states/v1/' });
    await app.inject({
      method: 'POST',
      url: '/api/maintenance/admin/v1/',
      headers: operator,
      payload: { enabled: false },
    });
    expect(errorOf(res).res_status).toBe('SERVER_UNDER_MAINTENANCE');
    const lines = log.lines().slice(before);
    expect(lines.some((l) => (l.level as number) >= 50 || l.err !== undefined)).toBe(false);
  });

  it('logs a database error without the value the caller sent', async () => {
    const before = log.lines().length;
    const res = await app.inject({ method: 'GET', url: '/api/user/test-only/bad-cast/v1/' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('buyer-secret-4242');
    const lines = log.lines().slice(before);
    const failure = lines.find((l) => l.msg === 'request failed');
    expect(failure?.err).toBeDefined();
    expect(JSON.stringify(lines)).not.toContain('buyer-secret-4242');
  });

  it('strips drizzle parameters and quoted values from an error kept for the log', () => {
    const pgError = Object.assign(new Error('invalid input syntax for type integer: "4111 1111"'), {
      code: '22P02',
      severity: 'ERROR',
      detail: 'Key (email)=(asha@example.in) already exists.',
    });
    const queryError = Object.assign(
      new Error('Failed query: select $1::int\nparams: 4111 1111,asha@example.in', { cause: pgError }),
      { query: 'select $1::int', params: ['4111 1111', 'asha@example.in'] },
    );
    const logged = JSON.stringify(errorForLog(queryError), [
      'message',
      'stack',
      'cause',
      'code',
      'detail',
      'params',
    ]);
    expect(logged).toContain('select $1::int');
    expect(logged).toContain('22P02');
    expect(logged).not.toContain('4111');
    expect(logged).not.toContain('asha@example.in');
  });
});
