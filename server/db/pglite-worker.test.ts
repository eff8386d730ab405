import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { HEALTH_PROBE_INTERVAL_MS } from '../plugins/health';
import { describeOnPglite, memoryLogger, testConfig } from '../testing';
import { IN_MEMORY, type OpenDatabase, openDatabase, openPgliteWorker, pgliteDataDir } from './client';
import { DataDirLockedError } from './lock';
import * as schema from './schema';

/** How many turns this thread's event loop takes while `work` runs: a blocked loop takes none. */
async function loopTurnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const spin = () => {
    turns += 1;
    if (running) setImmediate(spin);
  };
  setImmediate(spin);
  try {
    await work();
  } finally {
    running = false;
  }
  return turns;
}

// Each test opens databases (PGlite's start and migrations): slow on a busy machine.
// About embedded PGlite itself: the PostgreSQL run has none of it to test.
describeOnPglite('embedded PGlite on its own thread', { timeout: 60_000 }, () => {
  const open: OpenDatabase[] = [];
  afterAll(async () => {
    for (const database of open) await database.close();
  });

  it('answers the query after one the database refused (a unit out of stock), on its one connection', async () => {
    const database = await openDatabase({ DATA_DIR: IN_MEMORY, DATABASE_URL: undefined }, { seed: false });
    open.push(database);
    for (let i = 0; i < 3; i += 1) {
      await expect(database.db.execute(sql`select 1 / ${0}::integer`)).rejects.toThrow();
      const answer = (await database.db.execute(sql`select ${i}::integer as n`)) as unknown as {
        rows: unknown[];
      };
      expect(answer.rows).toEqual([{ n: i }]);
    }
  });

  it('migrates, seeds, queries, commits and rolls back, and keeps its data across a reopen', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-worker-'));
    const first = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    open.push(first);
    expect(first.kind).toBe('pglite');
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
    await expect(openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined })).rejects.toBeInstanceOf(
      DataDirLockedError,
    );

    // Seeded through the worker: the catalogue and the maintenance row are there.
    const packages = await first.db.select({ code: schema.packages.packageCode }).from(schema.packages);
    expect(packages.length).toBeGreaterThan(0);

    await first.db.transaction(async (tx) => {
      await tx
        .update(schema.maintenanceWindow)
        .set({ enabled: true, message: 'committed' })
        .where(eq(schema.maintenanceWindow.id, 1));
    });
    await expect(
      first.db.transaction(async (tx) => {
        await tx
          .update(schema.maintenanceWindow)
          .set({ message: 'rolled back' })
          .where(eq(schema.maintenanceWindow.id, 1));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // Queries from elsewhere wait for a transaction on the one connection instead of landing inside it.
    const [, , beside] = await Promise.all([
      first.db.transaction(async (tx) => {
        await tx.update(schema.maintenanceWindow).set({ message: 'in flight' });
        await tx.update(schema.maintenanceWindow).set({ message: 'committed' });
      }),
      first.db.execute(sql`select 1`),
      first.db.select({ message: schema.maintenanceWindow.message }).from(schema.maintenanceWindow),
    ]);
    expect(beside).toEqual([{ message: 'committed' }]);

    await first.close();
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

    const second = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    open.push(second);
    const rows = await second.db
      .select({ enabled: schema.maintenanceWindow.enabled, message: schema.maintenanceWindow.message })
      .from(schema.maintenanceWindow);
    expect(rows).toEqual([{ enabled: true, message: 'committed' }]);
    // Seeding again on a reopen adds nothing twice.
    expect(await second.db.select({ code: schema.packages.packageCode }).from(schema.packages)).toHaveLength(
      packages.length,
    );
    await second.close();
  });

  it('keeps this thread free while a query runs', async () => {
    const inWorker = await openDatabase({ DATA_DIR: IN_MEMORY, DATABASE_URL: undefined }, { seed: false });
    open.push(inWorker);
    const inThread = await PGlite.create();
    try {
      const freeTurns = await loopTurnsDuring(() => inWorker.db.execute(sql`select pg_sleep(0.3)`));
      const blockedTurns = await loopTurnsDuring(() => inThread.query('select pg_sleep(0.3)'));
      // The same query on this thread stalls the loop for its whole length: the measure tells the two apart.
      expect(blockedTurns).toBeLessThanOrEqual(3);
      expect(freeTurns).toBeGreaterThan(50);
    } finally {
      await inThread.close();
    }
  });

  it('fails to open with the reason when PGlite cannot start, releasing the data directory', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-worker-'));
    mkdirSync(pgliteDataDir(dataDir));
    writeFileSync(path.join(pgliteDataDir(dataDir), 'PG_VERSION'), 'not a database\n');
    await expect(openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined })).rejects.toThrow(
      /PGlite failed to initialize/,
    );
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  });

  describe('when the thread dies', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('reports the database down on /healthz instead of taking the server with it', async () => {
      // The background pings are driven by hand; the database keeps its real timers.
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const database = await openPgliteWorker(IN_MEMORY, false);
      const app = buildApp({
        config: testConfig({ STATIC_DIR: '/nonexistent' }),
        db: database.db,
        logger: memoryLogger().logger,
      });
      try {
        await app.ready();
        expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

        await database.worker.terminate();
        vi.advanceTimersByTime(HEALTH_PROBE_INTERVAL_MS);
        await vi.waitFor(async () => {
          const res = await app.inject({ method: 'GET', url: '/healthz' });
          expect(res.statusCode).toBe(503);
          expect(res.json()).toMatchObject({ data: { res_status: 'SERVICE_UNAVAILABLE' } });
        });
      } finally {
        await app.close();
        await database.close();
      }
    });
  });
});
