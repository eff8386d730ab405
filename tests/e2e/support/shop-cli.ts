import { execFile } from 'node:child_process';
import { repoRoot, tsNodeArgs } from './env';

export interface CliResult {
  stdout: string;
  stderr: string;
}

/** The data dir of the server that playwright.config.ts started for this run. */
export function e2eDataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the e2e tests through playwright.config.ts');
  return dir;
}

/**
 * Runs the operator CLI (`tsx server/cli.ts ...args`, i.e. `npm run shop -- ...args`) against the running test
 * server: the CLI finds that server through DATA_DIR (operator.token, server.json). Rejects on a non-zero exit.
 */
export function shopCli(args: readonly string[], timeoutMs = 60_000): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    execFile(
      process.execPath,
      tsNodeArgs('server/cli.ts', args),
      { cwd: repoRoot, env: { ...process.env, DATA_DIR: e2eDataDir() }, timeout: timeoutMs },
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
