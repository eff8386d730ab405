import type { Database } from '../../db/client';
import { type Watched, watch } from '../../db/watch';
import { readCatalogueVersion } from './repo';

/** How often each process re-reads the catalogue's version: another process's operator change shows within it. */
export const CATALOGUE_VERSION_POLL_MS = 1000;

/** The catalogue's version as this process last saw it (bumped by every operator price or stock change). */
export type CatalogueVersion = Watched<number>;

export function watchCatalogueVersion(
  db: Database,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): CatalogueVersion {
  return watch({
    read: () => readCatalogueVersion(db),
    intervalMs: options.intervalMs ?? CATALOGUE_VERSION_POLL_MS,
    ...(options.onError ? { onError: options.onError } : {}),
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by buildApp: the catalogue's version every in-memory catalogue answer is keyed by. */
    catalogueVersion: CatalogueVersion;
  }
}
