import {
  type AssociateRegistration,
  PAYOUT_STATUSES,
  type PayoutStatus,
  type UploadMimeType,
  type UploadPurpose,
} from '@contract/associates';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { associateCodes } from './checkout';
import { ts } from './columns';
import { users } from './user';

// ---- Associates (affiliates): registrations, their proof files and the views of their codes (spec §3, §4, §7) ----

const statusList = sql.raw(PAYOUT_STATUSES.map((s) => `'${s}'`).join(', '));

/** A person registered as an associate; their referral code is a row of associate_codes, so the checkout takes it. */
export const associates = pgTable(
  'associates',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id),
    associateCode: text('associate_code')
      .notNull()
      .unique()
      .references(() => associateCodes.code),
    /** The payout details as registered: the full account number stays here, answered by its last four digits. */
    bankPayoutDetails: jsonb('bank_payout_details')
      .$type<Omit<AssociateRegistration['bank_payout_details'], 'confirm_account_number'>>()
      .notNull(),
    panDetails: jsonb('pan_details').$type<AssociateRegistration['pan_details']>().notNull(),
    gstDetails: jsonb('gst_details').$type<AssociateRegistration['gst_details']>().notNull(),
    billingAddressDetails: jsonb('billing_address_details')
      .$type<AssociateRegistration['billing_address_details']>()
      .notNull(),
    verificationStatus: text('verification_status').$type<PayoutStatus>().notNull(),
    payoutStatus: text('payout_status').$type<PayoutStatus>().notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    check('associates_verification_status', sql`${t.verificationStatus} in (${statusList})`),
    check('associates_payout_status', sql`${t.payoutStatus} in (${statusList})`),
  ],
);

/** A proof file an associate uploaded; the row says whose it is, so only they (and the operator) read it. */
export const associateUploads = pgTable(
  'associate_uploads',
  {
    key: text('key').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').$type<UploadPurpose>().notNull(),
    contentType: text('content_type').$type<UploadMimeType>().notNull(),
    size: integer('size').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    check('associate_uploads_purpose', sql`${t.purpose} in ('pan', 'gst', 'bank')`),
    index('associate_uploads_user_idx').on(t.userId),
  ],
);

/** The associate-code view event log: one row per code, visitor and day, so a visitor counts once a day. */
export const associateCodeViews = pgTable(
  'associate_code_views',
  {
    associateCode: text('associate_code')
      .notNull()
      .references(() => associateCodes.code),
    /** The visitor's id, kept on their device. */
    visitId: text('visit_id').notNull(),
    /** A sender's Idempotency-Key: a replay with it stores nothing new. */
    idempotencyKey: text('idempotency_key'),
    pagePath: text('page_path'),
    createdAt: ts('created_at').notNull(),
    /** The UTC day of the view: the database keeps one row per code, visitor and day. */
    day: date('day', { mode: 'string' })
      .notNull()
      .generatedAlwaysAs(sql`(created_at at time zone 'UTC')::date`),
  },
  (t) => [
    primaryKey({ columns: [t.associateCode, t.visitId, t.day] }),
    uniqueIndex('associate_code_views_idempotency_idx')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('associate_code_views_code_created_idx').on(t.associateCode, t.createdAt),
    // The retention sweep deletes by age alone.
    index('associate_code_views_created_idx').on(t.createdAt),
  ],
);
