import { and, count, desc, eq, lt, max, sql } from 'drizzle-orm';
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

export async function findUpload(db: Executor, key: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(associateUploads).where(eq(associateUploads.key, key)).limit(1);
  return row;
}

export async function findAssociate(db: Executor, userId: string): Promise<AssociateRow | undefined> {
  const [row] = await db.select().from(associates).where(eq(associates.userId, userId)).limit(1);
  return row;
}

/** The referral code and the registration in one transaction: the code works at checkout once this commits. */
export async function insertAssociate(
  db: Executor,
  code: typeof associateCodes.$inferInsert,
  values: typeof associates.$inferInsert,
): Promise<AssociateRow> {
  return db.transaction(async (tx) => {
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
