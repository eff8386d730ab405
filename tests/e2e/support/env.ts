import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Shared by playwright.config.ts, the e2e support helpers and tests/audit: one place for paths and browser flags. */

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Debian's Chromium; Playwright must never download a browser of its own. */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Path of a binary installed in node_modules/.bin. */
export function localBin(name: string): string {
  return join(repoRoot, 'node_modules', '.bin', name);
}

/**
 * Runs a TypeScript entry point the way `tsx file.ts` does, but as ONE node process (`node --import tsx`):
 * the tsx CLI forks a second process, and a process-group SIGTERM would then reach the server twice.
 */
export function tsNodeArgs(entry: string, args: readonly string[] = []): string[] {
  return ['--import', 'tsx', join(repoRoot, entry), ...args];
}

/**
 * A free TCP port on 127.0.0.1, found synchronously (the Playwright config is evaluated synchronously):
 * a short-lived child process binds port 0 and prints what the kernel gave it.
 */
export function freePortSync(): number {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});";
  const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  const port = Number(result.stdout);
  if (result.status !== 0 || !Number.isInteger(port) || port <= 0) {
    throw new Error(`could not find a free port: ${result.stderr}`);
  }
  return port;
}

/** The build's last output (the server bundle): a source newer than it means dist/ is stale. */
const BUILT_MARKER = join('dist', '.server', 'entry-server.js');

/** Everything `npm run build` reads. */
const buildInputs = [
  'vite.config.ts',
  'scripts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'src',
  'public',
  'contract',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why dist/ needs a rebuild, or null when it is up to date. */
export function staleBuildReason(): string | null {
  const builtIndex = join(repoRoot, BUILT_MARKER);
  if (!existsSync(builtIndex)) return `${BUILT_MARKER} is missing`;
  const builtAt = statSync(builtIndex).mtimeMs;
  for (const input of buildInputs) {
    if (newestMtime(join(repoRoot, input)) > builtAt) return `${input} changed since the last build`;
  }
  return null;
}

/** Builds the PWA into dist/ with `vite build` when it is missing or older than its sources. */
export function ensureBuilt(): void {
  const reason = staleBuildReason();
  if (reason === null) return;
  process.stderr.write(`[build] ${reason}: running npm run build\n`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status ?? result.signal})`);
}
