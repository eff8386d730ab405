import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { findRunningServer, OPERATOR_TOKEN_FILE, SERVER_INFO_FILE } from './runtime';
import { startServer } from './serve';
import { describeOnPglite, memoryLogger, testConfig } from './testing';

// What `npm start` does, on a real data directory: the slowest test here (PGlite's first open).
// PGlite-only: about the embedded database's data dir and its lock, which the PostgreSQL run does not use.
describeOnPglite('startServer on an embedded PGlite data dir', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-data-'));
  const config = testConfig({ DATA_DIR: dataDir, STATIC_DIR: '/nonexistent', HOST: '127.0.0.1', PORT: 0 });
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it('serves, keeps its data across a restart, and shuts down cleanly', async () => {
    const first = await startServer(config, memoryLogger().logger);
    stops.push(first.stop);
    const base = `http://127.0.0.1:${first.port}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    // The runtime files the operator CLI uses, the token readable by us alone.
    const running = findRunningServer(dataDir);
    expect(running).toMatchObject({ pid: process.pid, port: first.port });
    expect(statSync(path.join(dataDir, OPERATOR_TOKEN_FILE)).mode & 0o777).toBe(0o600);

    // A second process may not open the same embedded database.
    await expect(openDatabase(config)).rejects.toBeInstanceOf(DataDirLockedError);

    const set = await fetch(`${base}/api/maintenance/admin/v1/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${running?.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: true, message: 'Kept across restarts' }),
    });
    expect(set.status).toBe(200);

    await first.stop();
    expect(existsSync(path.join(dataDir, SERVER_INFO_FILE))).toBe(false);
    expect(existsSync(path.join(dataDir, OPERATOR_TOKEN_FILE))).toBe(false);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();

    const second = await startServer(config, memoryLogger().logger);
    stops.push(second.stop);
    const status = await fetch(`http://127.0.0.1:${second.port}/api/maintenance/status/v1/`);
    expect(await status.json()).toMatchObject({
      res_status: 'SERVER_UNDER_MAINTENANCE',
      response: 'Kept across restarts',
    });
    const newToken = readFileSync(path.join(dataDir, OPERATOR_TOKEN_FILE), 'utf8').trim();
    expect(newToken).not.toBe(running?.token);
    await second.stop();
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  });
});
