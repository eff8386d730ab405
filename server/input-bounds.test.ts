import { errorBodySchema } from '@contract/common';
import { DB_INT_MAX } from '@contract/patterns';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadCatalogue } from './modules/orders/testing';
import { fakeStaticDir, signInWithPhone, type TestApp, testApp } from './testing';

/*
 * Impossible dates and ids beyond the database's integers, swept over every field of every endpoint that takes one
 * (found in the routes' own schemas, so a new endpoint is swept as soon as it exists): the contract refuses each, and
 * a request carrying one is answered a 4xx in spec §8's body, never a 500 from the database or a date library.
 */

const OPERATOR_TOKEN = 'bounds-operator-token';
const PHONE = { phone_number: '9999999999', country_code: '+91' };

type Schema = z.ZodType;
type Part = 'body' | 'querystring' | 'params';
interface Leaf {
  route: string;
  method: string;
  part: Part;
  /** Object keys and array indexes (0) from the part's root. */
  path: (string | number)[];
  kind: 'int' | 'date' | 'datetime';
  schema: Schema;
}

let shop: TestApp;
let token = '';
const leaves: Leaf[] = [];
const routes: { method: string; url: string; schemas: Partial<Record<Part, Schema>> }[] = [];

const isZod = (value: unknown): value is Schema => value instanceof z.ZodType;
type Def = Record<string, unknown> & { type: string };
const defOf = (schema: Schema) => schema.def as unknown as Def;

/** An integer field: a number schema with an integer format (z.int(), .int(), coerced or not). */
function isIntSchema(schema: Schema): boolean {
  const def = defOf(schema);
  if (def.type !== 'number') return false;
  const checks = (def.checks as { _zod: { def: { format?: string } } }[] | undefined) ?? [];
  return (
    ['safeint', 'int32', 'uint32'].includes(String(def.format)) ||
    checks.some((c) => ['safeint', 'int32', 'uint32'].includes(String(c._zod.def.format)))
  );
}

/** A date field: a string schema that takes a real calendar day, alone or with a time. */
function dateKindOf(schema: Schema): 'date' | 'datetime' | null {
  // A code or free text may take a date's characters too; only a date refuses letters in a date's shape.
  const shapeOnly = ['ABCD-EF-GH', 'ABCD-EF-GH 00:00:00'];
  if (defOf(schema).type !== 'string' || shapeOnly.some((v) => schema.safeParse(v).success)) return null;
  const accepts = (values: string[]) => values.some((v) => schema.safeParse(v).success);
  if (accepts(['1990-04-01', '2026-12-01', '2026-12-20', '2027-01-10'])) return 'date';
  if (accepts(['2026-12-01 00:00:00', '2026-12-20 23:59:59'])) return 'datetime';
  return null;
}

/** Every int and date leaf under a schema, through objects, arrays, unions and wrappers. */
function collect(
  schema: Schema,
  path: Leaf['path'],
  found: Omit<Leaf, 'route' | 'method' | 'part'>[],
  depth = 0,
) {
  if (depth > 12) return;
  const def = defOf(schema);
  if (isIntSchema(schema)) {
    found.push({ path, kind: 'int', schema });
    return;
  }
  const dateKind = dateKindOf(schema);
  if (dateKind) {
    found.push({ path, kind: dateKind, schema });
    return;
  }
  const next = (child: unknown, at = path) => {
    if (isZod(child)) collect(child, at, found, depth + 1);
  };
  switch (def.type) {
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>))
        next(child, [...path, key]);
      return;
    case 'array':
      next(def.element, [...path, 0]);
      return;
    case 'union':
      for (const option of def.options as unknown[]) next(option);
      return;
    case 'pipe':
      next(def.in);
      return;
    default:
      next(def.innerType);
  }
}

/** A value for every field of a schema, plausible enough to reach the check behind it (not necessarily valid). */
function sampleOf(schema: Schema, key: string | number | undefined, depth = 0): unknown {
  if (depth > 12) return null;
  const def = defOf(schema);
  if (isIntSchema(schema)) return 1;
  const dateKind = dateKindOf(schema);
  if (dateKind) return dateKind === 'date' ? '2026-12-20' : '2026-12-20 00:00:00';
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, Schema>).map(([k, child]) => [
          k,
          sampleOf(child, k, depth + 1),
        ]),
      );
    case 'array':
      return [sampleOf(def.element as Schema, key, depth + 1)];
    case 'union':
      return sampleOf((def.options as Schema[])[0] as Schema, key, depth + 1);
    case 'pipe':
      return sampleOf(def.in as Schema, key, depth + 1);
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'boolean':
      return false;
    case 'number':
      return 1;
    case 'string':
      return typeof key === 'string' && /phone/.test(key) ? PHONE.phone_number : 'SAMPLE-1';
    case 'record':
      return {};
    default:
      return isZod(def.innerType) ? sampleOf(def.innerType, key, depth + 1) : null;
  }
}

function withValue(root: unknown, path: Leaf['path'], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(root) ? [...root] : [];
    list[head] = withValue(list[head], rest, value);
    return list;
  }
  const object = root !== null && typeof root === 'object' ? { ...(root as Record<string, unknown>) } : {};
  object[head as string] = withValue(object[head as string], rest, value);
  return object;
}

beforeAll(async () => {
  shop = await testApp({
    ready: false,
    operatorToken: OPERATOR_TOKEN,
    config: {
      STATIC_DIR: fakeStaticDir(),
      AUTH_SECRET: 'bounds-test-secret-0123456789-abcdefghij',
      OTP_TEST_NUMBERS: new Map([[`${PHONE.country_code}${PHONE.phone_number}`, '123456']]),
    },
  });
  shop.app.addHook('onRoute', (route: RouteOptions) => {
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const schemas: Partial<Record<Part, Schema>> = {};
      for (const part of ['body', 'querystring', 'params'] as const) {
        const s = schema[part];
        if (!isZod(s)) continue;
        schemas[part] = s;
        const found: Omit<Leaf, 'route' | 'method' | 'part'>[] = [];
        collect(s, [], found);
        for (const leaf of found) leaves.push({ ...leaf, route: route.url, method, part });
      }
      routes.push({ method, url: route.url, schemas });
    }
  });
  await shop.app.ready();
  token = (await signInWithPhone(shop.app, PHONE)).token;
});

afterAll(async () => {
  await shop.close();
});

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** yyyy-MM-dd strings of the right shape that name no day: Feb 29 of a common year, day 31 of a 30-day month, … */
const impossibleDay = fc.oneof(
  fc
    .integer({ min: 1901, max: 2099 })
    .filter((y) => y % 4 !== 0)
    .map((y) => `${y}-02-29`),
  fc
    .record({
      y: fc.integer({ min: 1901, max: 2099 }),
      m: fc.integer({ min: 1, max: 12 }),
      extra: fc.integer({ min: 1, max: 3 }),
    })
    .map(({ y, m, extra }) => ({
      y,
      m,
      d: (m === 2 && y % 4 === 0 ? 29 : (DAYS_IN_MONTH[m - 1] ?? 31)) + extra,
    }))
    .filter(({ d }) => d <= 99)
    .map(({ y, m, d }) => `${y}-${pad(m)}-${pad(d)}`),
  fc
    .record({
      y: fc.integer({ min: 1901, max: 2099 }),
      m: fc.constantFrom(0, 13, 19, 99),
      d: fc.integer({ min: 1, max: 28 }),
    })
    .map(({ y, m, d }) => `${y}-${pad(m)}-${pad(d)}`),
  fc.integer({ min: 1901, max: 2099 }).map((y) => `${y}-06-00`),
  fc.constant('2024-02-30'),
);
const impossibleDateTime = fc.oneof(
  impossibleDay.map((day) => `${day} 00:00:00`),
  fc.constantFrom('2026-12-20 24:00:00', '2026-12-20 23:60:00', '2026-12-20 23:59:60', '2026-12-20 99:99:99'),
);
/** Integers a PostgreSQL integer (int4) column cannot hold. */
const outOfRangeInt = fc.oneof(
  fc.constant(DB_INT_MAX + 1),
  fc.integer({ min: DB_INT_MAX + 1, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -DB_INT_MAX - 2 }),
);
const badValueFor = (kind: Leaf['kind']): fc.Arbitrary<string | number> =>
  kind === 'int' ? outOfRangeInt : kind === 'date' ? impossibleDay : impossibleDateTime;

const describeLeaf = (leaf: Leaf) =>
  `${leaf.method} ${leaf.route} ${leaf.part}.${leaf.path.join('.') || '(root)'}`;

describe('impossible dates and out-of-range ids, on every endpoint that takes them', () => {
  it('finds the date and id fields of the endpoints', () => {
    const named = leaves.map(describeLeaf);
    expect(named).toContain(
      'POST /api/invoicing/get_available_slots_details_for_rental_package/v1/ body.to_date',
    );
    expect(named).toContain(
      'POST /api/commerce/user/business_licence_device/v1/ body.user_business_licence_id',
    );
    expect(leaves.filter((l) => l.kind === 'int').length).toBeGreaterThan(10);
  });

  it('the contract refuses each of them, field by field', () => {
    for (const leaf of leaves) {
      // A path or query parameter arrives as text.
      const wire = (v: string | number) => (leaf.part === 'body' ? v : String(v));
      fc.assert(
        fc.property(badValueFor(leaf.kind), (value) => {
          expect(leaf.schema.safeParse(wire(value)).success, `${describeLeaf(leaf)} took ${value}`).toBe(
            false,
          );
        }),
        { numRuns: 40, seed: 47 },
      );
    }
  });

  it('a request carrying one is answered a 4xx in spec §8 body, never a 5xx', async () => {
    for (const [index, leaf] of leaves.entries()) {
      const route = routes.find((r) => r.url === leaf.route && r.method === leaf.method);
      if (!route) continue;
      await fc.assert(
        fc.asyncProperty(badValueFor(leaf.kind), async (value) => {
          let url = route.url;
          const params = route.schemas.params
            ? (sampleOf(route.schemas.params, undefined) as Record<string, unknown>)
            : {};
          const query = route.schemas.querystring
            ? (sampleOf(route.schemas.querystring, undefined) as Record<string, unknown>)
            : {};
          let body = route.schemas.body ? sampleOf(route.schemas.body, undefined) : undefined;
          if (leaf.part === 'params') params[String(leaf.path[0])] = value;
          if (leaf.part === 'querystring') query[String(leaf.path[0])] = value;
          if (leaf.part === 'body') body = withValue(body, leaf.path, value);
          url = url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '1')));
          const search = new URLSearchParams(
            Object.entries(query)
              .filter(([, v]) => v !== null && typeof v !== 'object')
              .map(([k, v]) => [k, String(v)]),
          ).toString();
          const res = await shop.app.inject({
            method: route.method as 'POST',
            url: search ? `${url}?${search}` : url,
            headers: {
              authorization: `Bearer ${route.url.includes('/admin/') ? OPERATOR_TOKEN : token}`,
              'idempotency-key': `bounds-${index}-${String(value)}`,
            },
            ...(body !== undefined ? { payload: body as object } : {}),
          });
          const where = `${describeLeaf(leaf)} = ${value} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, where).toBeLessThan(500);
          expect(errorBodySchema.safeParse(res.json()).success, where).toBe(true);
        }),
        { numRuns: 8, seed: 47 + index },
      );
    }
  }, 300_000);

  it('the two seen as 500s are 400s naming their field', async () => {
    const arena = (await loadCatalogue(shop.app, ['AD_MUMBAI_ARENA'])).get('AD_MUMBAI_ARENA');
    const slots = await shop.app.inject({
      method: 'POST',
      url: '/api/invoicing/get_available_slots_details_for_rental_package/v1/',
      payload: { package_id: arena?.package_id, from_date: '2024-02-01', to_date: '2024-02-30' },
    });
    expect(slots.statusCode, slots.body).toBe(400);
    expect(slots.json().data).toMatchObject({ field: 'to_date', message: 'to_date: Choose a real date' });
    const device = await shop.app.inject({
      method: 'POST',
      url: '/api/commerce/user/business_licence_device/v1/',
      headers: { authorization: `Bearer ${token}` },
      payload: { user_business_licence_id: 2_147_483_648, device_id: 'TV-1' },
    });
    expect(device.statusCode, device.body).toBe(400);
    expect(device.json().data.field).toBe('user_business_licence_id');
  });
});
