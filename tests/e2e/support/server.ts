import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { readServerInfo } from '../../../server/runtime';
import { repoRoot, tsNodeArgs } from './env';

/** A shop server (`tsx server/main.ts` on the current dist/) started for the e2e suite or the audit. */
export interface ShopServer {
  baseURL: string;
  dataDir: string;
  /** SIGTERM (the server finishes in-flight requests and closes its database), SIGKILL after 10 s. */
  stop(): Promise<void>;
  /** SIGKILL at once: the process dies wherever it is, as in a crash. */
  kill(): Promise<void>;
}

export interface ShopServerOptions {
  dataDir: string;
  /** 0 (the default) lets the kernel pick a free port; the server reports it in DATA_DIR/server.json. */
  port?: number;
  /** Added to the server's environment (PORT, HOST, DATA_DIR and STATIC_DIR are set here). */
  env?: Record<string, string>;
  /** The built PWA to serve (default dist/). */
  staticDir?: string;
  /** Where the server's stdout and stderr go; without it only stderr is kept, for the error of a failed start. */
  output?: Writable;
  timeoutMs?: number;
}

export async function startShopServer(options: ShopServerOptions): Promise<ShopServer> {
  const { dataDir, output, timeoutMs = 120_000 } = options;
  const child: ChildProcess = spawn(process.execPath, tsNodeArgs('server/main.ts'), {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...options.env,
      PORT: String(options.port ?? 0),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: options.staticDir ?? join(repoRoot, 'dist'),
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8_000);
  });
  if (output) {
    child.stdout?.pipe(output, { end: false });
    child.stderr?.pipe(output, { end: false });
  } else {
    child.stdout?.resume();
  }
  const exited = once(child, 'exit');
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });

  const stop = async () => {
    if (hasExited) return;
    child.kill('SIGTERM');
    const gone = await Promise.race([exited.then(() => true), delay(10_000).then(() => false)]);
    if (!gone) {
      child.kill('SIGKILL');
      await exited;
    }
  };

  const kill = async () => {
    if (hasExited) return;
    child.kill('SIGKILL');
    await exited;
  };

  // The server writes DATA_DIR/server.json once it listens (with the port it got): wait for that, then /healthz.
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (hasExited) throw new Error(`the shop server exited before it was ready:\n${stderr}`);
    const info = readServerInfo(dataDir);
    if (info && info.pid === child.pid) {
      const baseURL = `http://127.0.0.1:${info.port}`;
      const health = await fetch(`${baseURL}/healthz`).catch(() => undefined);
      if (health?.ok) return { baseURL, dataDir, stop, kill };
    }
    await delay(100);
  }
  await stop();
  throw new Error(`the shop server was not ready within ${timeoutMs / 1000} s:\n${stderr}`);
}
