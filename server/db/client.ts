import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config';
import { lockDataDir } from './lock';
import * as schema from './schema';
import { type SeedOptions, seed, seedOptionsFor } from './seed/index';

export type Schema = typeof schema;

/** The one database type modules use, whichever driver is underneath (PGlite or node-postgres). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** The database or a transaction on it: what a repo function runs its queries on. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface OpenDatabase {
  db: Database;
  /** 'pglite' (embedded, one process only) or 'postgres' (DATABASE_URL, many processes). */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** `memory://` (or DATA_DIR=memory://) keeps PGlite in memory: tests use it. */
export const IN_MEMORY = 'memory://';

/** Where PGlite keeps its files: a sub-directory so DATA_DIR can hold runtime files too. */
export function pgliteDataDir(dataDir: string): string {
  return path.resolve(dataDir, 'pglite');
}

// Any constant works: it only has to be the same in every process migrating this database.
const MIGRATION_LOCK_KEY = 7_425_131;

/**
 * Opens the database, applies the migrations and seeds it when empty (the demo codes outside production only).
 * Without DATABASE_URL this is the embedded PGlite persisted in DATA_DIR (or in memory).
 */
export async function openDatabase(
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'> & { NODE_ENV?: Config['NODE_ENV'] },
  options: {
    seed?: boolean;
    /** Where embedded PGlite runs: a worker thread (the server's way), or this thread (tests that spy on it). */
    pglite?: 'worker' | 'in-thread';
  } = {},
): Promise<OpenDatabase> {
  const runSeed = (options.seed ?? true) ? seedOptionsFor(config.NODE_ENV) : false;

  if (config.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 10 });
    try {
      // Migrate and seed on one connection under an advisory lock, so API processes
      // starting together do not race each other.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        const lockedDb = drizzleNodePg({ client, schema });
        await migrateNodePg(lockedDb, { migrationsFolder: MIGRATIONS_DIR });
        if (runSeed) await seed(lockedDb, runSeed);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    const db = drizzleNodePg({ client: pool, schema });
    return { db, kind: 'postgres', close: () => pool.end() };
  }

  const inMemory = config.DATA_DIR === IN_MEMORY || config.DATA_DIR.startsWith(IN_MEMORY);
  let dataDir: string | undefined;
  let unlock = () => {};
  if (!inMemory) {
    dataDir = pgliteDataDir(config.DATA_DIR);
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(config.DATA_DIR);
  }
  try {
    const opened =
      (options.pglite ?? 'worker') === 'worker'
        ? await openPgliteWorker(dataDir ?? IN_MEMORY, runSeed)
        : await openPgliteInThread(dataDir ?? IN_MEMORY, runSeed);
    let closing: Promise<void> | undefined;
    return {
      db: opened.db,
      kind: 'pglite',
      close: () => {
        closing ??= opened.close().finally(unlock);
        return closing;
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

interface OpenedPglite {
  db: Database;
  close(): Promise<void>;
}

/**
 * pg.Pool's query drops its connection on any error; over pglite-socket's one connection the reconnect races the old
 * one's goodbye, so the query after any refused statement (a unit out of stock, a used key) failed too. A statement
 * the database refused (a DatabaseError) leaves the connection sound: it is kept.
 */
function keepConnectionOnSqlError(pool: pg.Pool): void {
  const query = async (config: unknown, values?: unknown) => {
    const client = await pool.connect();
    // As pg.Pool's own query does: a connection lost mid-query fails the query, not the process.
    const lost = () => undefined;
    client.on('error', lost);
    try {
      const result = await client.query(config as pg.QueryConfig, values as unknown[] | undefined);
      client.release();
      return result;
    } catch (error) {
      client.release(error instanceof pg.DatabaseError ? undefined : (error as Error));
      throw error;
    } finally {
      client.off('error', lost);
    }
  };
  pool.query = query as typeof pool.query;
}

/** PGlite on this thread: its queries block the event loop while they run (the tests' fast path). */
async function openPgliteInThread(dataDir: string, runSeed: SeedOptions | false): Promise<OpenedPglite> {
  const client = await PGlite.create(dataDir);
  try {
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    if (runSeed) await seed(db, runSeed);
    return { db, close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

export interface PgliteWorker extends OpenedPglite {
  /** The thread PGlite runs in; when it dies, queries fail (and /healthz says so) until the server restarts. */
  worker: Worker;
}

/** What pglite-worker.mjs is started with, and the messages it exchanges with this thread. */
interface PgliteWorkerData {
  /** PGlite's data directory, or memory://. */
  dataDir: string;
  socketPath: string;
}
type ToPgliteWorker = { type: 'close' };
type FromPgliteWorker = { type: 'ready' } | { type: 'closed' };

/**
 * PGlite in a worker thread behind pglite-socket on a private unix socket, reached with node-postgres over one
 * connection (PGlite is a single session). Migrates and seeds like DATABASE_URL does.
 */
export async function openPgliteWorker(
  dataDir: string,
  runSeed: SeedOptions | false = seedOptionsFor(undefined),
): Promise<PgliteWorker> {
  // The socket's directory is ours alone (mkdtemp: 0700); node-postgres finds `<dir>/.s.PGSQL.<port>`.
  const socketDir = mkdtempSync(path.join(tmpdir(), 'shop-pg-'));
  const socketPort = 5432;
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: {
      dataDir,
      socketPath: path.join(socketDir, `.s.PGSQL.${socketPort}`),
    } satisfies PgliteWorkerData,
    // Plain JavaScript: no need for the TypeScript loader this process may run under.
    execArgv: [],
  });
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  const failure: { error?: unknown } = {};
  // Without a listener a thread's uncaught error would take the whole server down with it.
  worker.on('error', (error) => {
    failure.error = error;
  });
  const removeSocketDir = () => rmSync(socketDir, { recursive: true, force: true });

  try {
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: FromPgliteWorker) => {
        if (message.type === 'ready') resolve();
      };
      worker.on('message', onMessage);
      void exited.then((code) =>
        reject(failure.error ?? new Error(`The database thread stopped while opening (exit code ${code})`)),
      );
      // Resolved or rejected, it has done its job.
      void exited.finally(() => worker.off('message', onMessage));
    });
  } catch (error) {
    removeSocketDir();
    throw error;
  }

  const pool = new pg.Pool({
    host: socketDir,
    port: socketPort,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    // Kept open: the socket server takes one connection, and a reconnect could race the old one's goodbye.
    idleTimeoutMillis: 0,
  });
  // A connection lost with the thread: the next query fails and the health probe reports it.
  pool.on('error', () => undefined);
  keepConnectionOnSqlError(pool);

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      try {
        await pool.end();
        const closed = new Promise<void>((resolve, reject) => {
          worker.on('message', (message: FromPgliteWorker) => {
            if (message.type === 'closed') resolve();
          });
          void exited.then(() => (failure.error ? reject(failure.error) : resolve()));
        });
        worker.postMessage({ type: 'close' } satisfies ToPgliteWorker);
        await closed;
      } finally {
        await worker.terminate();
        removeSocketDir();
      }
    })();
    return closing;
  };

  try {
    const db = drizzleNodePg({ client: pool, schema });
    await migrateNodePg(db, { migrationsFolder: MIGRATIONS_DIR });
    if (runSeed) await seed(db, runSeed);
    return { db, worker, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/** A trivial round trip, used by /healthz. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
