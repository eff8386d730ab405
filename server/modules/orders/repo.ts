import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { constraintErrorDetail, hasConstraintError } from '../../db/errors';
import { countHits } from '../../db/rate-limit';
import { RETENTION_BATCH_SIZE } from '../../db/retention';
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

/** The columns the database fills in itself, and those only later steps of an order set. */
export type NewOrder = Omit<
  OrderRow,
  | 'number'
  | 'reservation'
  | 'stockReleasedAt'
  | 'successAt'
  | 'provider'
  | 'providerOrderId'
  | 'paymentDetails'
  | 'providerPaymentId'
  | 'refundId'
  | 'refundedAt'
  | 'refundAttempts'
  | 'refundLastError'
  | 'refundNextAttemptAt'
  | 'refundGaveUpAt'
>;

/**
 * What a create checks before it takes stock, under a lock on the buyer's orders (`order_hold_gate`, migration
 * 0031_hoard): its rate counters, no unpaid order of the buyer's holding the same products, and the units and ad
 * screen-days the buyer's unpaid orders hold with this one.
 */
export interface HoldGate {
  productIds: readonly number[];
  units: number;
  unitCap: number;
  screenDays: number;
  screenDayCap: number;
  /** Counters this create adds to (committed only with the order), each with its limit. */
  hits: readonly { key: string; windowStart: Date; cost: number; limit: number }[];
}

/** Why the gate refused a create; `detail` is the over-limit counter's key, or the units / screen-days held. */
export type HoldRefusal = { kind: 'rate' | 'same_items' | 'units' | 'screen_days'; detail: string };

const GATE_CONSTRAINTS = {
  rate: 'order_create_rate',
  same_items: 'order_hold_same_items',
  units: 'order_hold_units',
  screen_days: 'order_hold_screen_days',
} as const;

export function holdRefusal(error: unknown): HoldRefusal | undefined {
  for (const [kind, constraint] of Object.entries(GATE_CONSTRAINTS)) {
    const detail = constraintErrorDetail(error, '23514', constraint);
    if (detail !== undefined) return { kind: kind as HoldRefusal['kind'], detail };
  }
  return undefined;
}

interface CreateOrderRow {
  number: number;
  taken: (StockReservation & { available_quantity: number })[] | null;
  version: number | null;
}

/**
 * Inserts an order, its Idempotency-Key and its stock reservation in one statement, so a create needs no
 * transaction of its own and the hot product rows stay locked only while it runs. The LIMITED rows are locked in
 * id order (concurrent orders never deadlock) and decremented; the catalogue's version moves when stock did.
 * All or nothing: a product with too few units fails the statement on `products_available_quantity`
 * (`isStockShortfall`), a key already used on its unique index (`isIdempotencyKeyTaken`), after waiting for a
 * concurrent holder to commit.
 */
export async function createOrder(
  db: Executor,
  input: {
    order: NewOrder;
    key: { key: string; requestHash: string };
    wanted: readonly StockReservation[];
    gate: HoldGate;
  },
): Promise<{
  row: OrderRow;
  levels: { product_id: number; available_quantity: number }[];
  version: number | null;
}> {
  const { order, key, gate } = input;
  const at = order.createdAt;
  const productIds =
    gate.productIds.length === 0
      ? sql`'{}'::integer[]`
      : sql`array[${sql.join(
          gate.productIds.map((id) => sql`${id}::integer`),
          sql`, `,
        )}]`;
  const limits = sql.join(
    gate.hits.map((hit, i) => sql`(${hit.key}::text, ${hit.limit}::integer, ${i}::integer)`),
    sql`, `,
  );
  const wanted =
    input.wanted.length === 0
      ? sql`select 0, 0 where false`
      : sql`values ${sql.join(
          input.wanted.map((line) => sql`(${line.product_id}::integer, ${line.quantity}::integer)`),
          sql`, `,
        )}`;
  const insertOrder = db
    .insert(orders)
    .values({
      ...order,
      reservation: sql`(select coalesce(jsonb_agg(jsonb_build_object('product_id', product_id, 'quantity', quantity) order by product_id), '[]'::jsonb) from taken)`,
    })
    .returning({ number: orders.number });
  const result = await db.execute(sql`
    with wanted(product_id, quantity) as (${wanted}),
    hits as (${countHits(db, gate.hits).getSQL()}),
    limits(key, lim, ord) as (values ${limits}),
    gate as materialized (
      select order_hold_gate(${order.userId}, ${key.key}, ${at}::timestamptz, ${productIds}, ${gate.units}::integer,
        ${gate.unitCap}::integer, ${gate.screenDays}::integer, ${gate.screenDayCap}::integer,
        (select limits.key from hits join limits on limits.key = hits.key where hits.count > limits.lim
          order by limits.ord limit 1)) as ok
    ),
    locked as materialized (
      select ${products.id} as id from ${products}
      where ${products.id} in (select product_id from wanted)
        and ${products.availabilityType} = 'LIMITED'
        and (select ok from gate)
      order by ${products.id} for update
    ),
    taken as (
      update ${products} set available_quantity = ${products.availableQuantity} - wanted.quantity, updated_at = ${at}
      from wanted
      where ${products.id} = wanted.product_id and ${products.id} in (select id from locked)
      returning ${products.id} as product_id, wanted.quantity, ${products.availableQuantity} as available_quantity
    ),
    bumped as (
      update ${catalogueVersion} set version = ${catalogueVersion.version} + 1
      where exists (select 1 from taken)
      returning ${catalogueVersion.version}
    ),
    ord as (${insertOrder.getSQL()}),
    idem as (
      insert into ${orderIdempotencyKeys} (user_id, key, request_hash, order_id, created_at)
      select ${order.userId}, ${key.key}, ${key.requestHash}, ${order.id}, ${at}::timestamptz from ord
      returning 1
    )
    select (select ok from gate) as gated,
      (select number from ord) as number,
      (select jsonb_agg(jsonb_build_object('product_id', product_id, 'quantity', quantity, 'available_quantity', available_quantity) order by product_id) from taken) as taken,
      (select version from bumped) as version,
      (select count(*) from idem) as keyed
  `);
  const [created] = (result as unknown as { rows: CreateOrderRow[] }).rows;
  if (!created) throw new Error('order insert returned nothing');
  const taken = created.taken ?? [];
  return {
    row: {
      ...order,
      number: Number(created.number),
      reservation: taken.map(({ product_id, quantity }) => ({ product_id, quantity })),
      stockReleasedAt: null,
      successAt: null,
      provider: null,
      providerOrderId: null,
      paymentDetails: null,
      providerPaymentId: null,
      refundId: null,
      refundedAt: null,
      refundAttempts: 0,
      refundLastError: null,
      refundNextAttemptAt: null,
      refundGaveUpAt: null,
    },
    levels: taken.map(({ product_id, available_quantity }) => ({ product_id, available_quantity })),
    version: created.version === null ? null : Number(created.version),
  };
}

/** The create statement failed because a LIMITED product had too few units. */
export function isStockShortfall(error: unknown): boolean {
  return hasConstraintError(error, '23514', 'products_available_quantity');
}

/** The create statement failed because the buyer's Idempotency-Key is already used. */
export function isIdempotencyKeyTaken(error: unknown): boolean {
  return hasConstraintError(error, '23505', 'order_idempotency_user_key_idx');
}

/** The buyer's unpaid orders that hold any of these products (the gate's own test, `order_hold_gate`). */
export async function findUnpaidHolding(db: Executor, userId: string, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  const ids = sql.join(
    productIds.map((id) => sql`${id}::integer`),
    sql`, `,
  );
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, [...OPEN_STATUSES]),
        sql`exists (select 1 from jsonb_array_elements(${orders.packages}) pkg, jsonb_array_elements(pkg->'products') line
          where (line->>'product_id')::integer in (${ids}) and (line->>'quantity')::integer > 0)`,
      ),
    )
    .orderBy(asc(orders.createdAt));
  return rows.map((row) => row.id);
}

/** The available units of these products, LIMITED ones only. */
export async function readStock(db: Executor, productIds: readonly number[]) {
  if (productIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ id: products.id, available: products.availableQuantity })
    .from(products)
    .where(and(inArray(products.id, [...productIds]), eq(products.availabilityType, 'LIMITED')));
  return new Map(rows.map((r) => [r.id, r.available]));
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

/** Updates an order only while it still has `status`; false when another writer moved it first. */
export async function updateOrderIf(
  db: Executor,
  id: string,
  status: OrderRow['status'],
  set: Partial<typeof orders.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set(set)
    .where(and(eq(orders.id, id), eq(orders.status, status)))
    .returning({ id: orders.id });
  return rows.length === 1;
}

/**
 * Open orders past their reservation (or a pending one past its grace), and orders a crash left without a provider
 * payment order: no request is creating one any more (its claim lapsed) and it is older than `orphanedBefore`.
 */
export async function findExpired(
  db: Executor,
  at: Date,
  cutoffs: { pendingBefore: Date; orphanedBefore: Date },
  limit: number,
) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      or(
        and(inArray(orders.status, ['CREATED', 'FAILED']), lt(orders.expiresAt, at)),
        and(eq(orders.status, 'PENDING'), lt(orders.expiresAt, cutoffs.pendingBefore)),
        and(
          eq(orders.status, 'CREATED'),
          isNull(orders.providerOrderId),
          sql`${orders.totalMinor} > 0`,
          lt(orders.createdAt, cutoffs.orphanedBefore),
          or(isNull(orders.paymentClaimUntil), lt(orders.paymentClaimUntil, at)),
        ),
      ),
    )
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
}

/** Refunds owed whose next request is due (not claimed, past their backoff, not handed to a person), oldest first. */
export async function findRefundsDue(db: Executor, at: Date, limit: number) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'REFUND_PENDING'),
        isNull(orders.refundGaveUpAt),
        or(isNull(orders.refundNextAttemptAt), lte(orders.refundNextAttemptAt, at)),
      ),
    )
    .orderBy(sql`${orders.refundNextAttemptAt} asc nulls first`)
    .limit(limit);
}

/**
 * Claims one refund request: counts the attempt and holds the order until `claimUntil`, so two processes never ask
 * the provider for the same refund at once. Undefined when it is not owed, not due, or handed to a person.
 */
export async function claimRefundAttempt(db: Executor, id: string, at: Date, claimUntil: Date) {
  const [row] = await db
    .update(orders)
    .set({ refundAttempts: sql`${orders.refundAttempts} + 1`, refundNextAttemptAt: claimUntil })
    .where(
      and(
        eq(orders.id, id),
        eq(orders.status, 'REFUND_PENDING'),
        isNull(orders.refundGaveUpAt),
        or(isNull(orders.refundNextAttemptAt), lte(orders.refundNextAttemptAt, at)),
      ),
    )
    .returning();
  return row;
}

/** Every order whose payment was or is to be refunded, newest first (the operator's list). */
export async function listRefunds(db: Executor, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(inArray(orders.status, ['REFUND_PENDING', 'REFUNDED']))
    .orderBy(desc(orders.updatedAt))
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

/** Deletes the Idempotency-Keys made before `cutoff`, a batch per statement (skipping locked rows); how many went. */
export async function deleteIdempotencyKeysBefore(db: Executor, cutoff: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    // The table has no key column of its own: a batch is picked by row address.
    const batch = db
      .select({ ctid: sql`ctid` })
      .from(orderIdempotencyKeys)
      .where(lt(orderIdempotencyKeys.createdAt, cutoff))
      .limit(RETENTION_BATCH_SIZE)
      .for('update', { skipLocked: true });
    const rows = await db
      .delete(orderIdempotencyKeys)
      .where(inArray(sql`ctid`, batch))
      .returning({ key: orderIdempotencyKeys.key });
    deleted += rows.length;
    if (rows.length < RETENTION_BATCH_SIZE) return deleted;
  }
}
