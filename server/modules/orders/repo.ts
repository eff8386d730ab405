import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  catalogueVersion,
  couponRedemptions,
  coupons,
  gameKeys,
  type OrderRow,
  orderIdempotencyKeys,
  orders,
  packageSales,
  products,
  type StockReservation,
} from '../../db/schema';

/** The statuses an unpaid order can be in: its stock is still reserved. */
export const OPEN_STATUSES = ['CREATED', 'PENDING', 'FAILED'] as const;

export async function findIdempotencyKey(db: Executor, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(orderIdempotencyKeys)
    .where(and(eq(orderIdempotencyKeys.userId, userId), eq(orderIdempotencyKeys.key, key)));
  return row;
}

/**
 * Claims the key for the order inserted just before it in the same transaction; false when the key is taken (a
 * concurrent holder's transaction is waited for first), and the caller rolls back.
 */
export async function claimIdempotencyKey(
  db: Executor,
  input: { userId: string; key: string; requestHash: string; orderId: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .insert(orderIdempotencyKeys)
    .values({
      userId: input.userId,
      key: input.key,
      requestHash: input.requestHash,
      orderId: input.orderId,
      createdAt: input.at,
    })
    .onConflictDoNothing()
    .returning({ key: orderIdempotencyKeys.key });
  return rows.length === 1;
}

/**
 * Takes `quantity` units of a LIMITED product if it has them: one conditional update, so two buyers can never
 * take the same last unit. 'unlimited' when the product is not counted, 'short' when it has too few.
 */
export async function takeStock(
  db: Executor,
  productId: number,
  quantity: number,
  at: Date,
): Promise<'taken' | 'unlimited' | 'short'> {
  const taken = await db
    .update(products)
    .set({ availableQuantity: sql`${products.availableQuantity} - ${quantity}`, updatedAt: at })
    .where(
      and(
        eq(products.id, productId),
        eq(products.availabilityType, 'LIMITED'),
        sql`${products.availableQuantity} >= ${quantity}`,
      ),
    )
    .returning({ id: products.id });
  if (taken.length === 1) return 'taken';
  const [row] = await db
    .select({ type: products.availabilityType })
    .from(products)
    .where(eq(products.id, productId));
  return row?.type === 'UNLIMITED' ? 'unlimited' : 'short';
}

/**
 * Reserves an order's LIMITED units in one statement, so the hot product rows stay locked only for it and the
 * commit: the rows are locked in id order (concurrent orders never deadlock), each is decremented only if it has
 * enough, the order records what was taken and the catalogue's version moves. `short` names the LIMITED products
 * that had too few; the caller then rolls back, which also undoes the rest.
 */
interface ReserveStockRow {
  limited: number[] | null;
  taken: StockReservation[] | null;
  version: number | null;
}

export async function reserveStock(
  db: Executor,
  orderId: string,
  wanted: readonly StockReservation[],
  at: Date,
): Promise<{ reservation: StockReservation[]; short: number[]; version: number | null }> {
  if (wanted.length === 0) return { reservation: [], short: [], version: null };
  const values = sql.join(
    wanted.map((line) => sql`(${line.product_id}::integer, ${line.quantity}::integer)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with wanted(product_id, quantity) as (values ${values}),
    locked as (
      select ${products.id} as id from ${products}
      where ${products.id} in (select product_id from wanted) and ${products.availabilityType} = 'LIMITED'
      order by ${products.id} for update
    ),
    taken as (
      update ${products} set available_quantity = ${products.availableQuantity} - wanted.quantity, updated_at = ${at}
      from wanted
      where ${products.id} = wanted.product_id and ${products.id} in (select id from locked)
        and ${products.availableQuantity} >= wanted.quantity
      returning ${products.id} as product_id, wanted.quantity
    ),
    reserved as (
      update ${orders} set reservation = (
        select coalesce(jsonb_agg(jsonb_build_object('product_id', product_id, 'quantity', quantity) order by product_id), '[]'::jsonb)
        from taken
      )
      where ${orders.id} = ${orderId} and exists (select 1 from taken)
      returning 1
    ),
    bumped as (
      update ${catalogueVersion} set version = ${catalogueVersion.version} + 1
      where exists (select 1 from taken) and (select count(*) from reserved) = 1
      returning ${catalogueVersion.version}
    )
    select (select array_agg(id order by id) from locked) as limited,
      (select jsonb_agg(jsonb_build_object('product_id', product_id, 'quantity', quantity) order by product_id) from taken) as taken,
      (select version from bumped) as version
  `);
  const [row] = (result as unknown as { rows: ReserveStockRow[] }).rows;
  const reservation = row?.taken ?? [];
  const takenIds = new Set(reservation.map((line) => line.product_id));
  return {
    reservation,
    short: (row?.limited ?? []).filter((id) => !takenIds.has(id)),
    version: row?.version ?? null,
  };
}

/** Gives reserved units back (the caller makes sure it happens once per reservation). */
export async function returnStock(db: Executor, reservation: readonly StockReservation[], at: Date) {
  const sorted = [...reservation].sort((a, b) => a.product_id - b.product_id);
  for (const line of sorted) {
    await db
      .update(products)
      .set({ availableQuantity: sql`${products.availableQuantity} + ${line.quantity}`, updatedAt: at })
      .where(and(eq(products.id, line.product_id), eq(products.availabilityType, 'LIMITED')));
  }
}

/** Stock changed: every process re-reads the catalogue. Answers the new version. */
export async function bumpCatalogueVersion(db: Executor): Promise<number> {
  const [row] = await db
    .update(catalogueVersion)
    .set({ version: sql`${catalogueVersion.version} + 1` })
    .returning({ version: catalogueVersion.version });
  return row?.version ?? 0;
}

/** A coupon's limits, its row locked so two orders cannot both take its last use. */
export async function lockCouponLimits(db: Executor, code: string) {
  const [row] = await db
    .select({
      usageLimitTotal: coupons.usageLimitTotal,
      usageLimitPerBuyer: coupons.usageLimitPerBuyer,
    })
    .from(coupons)
    .where(eq(coupons.code, code))
    .for('update');
  return row;
}

export async function countCouponUses(db: Executor, code: string, userId: string) {
  const [row] = await db
    .select({
      total: sql<string>`count(*)`,
      byBuyer: sql<string>`count(*) filter (where ${couponRedemptions.userId} = ${userId})`,
    })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponCode, code));
  return { total: Number(row?.total ?? 0), byBuyer: Number(row?.byBuyer ?? 0) };
}

export async function recordRedemption(
  db: Executor,
  input: { couponCode: string; userId: string; orderId: string; at: Date },
) {
  await db.insert(couponRedemptions).values({
    couponCode: input.couponCode,
    userId: input.userId,
    orderId: input.orderId,
    redeemedAt: input.at,
  });
}

/** An order that was never paid gives its coupon use back. */
export async function releaseRedemption(db: Executor, orderId: string) {
  await db.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
}

export async function insertOrder(db: Executor, row: typeof orders.$inferInsert): Promise<OrderRow> {
  const [inserted] = await db.insert(orders).values(row).returning();
  if (!inserted) throw new Error('order insert returned nothing');
  return inserted;
}

export async function findOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export async function lockOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function findOrderByProviderOrderId(db: Executor, providerOrderId: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.providerOrderId, providerOrderId));
  return row;
}

export async function listUserOrders(db: Executor, userId: string, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(limit);
}

export async function updateOrder(db: Executor, id: string, set: Partial<typeof orders.$inferInsert>) {
  const [row] = await db.update(orders).set(set).where(eq(orders.id, id)).returning();
  return row;
}

/** Open orders past their reservation (or a pending one past its grace). */
export async function findExpired(db: Executor, at: Date, pendingBefore: Date, limit: number) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      or(
        and(inArray(orders.status, ['CREATED', 'FAILED']), lt(orders.expiresAt, at)),
        and(eq(orders.status, 'PENDING'), lt(orders.expiresAt, pendingBefore)),
      ),
    )
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
}

/** Claims the right to create the provider's payment order; false when another request holds it. */
export async function claimPaymentCreation(db: Executor, id: string, at: Date, until: Date) {
  const rows = await db
    .update(orders)
    .set({ paymentClaimUntil: until })
    .where(
      and(
        eq(orders.id, id),
        isNull(orders.paymentDetails),
        or(isNull(orders.paymentClaimUntil), lt(orders.paymentClaimUntil, at)),
      ),
    )
    .returning({ id: orders.id });
  return rows.length === 1;
}

export async function releasePaymentClaim(db: Executor, id: string) {
  await db.update(orders).set({ paymentClaimUntil: null }).where(eq(orders.id, id));
}

/** One free key of the product, taken for the order: concurrent payers skip each other's locked rows. */
export async function assignGameKey(db: Executor, input: { orderId: string; productCode: string; at: Date }) {
  const already = await db
    .select({ key: gameKeys.key })
    .from(gameKeys)
    .where(eq(gameKeys.orderId, input.orderId));
  if (already[0]) return already[0].key;
  const free = db
    .select({ id: gameKeys.id })
    .from(gameKeys)
    .where(and(eq(gameKeys.productCode, input.productCode), isNull(gameKeys.orderId)))
    .orderBy(asc(gameKeys.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(gameKeys)
    .set({ orderId: input.orderId, assignedAt: input.at })
    .where(inArray(gameKeys.id, free))
    .returning({ key: gameKeys.key });
  return row?.key ?? null;
}

export async function gameKeysOf(db: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return new Map<string, string[]>();
  const rows = await db
    .select({ orderId: gameKeys.orderId, key: gameKeys.key })
    .from(gameKeys)
    .where(inArray(gameKeys.orderId, [...orderIds]))
    .orderBy(asc(gameKeys.id));
  const keys = new Map<string, string[]>();
  for (const row of rows) if (row.orderId) keys.set(row.orderId, [...(keys.get(row.orderId) ?? []), row.key]);
  return keys;
}

export async function addGameKeys(db: Executor, productCode: string, keys: readonly string[]) {
  if (keys.length === 0) return 0;
  const rows = await db
    .insert(gameKeys)
    .values(keys.map((key) => ({ productCode, key })))
    .onConflictDoNothing()
    .returning({ id: gameKeys.id });
  return rows.length;
}

export async function countFreeGameKeys(db: Executor, productCode: string) {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(gameKeys)
    .where(and(eq(gameKeys.productCode, productCode), isNull(gameKeys.orderId)));
  return Number(row?.n ?? 0);
}

export async function recordSales(
  db: Executor,
  orderId: string,
  lines: readonly { packageId: number; quantity: number }[],
  at: Date,
) {
  if (lines.length === 0) return;
  await db
    .insert(packageSales)
    .values(lines.map((l) => ({ packageId: l.packageId, quantity: l.quantity, soldAt: at, orderId })));
}
