import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { describe, inject, type TestOptions } from 'vitest';
import { type App, buildApp } from './app';
import { type Config, loadConfig } from './config';
import type { AppDeps } from './context';
import { type Database, IN_MEMORY, MIGRATIONS_DIR, type OpenDatabase, openDatabase } from './db/client';
import * as schema from './db/schema';
import { seed } from './db/seed/index';
import { POSTGRES_ONLY_PREFIX } from './postgres-only';

/**
 * Helpers for the server's tests: the app on a fresh database, a config, a fake Vite build, a readable log.
 * The database is an in-memory PGlite, or, when TEST_DATABASE_URL names a PostgreSQL cluster (npm test's second
 * server run, `npm run test:server:pg`), a database of its own on that cluster.
 */

/** The PostgreSQL cluster the server tests run on (its maintenance database's URL), or undefined for PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** Tests of what only a many-connection database shows (row locks, parallel transactions): they run on PostgreSQL. */
export function describeOnPostgres(name: string, body: () => void): void;
export function describeOnPostgres(name: string, options: TestOptions, body: () => void): void;
export function describeOnPostgres(name: string, ...rest: [() => void] | [TestOptions, () => void]): void {
  const onPostgres = describe.runIf(TEST_DATABASE_URL !== undefined);
  const title = `${POSTGRES_ONLY_PREFIX} ${name}`;
  if (rest.length === 1) onPostgres(title, rest[0]);
  else onPostgres(title, rest[0], rest[1]);
}

/** Tests of embedded PGlite itself (its thread, its data dir): the PostgreSQL run has nothing of it to test. */
export const describeOnPglite = describe.skipIf(TEST_DATABASE_URL !== undefined);

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' }), ...overrides };
}

/**
 * A stand-in for the PWA's server bundle (src/entry-server.tsx) with the same exports: it renders a document naming
 * the path, the country, how many pages it has rendered so far and what the in-process API answered for
 * /healthz; paths under /no-such are not found. The real bundle is exercised by the end-to-end suite.
 */
export const FAKE_SERVER_BUNDLE = `
let send;
let renders = 0;
export function setServerFetch(fetch) { send = fetch; }
export async function renderPage({ request, countryCode, nonce, shell }) {
  const { pathname } = new URL(request.url);
  const health = await send('/healthz');
  renders += 1;
  const body = shell ? '' : '<main><h1>' + pathname + '</h1><p>country ' + countryCode + '</p></main>';
  const html = '<!DOCTYPE html><html lang="en"><head><title>IBC Cricket</title></head><body><div id="root">' + body +
    '<p>render ' + renders + '</p><p>health ' + health.status + '</p></div>' +
    '<script nonce="' + nonce + '">window.$_TSR = {}</script>' +
    '<script type="module" src="/assets/app-abc123.js" async nonce="' + nonce + '"></script></body></html>';
  return new Response(html, {
    status: pathname.startsWith('/no-such') ? 404 : 200,
    headers: { 'content-type': 'text/html; charset=UTF-8' },
  });
}
`;

/** A temp directory shaped like Vite's dist/. */
export function fakeStaticDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-static-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'icons'));
  mkdirSync(path.join(dir, '.server'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, '.server', 'entry-server.js'), FAKE_SERVER_BUNDLE);
  writeFileSync(path.join(dir, '.vite', 'router-manifest.json'), '{"routes":{}}\n');
  writeFileSync(
    path.join(dir, 'assets', 'app-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))});\n`,
  );
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"IBC Cricket"}\n');
  writeFileSync(path.join(dir, 'icons', 'icon-192.png'), 'png');
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  return dir;
}

/** A pino logger that keeps its JSON lines in memory. */
export function memoryLogger(level: pino.Level = 'info'): {
  logger: FastifyBaseLogger;
  lines: () => Record<string, unknown>[];
} {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(String(chunk));
      callback();
    },
  });
  const logger = pino({ level }, stream);
  return {
    logger,
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

export interface TestAppOptions extends Omit<AppDeps, 'config' | 'db'> {
  /** Settings over testConfig()'s. */
  config?: Partial<Config>;
}

export interface TestApp {
  app: App;
  db: Database;
  /** 'pglite' or 'postgres': which database this run is on. */
  kind: OpenDatabase['kind'];
  /** The text of every query `app` and `db` ran since the database was seeded, in order (not `build()`'s apps'). */
  queries: string[];
  /** Another app on the same database (e.g. with other settings: another process); its caller closes it. */
  build(options?: TestAppOptions): App;
  /** Closes the app and the database. */
  close(): Promise<void>;
}

/** Where a test database comes from on PostgreSQL: migrated only, or migrated and seeded. */
type TemplateKind = 'migrated' | 'seeded';

const SERVER_DIR = path.dirname(fileURLToPath(import.meta.url));

/** A digest of the migrations and the seed: a template built from older ones is not reused. */
function schemaDigest(): string {
  const hash = createHash('sha256');
  for (const dir of [MIGRATIONS_DIR, path.join(SERVER_DIR, 'db', 'seed')]) {
    for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
      const file = path.join(dir, name);
      if (/\.(sql|ts|json)$/.test(name)) hash.update(name).update(readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 12);
}

function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on one connection to the cluster's maintenance database. */
async function onCluster<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// Any constant: every vitest worker builds the templates under this one lock.
const TEMPLATE_LOCK_KEY = 7_425_132;
const templates = new Map<TemplateKind, Promise<string>>();

/**
 * The template database every test database is copied from, built once on the cluster (by whichever worker
 * comes first, under an advisory lock; a copy is far quicker than migrating and seeding again).
 */
function template(kind: TemplateKind): Promise<string> {
  let found = templates.get(kind);
  if (!found) {
    found = (async () => {
      const name = `shop_template_${schemaDigest()}_${kind}`;
      const source = kind === 'seeded' ? await template('migrated') : 'template0';
      await onCluster(async (client) => {
        await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
        const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (exists.rowCount) return;
        // Built under another name and renamed when done: a half-built template is never found.
        const building = `${name}_building`;
        await client.query(`drop database if exists "${building}"`);
        await client.query(`create database "${building}" template "${source}"`);
        const opened = await openDatabase(
          { DATA_DIR: IN_MEMORY, DATABASE_URL: databaseUrl(building) },
          { seed: kind === 'seeded' },
        );
        await opened.close();
        await client.query(`alter database "${building}" rename to "${name}"`);
      });
      return name;
    })();
    found.catch(() => templates.delete(kind));
    templates.set(kind, found);
  }
  return found;
}

/** A fresh database for one test app on TEST_DATABASE_URL's cluster, dropped on close. */
async function openTestDatabase(seedNow: boolean): Promise<OpenDatabase> {
  const source = await template(seedNow ? 'migrated' : 'seeded');
  const name = `test_${randomBytes(8).toString('hex')}`;
  await onCluster((client) => client.query(`create database "${name}" template "${source}"`));
  // Not `with (force)`: that would kill connections the pool is still closing (an unhandled error in the pool);
  // a plain drop waits for them to go, and fails if the test left one open.
  const drop = () => onCluster((client) => client.query(`drop database if exists "${name}"`));
  let opened: OpenDatabase;
  try {
    opened = await openDatabase({ DATA_DIR: IN_MEMORY, DATABASE_URL: databaseUrl(name) }, { seed: seedNow });
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    ...opened,
    close: async () => {
      try {
        await opened.close();
      } finally {
        await drop();
      }
    },
  };
}

/**
 * A fresh seeded database on TEST_DATABASE_URL's cluster for a server started as a process of its own (a crash
 * test): its URL, and how to drop it once that process is gone.
 */
export async function postgresTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const source = await template('seeded');
  const name = `test_${randomBytes(8).toString('hex')}`;
  await onCluster((client) => client.query(`create database "${name}" template "${source}"`));
  return {
    url: databaseUrl(name),
    drop: () =>
      onCluster((client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => {}),
  };
}

/** A fresh in-memory PGlite loaded from the data dir the suite's global setup dumped (tests/setup/server-global.ts). */
async function openPgliteTestDatabase(seedNow: boolean): Promise<OpenDatabase> {
  const templates = inject('pgliteTemplates');
  if (!templates)
    throw new Error('no PGlite templates: the server project runs tests/setup/server-global.ts first');
  const file = seedNow ? templates.migrated : templates.seeded;
  const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) });
  const db = drizzlePglite({ client, schema });
  try {
    if (seedNow) await seed(db);
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, kind: 'pglite', close: () => client.close() };
}

/**
 * A fresh database, migrated and seeded, that no other test sees: in-memory PGlite on this thread (the server's
 * worker thread is tested in db/pglite-worker.test.ts), or a database of its own on TEST_DATABASE_URL's cluster.
 * `seedNow` seeds it at the current (possibly faked) Date instead of copying the one seeded when the run began.
 */
export function testDatabase({ seedNow = false }: { seedNow?: boolean } = {}): Promise<OpenDatabase> {
  return TEST_DATABASE_URL ? openTestDatabase(seedNow) : openPgliteTestDatabase(seedNow);
}

/** The same database (the same connections) through a drizzle instance that tells `logger` every query. */
function logged(database: OpenDatabase, logger: Logger): Database {
  const { $client } = database.db as Database & { $client: unknown };
  return database.kind === 'postgres'
    ? drizzleNodePg({ client: $client as pg.Pool, schema, logger })
    : drizzlePglite({ client: $client as PGlite, schema, logger });
}

/**
 * The shop's server on a fresh database (testDatabase's): what every API test starts from.
 * `ready: false` leaves it open for a test to add routes before the first `inject`.
 */
export async function testApp(
  options: TestAppOptions & { ready?: boolean; seedNow?: boolean } = {},
): Promise<TestApp> {
  const { ready = true, seedNow = false, ...appOptions } = options;
  const database = await testDatabase({ seedNow });
  const queries: string[] = [];
  const db = logged(database, { logQuery: (query) => queries.push(query) });
  const buildOn = (on: Database, { config, ...deps }: TestAppOptions = {}) =>
    buildApp({ logger: memoryLogger().logger, ...deps, config: testConfig(config), db: on });
  // Other apps share the connections but not the log: their background loads are not this app's queries.
  const build = (others?: TestAppOptions) => buildOn(database.db, others);
  let app: App;
  try {
    app = buildOn(db, appOptions);
    if (ready) await app.ready();
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
    app,
    db,
    kind: database.kind,
    queries,
    build,
    close: async () => {
      try {
        await app.close();
      } finally {
        await database.close();
      }
    },
  };
}

/** A person signed in with a phone number and its code from OTP_TEST_NUMBERS: their access token and user id. */
export async function signInWithPhone(
  app: App,
  phone: { phone_number: string; country_code: string },
  otp = '123456',
): Promise<{ token: string; userId: string }> {
  await app.inject({ method: 'POST', url: '/api/user/login/phone_number/v1/', payload: phone });
  const verified = await app.inject({
    method: 'POST',
    url: '/api/user/verify/phone_number_otp/v1/',
    payload: { ...phone, otp },
  });
  if (verified.statusCode !== 200) throw new Error(`sign-in failed: ${verified.body}`);
  return { token: verified.json().access_token as string, userId: verified.json().user_id as string };
}
