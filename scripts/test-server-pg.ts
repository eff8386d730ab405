/*
 * npm run test:server:pg: the server suite on a throw-away PostgreSQL cluster (what `npm test`'s PostgreSQL step
 * runs), stopped and removed at the end, also on failure or Ctrl-C. Extra arguments go to vitest (e.g. a file).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { localBin, repoRoot } from '../tests/e2e/support/env';
import { postgresOnlyProblem, SERVER_SUITE_ARGS, startPostgresCluster } from './postgres-cluster';

const extra = process.argv.slice(2);
const reportDir = mkdtempSync(path.join(tmpdir(), 'shop-pg-report-'));
const report = path.join(reportDir, 'vitest.json');
// Ctrl-C reaches vitest too; here it only means: stop the cluster once vitest has gone (or before it starts).
let interrupted = false;
let child: ChildProcess | undefined;
const onSignal = (signal: NodeJS.Signals) => {
  interrupted = true;
  child?.kill(signal);
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

const cluster = await startPostgresCluster();
console.log(`PostgreSQL on 127.0.0.1:${cluster.port} (${cluster.dir})`);

let code = 130;
try {
  if (!interrupted)
    code = await new Promise<number>((resolve) => {
      child = spawn(
        localBin('vitest'),
        // Files or filters given replace the suite's own `server/` filter.
        [
          ...(extra.length > 0 ? SERVER_SUITE_ARGS.slice(0, -1) : SERVER_SUITE_ARGS),
          ...extra,
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${report}`,
        ],
        { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: cluster.url } },
      );
      child.on('close', (exit, signal) => resolve(exit ?? (signal ? 128 : 1)));
    });
  if (code === 0 && extra.length === 0) {
    const problem = postgresOnlyProblem(JSON.parse(readFileSync(report, 'utf8')));
    if (problem) {
      console.error(problem);
      code = 1;
    }
  }
} finally {
  cluster.stop();
  rmSync(reportDir, { recursive: true, force: true });
}
process.exit(code);
