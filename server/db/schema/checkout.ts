import type { Currency } from '@contract/money';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './user';

// ---- Coupons and associate (referral) codes: what the price estimate applies (spec §3, §4 Coupon, Referral) ----

/**
 * A coupon. `value` is basis points for a percent coupon (1000 = 10 %) and minor units of `currency` for a flat
 * one; a percent coupon with no currency works in every currency. Codes are stored upper case.
 */
export const coupons = pgTable(
  'coupons',
  {
    code: text('code').primaryKey(),
    kind: text('kind').$type<'percent' | 'flat'>().notNull(),
    value: integer('value').notNull(),
    /** Required for a flat coupon; null lets a percent coupon work in any currency. */
    currency: text('currency').$type<Currency>(),
    /** The most a percent coupon takes off, in minor units of `currency`; null: no cap. */
    maxDiscountMinor: integer('max_discount_minor'),
    /** The order (goods with GST, before discounts) must reach this, in minor units of `currency`. */
    minimumOrderMinor: integer('minimum_order_minor').notNull().default(0),
    validFrom: ts('valid_from').notNull(),
    validUntil: ts('valid_until'),
    /** Uses per buyer and overall; null: unlimited. */
    usageLimitPerBuyer: integer('usage_limit_per_buyer'),
    usageLimitTotal: integer('usage_limit_total'),
    /** Package codes it applies to; null: every package. */
    packageCodes: text('package_codes').array(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    check('coupons_code', sql`${t.code} ~ '^[A-Z0-9_-]{1,32}$'`),
    check('coupons_kind', sql`${t.kind} in ('percent', 'flat')`),
    check('coupons_value', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 10000)`),
    check('coupons_flat_currency', sql`${t.kind} <> 'flat' or ${t.currency} is not null`),
    check('coupons_minimum', sql`${t.minimumOrderMinor} >= 0`),
  ],
);

/** Each use of a coupon by an order (written by order creation); the usage limits count these rows. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponCode: text('coupon_code')
      .notNull()
      .references(() => coupons.code),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    orderId: text('order_id'),
    redeemedAt: ts('redeemed_at').notNull().defaultNow(),
  },
  (t) => [index('coupon_redemptions_coupon_user').on(t.couponCode, t.userId)],
);

/** An associate's referral code: it gives the buyer the association discount (percent, basis points). */
export const associateCodes = pgTable(
  'associate_codes',
  {
    code: text('code').primaryKey(),
    associateName: text('associate_name').notNull(),
    discountBp: integer('discount_bp').notNull(),
    /** The most it takes off, in minor units of the order's currency; null: no cap. */
    maxDiscountMinor: integer('max_discount_minor'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    check('associate_codes_code', sql`${t.code} ~ '^[A-Z0-9_-]{1,32}$'`),
    check('associate_codes_discount', sql`${t.discountBp} > 0 and ${t.discountBp} <= 10000`),
  ],
);

export type CouponRow = typeof coupons.$inferSelect;
export type AssociateCodeRow = typeof associateCodes.$inferSelect;
