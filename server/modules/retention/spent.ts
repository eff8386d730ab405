import type { Database, Executor } from '../../db/client';
import type { FileStorage } from '../../storage';
import { claimUnusedAssets, deleteUnusedAssets } from '../ads/repo';
import { claimUnusedUploads, deleteUnusedUploads } from '../associates/repo';
import { deleteSpentCodesBefore } from '../auth/repo';
import { deleteIdempotencyKeysBefore } from '../orders/repo';

const HOUR_MS = 3_600_000;
/** Files one transaction deletes: their rows stay locked while their bytes are deleted. */
const UPLOAD_BATCH = 100;

/** A table of uploads: which unused ones to lock, and which of those to delete once checked again. */
interface UploadShelf {
  claim(tx: Executor, cutoff: Date, limit: number): Promise<string[]>;
  deleteUnused(tx: Executor, keys: string[]): Promise<string[]>;
}

const SHELVES: UploadShelf[] = [
  { claim: claimUnusedUploads, deleteUnused: deleteUnusedUploads },
  { claim: claimUnusedAssets, deleteUnused: deleteUnusedAssets },
];

/**
 * Deletes uploads older than `cutoff` that no affiliate registration or live ad booking uses: rows and bytes. A
 * batch is locked, checked again (a registration committed since the claim keeps its proofs), its bytes deleted,
 * then its rows; a storage failure rolls the rows back, so a row never outlives a file unnoticed for long.
 */
export async function deleteOrphanUploads(db: Database, storage: FileStorage, cutoff: Date): Promise<number> {
  let deleted = 0;
  for (const shelf of SHELVES) {
    for (;;) {
      const batch = await db.transaction(async (tx) => {
        const claimed = await shelf.claim(tx, cutoff, UPLOAD_BATCH);
        const unused = await shelf.deleteUnused(tx, claimed);
        await Promise.all(unused.map((key) => storage.delete(key)));
        return { claimed: claimed.length, deleted: unused.length };
      });
      deleted += batch.deleted;
      if (batch.claimed < UPLOAD_BATCH) break;
    }
  }
  return deleted;
}

export interface SpentSettings {
  now: Date;
  /** One-time codes, sign-in flows and social tickets go this many hours after they expire. */
  codeHours: number;
  /** An order's Idempotency-Key goes this many hours after it was made. */
  idempotencyKeyHours: number;
}

/** Deletes one-time codes and Idempotency-Keys past their use. */
export async function deleteSpentCodesAndKeys(db: Database, settings: SpentSettings) {
  const at = settings.now.getTime();
  return {
    oneTimeCodes: await deleteSpentCodesBefore(db, new Date(at - settings.codeHours * HOUR_MS)),
    idempotencyKeys: await deleteIdempotencyKeysBefore(
      db,
      new Date(at - settings.idempotencyKeyHours * HOUR_MS),
    ),
  };
}
