import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { type App, buildApp } from './app';
import { type Config, loadConfig } from './config';
import type { AppDeps } from './context';
import { type Database, IN_MEMORY, type OpenDatabase, openDatabase } from './db/client';

/** Helpers for the server's tests: the app on an in-memory database, a config, a fake Vite build, a readable log. */

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
  /** Another app on the same database (e.g. with other settings); its caller closes it. */
  build(options?: TestAppOptions): App;
  /** Closes the app and the database. */
  close(): Promise<void>;
}

/**
 * The shop's server on a fresh in-memory PGlite, migrated and seeded: what every API test starts from.
 * `ready: false` leaves it open for a test to add routes before the first `inject`.
 */
export async function testApp(options: TestAppOptions & { ready?: boolean } = {}): Promise<TestApp> {
  const { ready = true, ...appOptions } = options;
  // On this thread, so tests can spy on PGlite's queries; the server's worker thread is tested in db/pglite-worker.test.ts.
  const database: OpenDatabase = await openDatabase(
    { DATA_DIR: IN_MEMORY, DATABASE_URL: undefined },
    { pglite: 'in-thread' },
  );
  const build = ({ config, ...deps }: TestAppOptions = {}) =>
    buildApp({ logger: memoryLogger().logger, ...deps, config: testConfig(config), db: database.db });
  let app: App;
  try {
    app = build(appOptions);
    if (ready) await app.ready();
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
    app,
    db: database.db,
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
