import { errorBodySchema } from '@contract/common';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeStaticDir, type TestApp, testApp } from './testing';

/*
 * Bad input in bulk: every route the app registers (discovered, so a new endpoint is fuzzed as soon as it
 * exists) gets malformed bodies, query strings, path parameters and headers built from its own zod schemas.
 * An answer is never a 5xx or a hang; a 4xx carries spec §8's body; input its schemas refuse gets a 4xx.
 * FUZZ_SEED=<n> replays a run; fast-check prints the seed and path of a failure.
 */

const TOTAL_CASES = 10_000;
const SEED = Number(process.env.FUZZ_SEED ?? 20_250_301);
const OPERATOR_TOKEN = 'fuzz-operator-token';
const TEST_PHONE = { phone_number: '9999999999', country_code: '+91' };

type Schema = z.ZodType;
interface DiscoveredRoute {
  method: string;
  url: string;
  body?: Schema;
  querystring?: Schema;
  params?: Schema;
}

let shop: TestApp;
const routes: DiscoveredRoute[] = [];
let userToken = '';

function isZod(value: unknown): value is Schema {
  return value instanceof z.ZodType;
}

beforeAll(async () => {
  shop = await testApp({
    ready: false,
    operatorToken: OPERATOR_TOKEN,
    maintenanceCacheMs: 0,
    config: {
      STATIC_DIR: fakeStaticDir(),
      AUTH_SECRET: 'fuzz-auth-secret-0123456789-abcdefghij',
      OTP_TEST_NUMBERS: new Map([[`${TEST_PHONE.country_code}${TEST_PHONE.phone_number}`, '123456']]),
      // The buyer signs in again after each fuzzed logout; the limits are tested elsewhere.
      OTP_RESEND_COOLDOWN_SECONDS: 0,
      OTP_PHONE_LIMIT_PER_HOUR: 100_000,
      OTP_IP_LIMIT_PER_HOUR: 100_000,
      OTP_NETWORK_LIMIT_PER_HOUR: 100_000,
    },
  });
  shop.app.addHook('onRoute', (route: RouteOptions) => {
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({
        method,
        url: route.url,
        ...(isZod(schema.body) ? { body: schema.body } : {}),
        ...(isZod(schema.querystring) ? { querystring: schema.querystring } : {}),
        ...(isZod(schema.params) ? { params: schema.params } : {}),
      });
    }
  });
  await shop.app.ready();
  await signIn();
});

/** Signs the test buyer in (its fixed code), for the routes that need a valid access token. */
async function signIn(): Promise<void> {
  const sent = await shop.app.inject({
    method: 'POST',
    url: '/api/user/login/phone_number/v1/',
    payload: TEST_PHONE,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const verified = await shop.app.inject({
    method: 'POST',
    url: '/api/user/verify/phone_number_otp/v1/',
    payload: { ...TEST_PHONE, otp: '123456' },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  userToken = verified.json().access_token;
}

afterAll(async () => {
  await shop.close();
});

/* ---- values no schema should let through to the database unchecked ---------------------------------------- */

const hostileScalar = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    2_147_483_647,
    2_147_483_648,
    -2_147_483_649,
    Number.MAX_SAFE_INTEGER + 2,
    1e21,
    1e308,
    -1e308,
    '',
    ' ',
    '0',
    '-1',
    '2147483648',
    '1e400',
    'NaN',
    'Infinity',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '0000-01-01',
    '9999-12-31',
    '2999-02-30',
    '1899-12-31',
    '+91',
    '9876543210',
    '123456',
    'IN',
    'INR',
    'SOLO',
    'IBC_VR_HEADSET',
    'x@y.in',
    `${'a'.repeat(250)}@example.com`,
    '__proto__',
    '<script>alert(1)</script>',
    "'; drop table users; --",
    'a'.repeat(300),
    'é'.repeat(5000),
  ),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 40 }).map((s) => s.repeat(500)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileScalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
    fc.constant(Array.from({ length: 2_000 }, (_, i) => i)),
  ),
})).value;

/* ---- reading a zod schema ------------------------------------------------------------------------------------- */

/** The fields of an object schema, through optional, nullable, default, pipe and the like. */
function shapeOf(schema: Schema | undefined): Record<string, Schema> {
  let current: unknown = schema;
  for (let i = 0; i < 10 && current; i += 1) {
    const def = (current as { def?: Record<string, unknown> }).def;
    if (!def) break;
    if (def.type === 'object') return (def.shape ?? {}) as Record<string, Schema>;
    current = def.innerType ?? def.in ?? (def.type === 'union' ? (def.options as unknown[])?.[0] : undefined);
  }
  return {};
}

/** Valid values by field name, so a body can pass every check but the one a hostile value breaks. */
const PLAUSIBLE: Record<string, unknown> = {
  name: 'Asha Verma',
  email: 'asha@example.in',
  dob: '1990-04-01',
  gender: 'FEMALE',
  language_preference: 'hi-IN',
  profile_pic_url: 'https://example.in/p.png',
  phone_number: '9999999999',
  country_code: '+91',
  iso_country_code: 'IN',
  country_name_enum: 'IN',
  otp: '123456',
  product_code: 'IBC_VR_HEADSET',
  currency: 'INR',
  amount: 100,
  original_amount: 200,
  availability_type: 'LIMITED',
  available_quantity: 5,
  enabled: false,
  minutes: 5,
  message: 'Back soon',
  package_codes: ['SOLO'],
  event_name: 'purchase',
  event_data: { a: 1 },
  attributes: { a: 'b' },
  anonymous_id: 'anon-1',
  state: 'KERALA',
};

/** A value that passes a field's own schema when one is known (else a hostile one). */
function plausibleFor(key: string, schema: Schema): fc.Arbitrary<unknown> {
  if (key in PLAUSIBLE) return fc.constant(PLAUSIBLE[key]);
  const samples = [...(schema.def.type === 'enum' ? Object.values((schema as z.ZodEnum).enum) : [])];
  return samples.length > 0 ? fc.constantFrom(...samples) : hostileScalar;
}

/** Every field plausible but one, which gets a hostile value: the checks behind validation are reached. */
function nearlyValidFor(schema: Schema | undefined): fc.Arbitrary<Record<string, unknown>> {
  const shape = shapeOf(schema);
  const keys = Object.keys(shape);
  if (keys.length === 0) return fc.constant({});
  return fc
    .tuple(fc.constantFrom(...keys), hostileValue)
    .chain(([broken, value]) =>
      fc
        .record(
          Object.fromEntries(
            keys
              .filter((key) => key in PLAUSIBLE)
              .map((key) => [key, plausibleFor(key, shape[key] as Schema)]),
          ),
        )
        .map((valid) => ({ ...valid, [broken]: value })),
    );
}

/** An object with the schema's keys, each hostile, some missing, plus junk keys. */
function objectFor(schema: Schema | undefined): fc.Arbitrary<Record<string, unknown>> {
  const shape = shapeOf(schema);
  const fields = Object.fromEntries(
    Object.entries(shape).map(([key, child]) => [key, fc.oneof(hostileValue, plausibleFor(key, child))]),
  );
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 3 }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
}

/* ---- requests ------------------------------------------------------------------------------------------------- */

const rawPathJunk = fc.constantFrom(
  '%ff',
  '%',
  '%zz',
  '%00',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..',
  '%5C%5Cevil.example',
  '9'.repeat(120),
  `${'1'.repeat(2_000)}`,
);
const paramValue = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e400',
    'NaN',
    '2147483648',
    '99999999999999999999',
    '0x10',
    ' 1',
    'abc',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
);

interface Case {
  params: Record<string, string>;
  rawParam: string | null;
  query: Record<string, string | string[]>;
  rawQuery: string | null;
  body:
    | { kind: 'json'; value: unknown }
    | { kind: 'raw'; contentType: string; text: string }
    | { kind: 'none' };
  auth: 'none' | 'user' | 'junk' | 'operator';
  headers: Record<string, string>;
}

const bodyCase = (route: DiscoveredRoute): fc.Arbitrary<Case['body']> =>
  fc.oneof(
    { arbitrary: objectFor(route.body).map((value) => ({ kind: 'json' as const, value })), weight: 3 },
    { arbitrary: nearlyValidFor(route.body).map((value) => ({ kind: 'json' as const, value })), weight: 4 },
    { arbitrary: hostileValue.map((value) => ({ kind: 'json' as const, value })), weight: 2 },
    {
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        contentType: fc.constantFrom(
          'application/json',
          'application/json; charset=latin1',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          '',
          'application/json\u0000',
        ),
        text: fc.oneof(
          fc.constantFrom(
            '{',
            '{"a":',
            '[1,2',
            'null',
            '""',
            '{"__proto__":{"x":1}}',
            '{"constructor":{"prototype":{}}}',
          ),
          fc.string({ maxLength: 60 }),
          fc.constant(`${'['.repeat(5_000)}${']'.repeat(5_000)}`),
        ),
      }),
      weight: 2,
    },
    { arbitrary: fc.constant({ kind: 'none' as const }), weight: 1 },
  );

const caseFor = (route: DiscoveredRoute): fc.Arbitrary<Case> => {
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  if (route.url.includes('*')) paramNames.push('*');
  const queryShape = shapeOf(route.querystring);
  const queryKeys = Object.keys(queryShape);
  return fc.record({
    params: fc.record(Object.fromEntries(paramNames.map((name) => [name, paramValue]))) as fc.Arbitrary<
      Record<string, string>
    >,
    rawParam: fc.option(rawPathJunk, { freq: 4 }),
    query: fc.dictionary(
      queryKeys.length > 0
        ? fc.oneof(fc.constantFrom(...queryKeys), fc.string({ maxLength: 8 }))
        : fc.string({ maxLength: 8 }),
      fc.oneof(
        hostileScalar.map(String),
        fc.array(hostileScalar.map(String), { minLength: 2, maxLength: 3 }),
        fc.constantFrom('IN', 'US', 'SOLO,FAMILY', 'KERALA'),
      ),
      { maxKeys: 4 },
    ),
    rawQuery: fc.option(fc.constantFrom('%', '%ff', 'a=%zz', '&&&=', 'a[b]=1&a[c]=2', 'a=1&a=2&a=3'), {
      freq: 5,
    }),
    body:
      route.method === 'GET' || route.method === 'DELETE'
        ? fc.constant({ kind: 'none' as const })
        : bodyCase(route),
    auth: route.url.includes('/admin/')
      ? fc.constantFrom('operator' as const, 'operator' as const, 'none' as const, 'junk' as const)
      : fc.constantFrom('none' as const, 'user' as const, 'user' as const, 'junk' as const),
    headers: fc.dictionary(
      fc.constantFrom(
        'accept',
        'accept-language',
        'x-tz',
        'cookie',
        'idempotency-key',
        'accept-encoding',
        'range',
      ),
      fc.oneof(
        fc.constantFrom(
          '*/*',
          'Mars/Olympus_Mons',
          'country=ZZ',
          'country=%ff',
          'bytes=99999999-',
          'x'.repeat(4_000),
        ),
        fc.string({ unit: 'grapheme-ascii', maxLength: 30 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
      ),
      { maxKeys: 3 },
    ),
  });
};

/** Percent-encodes a value; a lone surrogate (which has no UTF-8 form) is sent as the bytes of one. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function encodable(value: string | string[]): boolean {
  return [value].flat().every((v) => encode(v) !== '%ED%A0%80');
}

function pathFor(route: DiscoveredRoute, c: Case): string {
  let junkUsed = false;
  return route.url.replace(/:(\w+)|\*/g, (match, name: string | undefined) => {
    if (c.rawParam !== null && !junkUsed) {
      junkUsed = true;
      return c.rawParam;
    }
    return encode(c.params[name ?? match] ?? '');
  });
}

function queryFor(c: Case): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(c.query)) {
    for (const v of [value].flat()) parts.push(`${encode(key)}=${encode(v)}`);
  }
  if (c.rawQuery !== null) parts.push(c.rawQuery);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

function headersFor(c: Case): Record<string, string> {
  const headers = { ...c.headers };
  if (c.auth === 'user') headers.authorization = `Bearer ${userToken}`;
  if (c.auth === 'operator') headers.authorization = `Bearer ${OPERATOR_TOKEN}`;
  if (c.auth === 'junk') headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.';
  return headers;
}

/** Whether the route's own schemas refuse what this case sends (then the answer must be a 4xx). */
function surelyInvalid(route: DiscoveredRoute, c: Case): boolean {
  if (c.rawParam !== null || c.rawQuery !== null) return false;
  if (!Object.entries({ ...c.params, ...c.query }).every(([k, v]) => encodable(k) && encodable(v)))
    return false;
  if (route.params && !route.params.safeParse(c.params).success) return true;
  if (route.querystring && !route.querystring.safeParse(c.query).success) return true;
  if (route.body && c.body.kind === 'json') {
    const wire = c.body.value === undefined ? undefined : JSON.parse(JSON.stringify(c.body.value));
    if (!route.body.safeParse(wire).success) return true;
  }
  return false;
}

let total = 0;

async function send(route: DiscoveredRoute, c: Case) {
  const url = `${pathFor(route, c)}${queryFor(c)}`;
  const headers = headersFor(c);
  const body = c.body;
  const res = await shop.app.inject({
    method: route.method as 'GET',
    url,
    headers:
      body.kind === 'raw'
        ? { ...headers, 'content-type': body.contentType }
        : body.kind === 'json'
          ? { ...headers, 'content-type': 'application/json' }
          : headers,
    ...(body.kind === 'raw' ? { payload: body.text } : {}),
    ...(body.kind === 'json' ? { payload: JSON.stringify(body.value) ?? 'null' } : {}),
  });
  total += 1;
  // A fuzzed logout may revoke the buyer's session; the next cases need a valid one.
  if (url.startsWith('/api/user/logout/') && c.auth === 'user') await signIn();
  // A valid operator switch may turn maintenance on; the next cases must still reach their routes.
  if (url.startsWith('/api/maintenance/admin/') && res.statusCode === 200) {
    await shop.app.inject({
      method: 'POST',
      url: '/api/maintenance/admin/v1/',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      payload: { enabled: false },
    });
  }
  return { url, res };
}

describe('every route, fuzzed from its contract', () => {
  it('discovers the routes of the built app', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.some((r) => r.url === '/api/commerce/packages/:id/v1/' && r.params)).toBe(true);
  });

  it(`answers ${TOTAL_CASES}+ malformed requests with a 4xx in spec §8's body, never a 5xx or a hang`, async () => {
    const runsPerRoute = Math.ceil(TOTAL_CASES / routes.length);
    for (const [index, route] of routes.entries()) {
      await fc.assert(
        fc.asyncProperty(caseFor(route), async (c) => {
          const { url, res } = await send(route, c);
          const where = `${route.method} ${url.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          const invalid = surelyInvalid(route, c);
          if (invalid) expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, where).toBeLessThan(500);

          if (res.statusCode >= 400) {
            const parsed = errorBodySchema.safeParse(res.json());
            expect(parsed.success, where).toBe(true);
            expect(parsed.data?.data.http_status_code, where).toBe(res.statusCode);
            expect(res.headers['x-content-type-options'], where).toBe('nosniff');
          }
        }),
        { numRuns: runsPerRoute, seed: SEED + index, timeout: 10_000, endOnFailure: true },
      );
    }
    expect(total).toBeGreaterThanOrEqual(TOTAL_CASES);
  }, 600_000);
});
