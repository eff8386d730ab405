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

/** A value built from the database once per catalogue version. */
export interface PerVersion<T> {
  /** The value of the version this process knows; concurrent reads share one load. Without a version, loads each time. */
  get(): Promise<T>;
  /**
   * This process's own write moved the version to `to` and knows everything it changed: when the value of `to - 1`
   * is the one loaded, `update` makes the new one instead of a load. Never moves the version back.
   */
  advance(to: number, update: (value: T) => T): void;
}

/** `load` is given the value of the last version loaded, when there is one, to build the next from it. */
export function perVersion<T>(
  version: CatalogueVersion | undefined,
  load: (previous: T | undefined) => Promise<T>,
): PerVersion<T> {
  let loaded: { version: number; value: T } | undefined;
  let loading: { version: number; promise: Promise<T> } | undefined;

  function get(): Promise<T> {
    const current = version?.current();
    if (current === undefined) return load(undefined);
    if (loaded?.version === current) return Promise.resolve(loaded.value);
    if (loading?.version !== current) {
      const entry = {
        version: current,
        promise: load(loaded?.value).then((value) => {
          if (version?.current() === current) loaded = { version: current, value };
          return value;
        }),
      };
      loading = entry;
      const settle = () => {
        if (loading === entry) loading = undefined;
      };
      entry.promise.then(settle, settle);
    }
    return loading.promise;
  }

  // A change seen (this process's write, or another's after the poll) loads the new value before it is asked for.
  version?.onChange(() => {
    get().catch(() => undefined);
  });
  function advance(to: number, update: (value: T) => T): void {
    const current = version?.current();
    if (!version || (current !== undefined && current >= to)) return;
    if (current === to - 1 && loaded?.version === to - 1)
      loaded = { version: to, value: update(loaded.value) };
    version.set(to);
  }

  return { get, advance };
}
