import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { IN_MEMORY } from '../../db/client';

export const AUTH_SECRET_FILE = 'auth.secret';

/**
 * The secret that signs tokens. AUTH_SECRET when set; in production it must be (config refuses otherwise).
 * Elsewhere a secret is generated once and kept in DATA_DIR/auth.secret (mode 600), so tokens survive a
 * restart and processes sharing the DATA_DIR agree; with an in-memory database it lives as long as the process.
 */
export function resolveAuthSecret(
  config: Pick<Config, 'AUTH_SECRET' | 'DATA_DIR' | 'NODE_ENV'>,
  logger?: FastifyBaseLogger,
): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  if (config.NODE_ENV === 'production') {
    throw new Error('AUTH_SECRET is required in production');
  }
  if (config.DATA_DIR.startsWith(IN_MEMORY)) return randomBytes(48).toString('base64url');
  const file = path.resolve(config.DATA_DIR, AUTH_SECRET_FILE);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // wx: when two processes start together, the second one fails here and reads the first one's secret.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
  logger?.warn({ file }, 'AUTH_SECRET is not set: generated a development secret');
  return secret;
}
