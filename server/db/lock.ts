import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from '../runtime';

const LOCK_FILE = 'pglite.lock';

/** Data directories this process holds; a lock naming our own pid but not listed here is stale. */
const heldHere = new Set<string>();

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/**
 * Embedded PGlite can be opened by one process only: a second one would corrupt it.
 * Takes DATA_DIR/pglite.lock (our pid), or fails naming the process that holds it.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE);
  if (heldHere.has(dir)) {
    throw new DataDirLockedError(`The database in ${dir} is already open in this process`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(dir);
      return () => {
        heldHere.delete(dir);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isProcessAlive(pid)) {
        throw new DataDirLockedError(
          `The database in ${dir} is in use by process ${pid}. Stop it first, or use a different DATA_DIR ` +
            `(delete ${file} only if you are sure no process uses it).`,
        );
      }
      // Left behind by a process that is gone.
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}
