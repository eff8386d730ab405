import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
import { seed } from './seed/index';

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
 * Opens the database, applies the migrations and seeds it when empty.
 * Without DATABASE_URL this is the embedded PGlite persisted in DATA_DIR (or in memory).
 */
export async function openDatabase(
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'>,
  options: { seed?: boolean } = {},
): Promise<OpenDatabase> {
  const runSeed = options.seed ?? true;

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
        if (runSeed) await seed(lockedDb);
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
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir ?? IN_MEMORY);
  } catch (error) {
    unlock();
    throw error;
  }
  try {
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    if (runSeed) await seed(db);
    let closed = false;
    return {
      db,
      kind: 'pglite',
      close: async () => {
        if (closed) return;
        closed = true;
        try {
          await client.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    await client.close().catch(() => undefined);
    unlock();
    throw error;
  }
}

/** A trivial round trip, used by /healthz. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
