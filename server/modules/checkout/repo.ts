import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { associateCodes, couponRedemptions, coupons } from '../../db/schema';

/** A coupon by its (upper-case) code: one primary-key lookup. */
export async function findCoupon(db: Executor, code: string) {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  return row;
}

/** How often a coupon was used, overall and by one buyer (when known), in one indexed query. */
export async function countRedemptions(
  db: Executor,
  code: string,
  userId: string | null,
): Promise<{ total: number; byBuyer: number }> {
  const [row] = await db
    .select({
      total: count(),
      byBuyer:
        userId === null
          ? sql<number>`0`
          : sql<number>`count(*) filter (where ${couponRedemptions.userId} = ${userId})`,
    })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponCode, code));
  return { total: Number(row?.total ?? 0), byBuyer: Number(row?.byBuyer ?? 0) };
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
