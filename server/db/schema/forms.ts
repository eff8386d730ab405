import { FORM_IDS, type FormId } from '@contract/forms';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './user';

/**
 * Request-form submissions (spec §1 "Request forms", §7 "Forms"): what a visitor or a buyer sent, as the form's
 * contract schema kept it. user_id is null for an anonymous submission.
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    /** Random, so a buyer's submission ids say nothing about how many others there are. */
    id: uuid('id').primaryKey().defaultRandom(),
    formId: text('form_id').$type<FormId>().notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    /** The sender's Idempotency-Key: a replay of the same submission is answered with this row, never stored twice. */
    idempotencyKey: text('idempotency_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'form_submissions_form_id',
      sql`${t.formId} in (${sql.raw(FORM_IDS.map((id) => `'${id}'`).join(', '))})`,
    ),
    index('form_submissions_user_idx').on(t.userId, t.formId, t.createdAt),
    // The retention sweep deletes by age.
    index('form_submissions_created_idx').on(t.createdAt),
    uniqueIndex('form_submissions_idempotency_key_idx').on(t.idempotencyKey),
  ],
);
