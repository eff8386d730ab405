import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { associateCodes, associates, couponRedemptions, coupons } from '../../db/schema';

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
