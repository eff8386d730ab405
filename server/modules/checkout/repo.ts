import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { associateCodes, associates, couponRedemptions, coupons, packages } from '../../db/schema';

export type Coupon = typeof coupons.$inferSelect;
/** An active associate code and the registered associate who owns it (null for the shop's own codes). */
export type AssociateCode = typeof associateCodes.$inferSelect & { ownerUserId: string | null };

/** Every coupon and every active associate code: a few rows, kept in memory per catalogue version. */
export async function loadCodes(db: Executor) {
  const [couponRows, associateRows] = await Promise.all([
    db.select().from(coupons),
    db
      .select({
        code: associateCodes.code,
        associateName: associateCodes.associateName,
        discountBp: associateCodes.discountBp,
        maxDiscountMinor: associateCodes.maxDiscountMinor,
        active: associateCodes.active,
        ownerUserId: associates.userId,
      })
      .from(associateCodes)
      .leftJoin(associates, eq(associates.associateCode, associateCodes.code))
      .where(eq(associateCodes.active, true)),
  ]);
  return {
    coupons: new Map(couponRows.map((c) => [c.code, c])),
    associates: new Map<string, AssociateCode>(associateRows.map((a) => [a.code, a])),
  };
}

/**
 * How often a coupon was used, overall and by one buyer (when known): one query, two counts on the
 * (coupon_code, user_id) index.
 */
export async function countCouponUses(
  db: Executor,
  code: string,
  userId: string | null,
): Promise<{ total: number; byBuyer: number }> {
  const [row] = await db
    .select({
      total: sql<string>`count(*)`,
      byBuyer:
        userId === null
          ? sql<string>`0`
          : sql<string>`count(*) filter (where ${couponRedemptions.userId} = ${userId})`,
    })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponCode, code));
  return { total: Number(row?.total ?? 0), byBuyer: Number(row?.byBuyer ?? 0) };
}

/** Records a coupon's use by an order (order creation calls it inside its transaction). */
export async function recordRedemption(
  db: Executor,
  input: { couponCode: string; userId: string; orderId: string | null; at: Date },
): Promise<void> {
  await db.insert(couponRedemptions).values({
    couponCode: input.couponCode,
    userId: input.userId,
    orderId: input.orderId,
    redeemedAt: input.at,
  });
}

/** Every coupon with its uses so far, by code: the operator's list. */
export async function listCoupons(db: Executor): Promise<(Coupon & { uses: number })[]> {
  const rows = await db
    .select({ coupon: coupons, uses: sql<number>`count(${couponRedemptions.id})`.mapWith(Number) })
    .from(coupons)
    .leftJoin(couponRedemptions, eq(couponRedemptions.couponCode, coupons.code))
    .groupBy(coupons.code)
    .orderBy(asc(coupons.code));
  return rows.map((row) => ({ ...row.coupon, uses: row.uses }));
}

/** A new coupon; undefined when its code is taken (a trigger moves the catalogue version, so every process reloads). */
export async function insertCoupon(
  db: Executor,
  coupon: typeof coupons.$inferInsert,
): Promise<Coupon | undefined> {
  const [row] = await db
    .insert(coupons)
    .values(coupon)
    .onConflictDoNothing({ target: coupons.code })
    .returning();
  return row;
}

/** Switches a coupon, or else a referral code, off; undefined when neither has this code. */
export async function deactivateCode(
  db: Executor,
  code: string,
): Promise<{ kind: 'coupon' | 'referral code'; code: string } | undefined> {
  const [coupon] = await db
    .update(coupons)
    .set({ active: false })
    .where(eq(coupons.code, code))
    .returning({ code: coupons.code });
  if (coupon) return { kind: 'coupon', code: coupon.code };
  const [referral] = await db
    .update(associateCodes)
    .set({ active: false })
    .where(eq(associateCodes.code, code))
    .returning({ code: associateCodes.code });
  return referral ? { kind: 'referral code', code: referral.code } : undefined;
}

/** Which of these package codes the catalogue has. */
export async function knownPackageCodes(db: Executor, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ code: packages.packageCode })
    .from(packages)
    .where(inArray(packages.packageCode, [...codes]));
  return new Set(rows.map((row) => row.code));
}
