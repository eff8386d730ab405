import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { associateCodes, couponRedemptions, coupons } from '../../db/schema';

/**
 * A coupon by its (upper-case) code with how often it was used, overall and by one buyer (when known): one query,
 * a primary-key lookup and two counts on the (coupon_code, user_id) index.
 */
export async function findCouponWithUses(db: Executor, code: string, userId: string | null) {
  const [row] = await db
    .select({
      coupon: coupons,
      total: sql<string>`(select count(*) from ${couponRedemptions} where ${couponRedemptions.couponCode} = ${coupons.code})`,
      byBuyer:
        userId === null
          ? sql<string>`0`
          : sql<string>`(select count(*) from ${couponRedemptions} where ${couponRedemptions.couponCode} = ${coupons.code} and ${couponRedemptions.userId} = ${userId})`,
    })
    .from(coupons)
    .where(eq(coupons.code, code))
    .limit(1);
  return row
    ? { coupon: row.coupon, used: { total: Number(row.total), byBuyer: Number(row.byBuyer) } }
    : undefined;
}

/** An active associate code by its (upper-case) code. */
export async function findAssociateCode(db: Executor, code: string) {
  const [row] = await db
    .select()
    .from(associateCodes)
    .where(and(eq(associateCodes.code, code), eq(associateCodes.active, true)))
    .limit(1);
  return row;
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
