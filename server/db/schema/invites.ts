import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { orders } from './orders';
import { users } from './user';

// ---- Invite codes: what a business licence or business kit order needs (spec §2 checkout variants) ----

/**
 * An invite code an operator issued (`npm run shop -- invites issue`). Only its SHA-256 (of the upper-cased code)
 * is kept, so a read of the table cannot be used to buy; `hint` is its last characters, for the operator.
 */
export const inviteCodes = pgTable(
  'invite_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    hint: text('hint').notNull(),
    /** Who it was issued to (an e-mail address or a note). */
    issuedTo: text('issued_to'),
    /** Orders it may be used by at once (cancelled and expired orders give their use back); null: no limit. */
    maxUses: integer('max_uses'),
    expiresAt: ts('expires_at'),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('invite_codes_hash', sql`${t.codeHash} ~ '^[0-9a-f]{64}$'`),
    check('invite_codes_max_uses', sql`${t.maxUses} is null or ${t.maxUses} > 0`),
  ],
);

/** An order's use of an invite code; it counts while the order is neither cancelled nor expired. */
export const inviteCodeUses = pgTable(
  'invite_code_uses',
  {
    id: serial('id').primaryKey(),
    codeHash: text('code_hash')
      .notNull()
      .references(() => inviteCodes.codeHash),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    usedAt: ts('used_at').notNull().defaultNow(),
  },
  (t) => [index('invite_code_uses_code').on(t.codeHash), uniqueIndex('invite_code_uses_order').on(t.orderId)],
);

export type InviteCodeRow = typeof inviteCodes.$inferSelect;
