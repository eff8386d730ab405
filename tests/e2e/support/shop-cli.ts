import { execFile } from 'node:child_process';
import { repoRoot, tsNodeArgs } from './env';

export interface CliResult {
  stdout: string;
  stderr: string;
}

/**
 * Runs the operator CLI (`tsx server/cli.ts ...args`, i.e. `npm run shop -- ...args`) against the running server
 * of `dataDir`: the CLI finds that server through DATA_DIR (operator.token, server.json). Rejects on a non-zero
 * exit. Tests use the `shop` fixture (tests/e2e/support/fixtures.ts), which passes their worker's data dir.
 */
export function shopCli(dataDir: string, args: readonly string[], timeoutMs = 60_000): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    execFile(
      process.execPath,
      tsNodeArgs('server/cli.ts', args),
      { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir }, timeout: timeoutMs },
      (error, stdout, stderr) => {
        if (error) {
          reject(new Error(`shop ${args.join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`));
          return;
        }
        resolvePromise({ stdout, stderr });
      },
    );
  });
}
