import type { FormId } from '@contract/forms';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deleteRowsBefore } from '../../db/retention';
import { formSubmissions, orders } from '../../db/schema';

export type FormSubmissionRow = typeof formSubmissions.$inferSelect;
export type FormSubmissionValues = typeof formSubmissions.$inferInsert;

/** Stores a submission; undefined when its Idempotency-Key is already taken (the first one wins). */
export async function insertFormSubmission(
  db: Executor,
  values: FormSubmissionValues,
): Promise<FormSubmissionRow | undefined> {
  const [row] = await db
    .insert(formSubmissions)
    .values(values)
    .onConflictDoNothing({ target: formSubmissions.idempotencyKey })
    .returning();
  return row;
}

/** The submission stored under an Idempotency-Key, if any. */
export async function findFormSubmissionByKey(
  db: Executor,
  key: string,
): Promise<FormSubmissionRow | undefined> {
  const [row] = await db.select().from(formSubmissions).where(eq(formSubmissions.idempotencyKey, key));
  return row;
}

/** One buyer's submissions of one form, newest first. */
export async function listFormSubmissions(
  db: Executor,
  userId: string,
  formId: FormId,
  limit: number,
): Promise<FormSubmissionRow[]> {
  return db
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.userId, userId), eq(formSubmissions.formId, formId)))
    .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
    .limit(limit);
}

/** Submissions made before `cutoff` (the retention sweep). */
export function deleteFormSubmissionsBefore(db: Executor, cutoff: Date): Promise<number> {
  return deleteRowsBefore(
    db,
    formSubmissions,
    { id: formSubmissions.id, stampedAt: formSubmissions.createdAt },
    cutoff,
  );
}

/** Who placed an order: undefined for an unknown order. */
export async function findOrderOwner(db: Executor, orderId: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  return row?.userId;
}
