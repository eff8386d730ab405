import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { errorBodySchema } from '../contract/common';

/**
 * Files a running server keeps in DATA_DIR so the operator CLI can reach it instead of
 * opening the embedded database, which only one process may hold.
 */
export const OPERATOR_TOKEN_FILE = 'operator.token';
export const SERVER_INFO_FILE = 'server.json';

const serverInfoSchema = z.object({
  pid: z.number().int().positive(),
  port: z.number().int().positive(),
  host: z.string(),
  startedAt: z.string(),
});
export type ServerInfo = z.infer<typeof serverInfoSchema>;

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function writeRuntimeFiles(
  dataDir: string,
  info: { port: number; host: string; token: string },
): void {
  mkdirSync(dataDir, { recursive: true });
  const tokenFile = path.join(dataDir, OPERATOR_TOKEN_FILE);
  writeFileSync(tokenFile, `${info.token}\n`, { mode: 0o600 });
  // writeFile keeps the mode of an existing file; make sure it is ours alone.
  chmodSync(tokenFile, 0o600);
  const serverInfo: ServerInfo = {
    pid: process.pid,
    port: info.port,
    host: info.host,
    startedAt: new Date().toISOString(),
  };
  writeFileSync(path.join(dataDir, SERVER_INFO_FILE), `${JSON.stringify(serverInfo, null, 2)}\n`);
}

/** Removes the files, unless another process has written its own since. */
export function removeRuntimeFiles(dataDir: string): void {
  const info = readServerInfo(dataDir);
  if (info && info.pid !== process.pid) return;
  rmSync(path.join(dataDir, SERVER_INFO_FILE), { force: true });
  rmSync(path.join(dataDir, OPERATOR_TOKEN_FILE), { force: true });
}

export function readServerInfo(dataDir: string): ServerInfo | undefined {
  try {
    const parsed = serverInfoSchema.safeParse(
      JSON.parse(readFileSync(path.join(dataDir, SERVER_INFO_FILE), 'utf8')),
    );
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The running server of this DATA_DIR with its operator token, or undefined if none runs. */
export function findRunningServer(dataDir: string): (ServerInfo & { token: string }) | undefined {
  const info = readServerInfo(dataDir);
  if (!info || !isProcessAlive(info.pid)) return undefined;
  try {
    const token = readFileSync(path.join(dataDir, OPERATOR_TOKEN_FILE), 'utf8').trim();
    return token ? { ...info, token } : undefined;
  } catch {
    return undefined;
  }
}

/** The address to reach a server listening on `host` from this machine. */
export function localAddress(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === 'localhost' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Calls an operator endpoint of the server running on this machine (the CLI's way in while embedded PGlite
 * is open in that one process): GET without input, POST with it. Answers the JSON body, or throws with the
 * server's spec §8 message.
 */
export async function operatorRequest(
  server: { host: string; port: number; token: string },
  path: string,
  input?: unknown,
): Promise<unknown> {
  const url = `http://${localAddress(server.host)}:${server.port}${path}`;
  const headers: Record<string, string> = { authorization: `Bearer ${server.token}` };
  const init: RequestInit =
    input === undefined
      ? { method: 'GET', headers }
      : {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(input),
        };
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = errorBodySchema.safeParse(body);
    throw new Error(
      `server answered ${response.status}: ${error.success ? error.data.data.message : 'no error body'}`,
    );
  }
  return body;
}
