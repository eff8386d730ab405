import { inArray, lt } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/** Rows one statement deletes: short statements keep the locks they hold short. */
export const RETENTION_BATCH_SIZE = 1000;

/**
 * Deletes a table's rows stamped before `cutoff`, a batch per statement, until none is left; answers how many
 * went. Rows another process is deleting at the same time are skipped (SKIP LOCKED), not waited for.
 */
export async function deleteRowsBefore(
  db: Executor,
  table: PgTable,
  columns: { id: PgColumn; stampedAt: PgColumn },
  cutoff: Date,
  batchSize = RETENTION_BATCH_SIZE,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = db
      .select({ id: columns.id })
      .from(table)
      .where(lt(columns.stampedAt, cutoff))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const rows = await db.delete(table).where(inArray(columns.id, batch)).returning({ id: columns.id });
    deleted += rows.length;
    if (rows.length < batchSize) return deleted;
  }
}
