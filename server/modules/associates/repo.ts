import type { UploadPurpose } from '@contract/associates';
import { and, asc, count, desc, eq, inArray, lt, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { RETENTION_BATCH_SIZE } from '../../db/retention';
import { associateCodes, associateCodeViews, associates, associateUploads, orders } from '../../db/schema';

export type AssociateRow = typeof associates.$inferSelect;
export type UploadRow = typeof associateUploads.$inferSelect;

export async function insertUpload(
  db: Executor,
  values: typeof associateUploads.$inferInsert,
): Promise<void> {
  await db.insert(associateUploads).values(values);
}

/** The files and bytes one person keeps for one kind of proof. */
export async function uploadUsage(db: Executor, userId: string, purpose: UploadPurpose) {
  const [row] = await db
    .select({
      files: count(),
      bytes: sql<number>`coalesce(sum(${associateUploads.size}), 0)`.mapWith(Number),
    })
    .from(associateUploads)
    .where(and(eq(associateUploads.userId, userId), eq(associateUploads.purpose, purpose)));
  return { files: row?.files ?? 0, bytes: row?.bytes ?? 0 };
}

/** True when the person's registration names this proof. */
const proofInUse = sql`exists (
  select 1 from ${associates}
  where ${associates.userId} = ${associateUploads.userId}
    and ${associateUploads.key} in (
      ${associates.bankPayoutDetails} ->> 'bank_details_image_s3_key',
      ${associates.panDetails} ->> 'pan_details_image_s3_key',
      ${associates.gstDetails} ->> 'gst_proof_image_s3_key'
    )
)`;

/**
 * Locks up to `limit` proofs uploaded before `cutoff` that no registration names, skipping those a registration
 * is taking (locked) right now; their keys.
 */
export async function claimUnusedUploads(tx: Executor, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ key: associateUploads.key })
    .from(associateUploads)
    .where(and(lt(associateUploads.createdAt, cutoff), sql`not ${proofInUse}`))
    .orderBy(asc(associateUploads.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => row.key);
}

/** Deletes the claimed proofs a registration committed since the claim still does not name; their keys. */
export async function deleteUnusedUploads(tx: Executor, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await tx
    .delete(associateUploads)
    .where(and(inArray(associateUploads.key, keys), sql`not ${proofInUse}`))
    .returning({ key: associateUploads.key });
  return rows.map((row) => row.key);
}

export async function findUpload(db: Executor, key: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(associateUploads).where(eq(associateUploads.key, key)).limit(1);
  return row;
}

export async function findAssociate(db: Executor, userId: string): Promise<AssociateRow | undefined> {
  const [row] = await db.select().from(associates).where(eq(associates.userId, userId)).limit(1);
  return row;
}

/**
 * The referral code and the registration in one transaction: the code works at checkout once this commits. The
 * proofs it names are locked first, so the retention sweep cannot delete one under it; a proof already gone is
 * answered instead of a row.
 */
export async function insertAssociate(
  db: Executor,
  code: typeof associateCodes.$inferInsert,
  values: typeof associates.$inferInsert,
  proofKeys: string[],
): Promise<AssociateRow | { missingProof: string }> {
  return db.transaction(async (tx) => {
    const held =
      proofKeys.length === 0
        ? []
        : await tx
            .select({ key: associateUploads.key })
            .from(associateUploads)
            .where(inArray(associateUploads.key, proofKeys))
            .for('share');
    const missingProof = proofKeys.find((key) => !held.some((row) => row.key === key));
    if (missingProof !== undefined) return { missingProof };
    await tx.insert(associateCodes).values(code);
    const [row] = await tx.insert(associates).values(values).returning();
    if (!row) throw new Error('associates: the insert returned no row');
    return row;
  });
}

/** True when the code is one the checkout takes (views of others are not logged). */
export async function isActiveCode(db: Executor, code: string): Promise<boolean> {
  const [row] = await db
    .select({ code: associateCodes.code })
    .from(associateCodes)
    .where(and(eq(associateCodes.code, code), eq(associateCodes.active, true)))
    .limit(1);
  return row !== undefined;
}

/** Logs a visitor's view of a code once a day: another that day, or a replayed key, stores nothing. */
export async function insertView(
  db: Executor,
  values: typeof associateCodeViews.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(associateCodeViews)
    .values(values)
    .onConflictDoNothing()
    .returning({ code: associateCodeViews.associateCode });
  return rows.length > 0;
}

/**
 * Deletes the views stamped before `cutoff`, a batch per statement (the table has no single-column key: its rows
 * are picked by ctid), skipping rows another process is deleting; answers how many went.
 */
export async function deleteViewsBefore(db: Executor, cutoff: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await db
      .delete(associateCodeViews)
      .where(
        sql`ctid in (select ctid from ${associateCodeViews} where ${lt(associateCodeViews.createdAt, cutoff)} limit ${RETENTION_BATCH_SIZE} for update skip locked)`,
      )
      .returning({ code: associateCodeViews.associateCode });
    deleted += rows.length;
    if (rows.length < RETENTION_BATCH_SIZE) return deleted;
  }
}

export async function viewStats(db: Executor, code: string) {
  const [row] = await db
    .select({ views: count(), last: max(associateCodeViews.createdAt) })
    .from(associateCodeViews)
    .where(eq(associateCodeViews.associateCode, code));
  return { views: row?.views ?? 0, lastViewAt: row?.last ?? null };
}

const PAID = sql`${orders.status} = 'SUCCESS'`;

/** Orders placed with the code, and the paid ones' totals per currency (minor units). */
export async function referralTotals(db: Executor, code: string) {
  return db
    .select({
      currency: orders.currency,
      orders: count(),
      paidOrders: sql<number>`count(*) filter (where ${PAID})`.mapWith(Number),
      paidMinor: sql<number>`coalesce(sum(${orders.totalMinor}) filter (where ${PAID}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.associateCode, code))
    .groupBy(orders.currency);
}

export async function recentReferredOrders(db: Executor, code: string, limit: number) {
  return db
    .select({
      number: orders.number,
      status: orders.status,
      totalMinor: orders.totalMinor,
      currency: orders.currency,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.associateCode, code))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(limit);
}
