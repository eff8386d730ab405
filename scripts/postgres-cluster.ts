/*
 * A throw-away PostgreSQL cluster for the test run and the benchmark: initdb and pg_ctl in a fresh temp dir,
 * listening on 127.0.0.1 only (no unix socket), on a free port, trust auth for one local user, fsync off.
 * Needs the server binaries (Debian's `postgresql` package; .ci/run installs it). As root, the server runs as
 * the `postgres` user (or `nobody`): initdb and postgres refuse to run as root.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { POSTGRES_ONLY_PREFIX } from '../server/postgres-only';

/** The role the tests and the benchmark connect as. */
export const CLUSTER_USER = 'shop';

export interface PostgresCluster {
  /** postgres://shop@127.0.0.1:<port>/postgres: the maintenance database, from which others are created. */
  url: string;
  port: number;
  /** The temp dir holding the data directory and the server log. */
  dir: string;
  /** Stops the server and removes the temp dir; safe to call twice, synchronous so it works in an exit hook. */
  stop(): void;
}

/** The directory holding initdb, pg_ctl and postgres: PATH first, then Debian's /usr/lib/postgresql/<newest>/bin. */
export function findPostgresBinDir(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  const debian = '/usr/lib/postgresql';
  if (!existsSync(debian)) return undefined;
  const versions = readdirSync(debian)
    .filter((version) => existsSync(path.join(debian, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : path.join(debian, versions[0], 'bin');
}

/** The unprivileged account the server runs as when we are root, or undefined when we are not root. */
function serverAccount(): { name: string; uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    const result = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    if (result.status !== 0) continue;
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    return { name, uid: Number(result.stdout), gid: Number(gid.stdout) };
  }
  throw new Error('running as root, and neither a postgres nor a nobody account exists to run PostgreSQL as');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Starts a fresh cluster. The caller stops it (an exit hook stops it too if the caller could not). */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const binDir = findPostgresBinDir();
  if (!binDir) {
    throw new Error(
      'PostgreSQL server binaries not found (no initdb on PATH or under /usr/lib/postgresql/*/bin): install Debian’s postgresql package',
    );
  }
  const account = serverAccount();
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-postgres-'));
  if (account) chownSync(dir, account.uid, account.gid);
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');

  const run = (binary: string, args: string[]) => {
    const command = path.join(binDir, binary);
    const result = account
      ? spawnSync('runuser', ['-u', account.name, '--', command, ...args], { encoding: 'utf8' })
      : spawnSync(command, args, { encoding: 'utf8' });
    if (result.error) throw result.error;
    return result;
  };
  const removeDir = () => rmSync(dir, { recursive: true, force: true });

  let port = 0;
  try {
    const init = run('initdb', [
      '--pgdata',
      dataDir,
      '--username',
      CLUSTER_USER,
      '--auth',
      'trust',
      '--encoding',
      'UTF8',
      '--locale',
      'C.UTF-8',
      '--no-sync',
    ]);
    if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);

    // Another process may take the port between our probe and the server's bind: try a few.
    for (let attempt = 0; ; attempt += 1) {
      port = await freePort();
      const options = [
        `-p ${port}`,
        '-c listen_addresses=127.0.0.1',
        "-c unix_socket_directories=''",
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c max_connections=300',
      ].join(' ');
      const start = run('pg_ctl', [
        '--pgdata',
        dataDir,
        '--log',
        logFile,
        '--wait',
        '--options',
        options,
        'start',
      ]);
      if (start.status === 0) break;
      if (attempt === 2) {
        const log = spawnSync('tail', ['-n', '20', logFile], { encoding: 'utf8' }).stdout;
        throw new Error(`pg_ctl start failed:\n${start.stdout}${start.stderr}${log}`);
      }
    }
  } catch (error) {
    removeDir();
    throw error;
  }

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    try {
      run('pg_ctl', ['--pgdata', dataDir, '--mode', 'immediate', '--wait', 'stop']);
    } finally {
      removeDir();
    }
  };
  // pg_ctl detaches the server: without this a crash of ours would leave it running.
  process.on('exit', stop);

  return { url: `postgres://${CLUSTER_USER}@127.0.0.1:${port}/postgres`, port, dir, stop };
}

/** vitest's arguments for the server suite alone (the PostgreSQL step: the rest does not touch a database). */
export const SERVER_SUITE_ARGS = ['run', '--project', 'server', 'server/'];

/**
 * Why a vitest JSON report (Jest's format) of the PostgreSQL step does not show the PostgreSQL-only cases run
 * and passed, or null when it does: without TEST_DATABASE_URL they would be skipped, and the step look green.
 */
export function postgresOnlyProblem(report: unknown): string | null {
  const files = (
    report as { testResults?: { assertionResults?: { fullName?: string; status?: string }[] }[] }
  )?.testResults;
  const cases = (files ?? [])
    .flatMap((file) => file.assertionResults ?? [])
    .filter((test) => test.fullName?.startsWith(POSTGRES_ONLY_PREFIX));
  if (cases.length === 0) return 'no PostgreSQL-only test ran';
  const notPassed = cases.filter((test) => test.status !== 'passed');
  if (notPassed.length > 0)
    return `${notPassed.length} PostgreSQL-only tests did not pass (${notPassed[0]?.fullName})`;
  return null;
}
