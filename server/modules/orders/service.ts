import { createHash, randomBytes } from 'node:crypto';
import { type Currency, toMajor, toMinor } from '@contract/money';
import {
  ORDER_RESERVATION_MINUTES,
  type Order,
  type OrderCreateResponse,
  type OrderStatus,
  type orderCreateRequestSchema,
  type PaymentDetails,
  type PaymentResult,
} from '@contract/orders';
import type { PickupLocation } from '@contract/places';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import type { OrderRow, StoredOrderPackage } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CataloguePackage } from '../catalogue/repo';
import { paymentServicesFor } from '../catalogue/service';
import type { CatalogueVersion } from '../catalogue/version';
import type { CheckoutService, EstimateVariant, PriceEstimateInput } from '../checkout/service';
import { INVITE_FIELD, takeInviteUse } from '../invites/service';
import type { OrderPayments, PaymentOutcome, PaymentProvider } from '../payments/provider';
import * as repo from './repo';
import {
  assertAdQuantities,
  assertExpectedTotal,
  assertInvitePresent,
  assertVerifiedEmail,
  needsInvite,
} from './rules';

export type OrderCreateInput = z.output<typeof orderCreateRequestSchema>;

/** A PENDING order keeps its stock this much longer than its reservation: the provider may still settle it. */
export const PENDING_GRACE_MINUTES = 30;
/** How long one request holds the right to create an order's provider payment before another may try. */
const PAYMENT_CLAIM_MS = 30_000;
/** How long a concurrent retry waits for that payment to appear, polling the order. */
const PAYMENT_WAIT_MS = 15_000;
const PAYMENT_POLL_MS = 50;
/** An order with no provider payment order this long after its creation was left so by a crash. */
export const ORPHAN_GRACE_MS = 120_000;
const HISTORY_LIMIT = 100;
const SWEEP_BATCH = 50;

export const ORDER_NOT_FOUND = 'Order not found';

export interface OrdersServiceDeps {
  db: Database;
  now: () => Date;
  log: FastifyBaseLogger;
  checkout: Pick<CheckoutService, 'estimate'>;
  findPackage: (id: number) => Promise<CataloguePackage | undefined>;
  pickupLocations: () => Promise<PickupLocation[]>;
  provider: PaymentProvider;
  /** Told of this process's own stock changes, so its catalogue re-reads at once. */
  catalogueVersion?: CatalogueVersion | undefined;
  /** A create took stock and moved the catalogue's version: the catalogue follows (`catalogue.stockTaken`). */
  stockTaken?:
    | ((version: number, levels: { product_id: number; available_quantity: number }[]) => void)
    | undefined;
}

/** JSON with its object keys sorted: the same request always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function requestHash(variant: EstimateVariant, body: OrderCreateInput): string {
  return createHash('sha256').update(canonicalJson({ variant, body })).digest('hex');
}

function refuse(statusCode: number, message: string, field?: string): HttpError {
  return new HttpError(statusCode, message, field === undefined ? {} : { field });
}

/** Inside a late payment's savepoint: a unit it needs has gone to another buyer. */
class StockGoneError extends Error {}

/** A line the shop cannot fill: answered 409, and a create that meets it first gives back lapsed reservations. */
class OutOfStockError extends HttpError {
  constructor(message: string) {
    super(409, message, { field: 'packages' });
  }
}

export function customerOrderId(number: number): string {
  return `IBC${String(number).padStart(7, '0')}`;
}

function newOrderId(): string {
  return `ord_${randomBytes(16).toString('base64url')}`;
}

const minutes = (n: number) => n * 60_000;

function isOpen(status: OrderStatus): boolean {
  return (repo.OPEN_STATUSES as readonly string[]).includes(status);
}

/** The order as read on the wire (spec §3 Order), amounts in major units. */
export function orderToWire(row: OrderRow, keys: readonly string[]): Order {
  const major = (minor: number) => toMajor(minor, row.currency);
  return {
    order_id: row.id,
    customer_order_id: customerOrderId(row.number),
    order_status: row.status,
    creation_datetime: row.createdAt.toISOString(),
    success_datetime: row.successAt ? row.successAt.toISOString() : null,
    expires_at: row.expiresAt.toISOString(),
    total_taxable_amount: major(row.totalTaxableMinor),
    total_taxes: major(row.totalTaxMinor),
    total_amount: major(row.totalMinor),
    coupon_discount: major(row.couponDiscountMinor),
    association_discount: major(row.associationDiscountMinor),
    other_discounts: row.otherDiscounts.map((d) => ({
      discount_name: d.discount_name,
      discount_value: major(d.discount_minor),
    })),
    coupon_code: row.couponCode,
    associate_code: row.associateCode,
    currency: row.currency,
    country_name_enum: row.countryCode,
    pricing_type: row.pricingType,
    payment_service: row.paymentService,
    shipping_through: row.shippingThrough,
    self_pickup_shipping_details: row.selfPickup,
    shipping_details: row.shippingDetails
      ? { ...row.shippingDetails, shipping_charges: major(row.shippingChargesMinor) }
      : null,
    billing_details: row.billingDetails,
    order_game_keys_status: {
      is_game_keys_required: row.gameKeysRequired,
      game_keys_assigned_status: keys.length > 0 ? 'ASSIGNED' : 'NOT_ASSIGNED',
    },
    game_keys: [...keys],
    packages: row.packages.map((pkg) => ({
      package_id: pkg.package_id,
      package_code: pkg.package_code,
      quantity: pkg.quantity,
      name: pkg.name,
      description: pkg.description,
      pic_url: pkg.pic_url,
      package_type: pkg.package_type,
      products: pkg.products.map((p) => ({
        product_id: p.product_id,
        product_code: p.product_code,
        name: p.name,
        description: p.description,
        pic_url: p.pic_url,
        product_type: p.product_type,
        quantity: p.quantity,
        total_amount_for_each_product: major(p.total_minor),
        vendor_details: p.vendor_details,
        category: p.category_code ? { category_code: p.category_code } : null,
      })),
    })),
  };
}

function createResponse(row: OrderRow): OrderCreateResponse {
  return {
    order_id: row.id,
    customer_order_id: customerOrderId(row.number),
    order_status: row.status,
    total_amount: toMajor(row.totalMinor, row.currency),
    currency: row.currency,
    payment_service: row.paymentService,
    payment_details: row.paymentDetails ?? null,
  };
}

function consolidatedAddress(location: PickupLocation): string {
  return [
    location.address1,
    location.address2,
    location.city,
    location.state,
    location.pincode,
    location.country,
  ]
    .filter((part) => part && part.trim() !== '')
    .join(', ');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createOrdersService(deps: OrdersServiceDeps) {
  const { db, now, log, checkout, findPackage, pickupLocations, provider } = deps;
  /** Provider payments being created by this process, shared by its concurrent retries of the same order. */
  const creatingPayments = new Map<string, Promise<PaymentDetails>>();

  /** Runs a transaction; when it changed stock, this process's catalogue hears of the new version at once. */
  async function transaction<T>(work: (tx: Executor, bump: () => Promise<void>) => Promise<T>): Promise<T> {
    let version: number | undefined;
    const result = await db.transaction(async (tx) =>
      work(tx, async () => {
        version = await repo.bumpCatalogueVersion(tx);
      }),
    );
    if (version !== undefined) deps.catalogueVersion?.set(version);
    return result;
  }

  function estimateInput(body: OrderCreateInput): PriceEstimateInput {
    // Priced where its estimate was (the client sends that estimate's state and country), else at the billing address.
    const place =
      body.country_name || body.state_name
        ? {
            state_name: body.state_name ?? null,
            country_name: body.country_name ?? null,
            billing_details: null,
          }
        : {
            state_name: body.billing_details.state,
            country_name: body.billing_details.country_name_enum,
            billing_details: {
              state_name_enum: body.billing_details.state_name_enum,
              country_name_enum: body.billing_details.country_name_enum,
            },
          };
    return {
      packages: body.packages,
      coupon_code: body.coupon_code,
      associate_code: body.associate_code,
      invite_code: body.invite_code,
      shipping_pin_code: body.shipping_details?.pin_code ?? null,
      shipping_through: body.shipping_through ?? null,
      ...place,
    };
  }

  /** Everything the order stores, priced by the checkout's own estimate and checked against the catalogue. */
  async function prepare(body: OrderCreateInput, variant: EstimateVariant, userId: string) {
    await assertVerifiedEmail(db, userId, body);
    const estimate = await checkout.estimate(estimateInput(body), variant, userId);
    const currency = estimate.currency as Currency;
    const minor = (major: number) => toMinor(major, currency);

    const snapshot: StoredOrderPackage[] = [];
    const wanted = new Map<number, { quantity: number; name: string; limited: boolean }>();
    for (const [index, priced] of estimate.packages.entries()) {
      const pkg = await findPackage(priced.package_id);
      if (!pkg) throw refuse(404, 'Package not found', `packages.${index}.package_id`);
      const products = priced.products.map((line) => {
        const item = pkg.items.find((i) => i.product.id === line.product_id)?.product;
        if (!item) throw refuse(404, 'Product not found', `packages.${index}.products`);
        const had = wanted.get(item.id);
        wanted.set(item.id, {
          quantity: (had?.quantity ?? 0) + line.quantity,
          name: item.name,
          limited: item.availabilityType === 'LIMITED',
        });
        return {
          product_id: item.id,
          product_code: item.code,
          name: item.name,
          description: item.description,
          pic_url: item.picUrl,
          product_type: item.productType,
          quantity: line.quantity,
          total_minor: minor(line.price_estimate_details.total_amount),
          vendor_details:
            item.vendorType === 'SELF'
              ? { vendor_type: 'SELF' as const, vendor_name: item.vendorName }
              : { vendor_type: 'OTHER' as const, name: item.vendorName },
          category_code: item.category?.code ?? null,
        };
      });
      snapshot.push({
        package_id: pkg.id,
        package_code: pkg.code,
        quantity: priced.quantity,
        name: pkg.name,
        description: pkg.description,
        pic_url: pkg.picUrl,
        package_type: pkg.packageType,
        products,
      });
    }

    // Spec §5: out of stock as the catalogue knows it; the conditional decrement is the final word.
    const shortLine = estimate.packages.flatMap((p) => p.products).find((line) => line.is_out_of_stock);
    if (shortLine) throw outOfStock(shortLine.name, shortLine.available_quantity);

    const selfPickup = body.shipping_through === 'SELF_PICKUP';
    if (estimate.is_shipping_required && !selfPickup && !body.shipping_details) {
      throw refuse(400, 'Enter the shipping address', 'shipping_details');
    }
    let pickup: OrderRow['selfPickup'] = null;
    if (selfPickup) {
      const id = body.self_pickup_shipping_details?.pickup_location_id;
      if (id === undefined) {
        throw refuse(400, 'Choose the pickup location', 'self_pickup_shipping_details.pickup_location_id');
      }
      const location = (await pickupLocations()).find((l) => l.pickup_location_id === id);
      if (!location) {
        throw refuse(
          400,
          'That pickup location is not available',
          'self_pickup_shipping_details.pickup_location_id',
        );
      }
      pickup = {
        pickup_location: { pickup_location_id: id, consolidated_address: consolidatedAddress(location) },
      };
    }
    if (!paymentServicesFor(currency).some((s) => s.payment_service === body.payment_service)) {
      throw refuse(400, `That way of paying is not offered for orders in ${currency}`, 'payment_service');
    }

    assertInvitePresent(snapshot, body);
    assertAdQuantities(snapshot, body);
    assertExpectedTotal(body, minor(estimate.amount_payable), currency);

    // Spec §3: game keys when there is exactly one package holding one product of the game type.
    const onlyPackage = snapshot.length === 1 ? snapshot[0] : undefined;
    const games = onlyPackage?.products.filter((p) => p.product_type === 'game' && p.quantity > 0) ?? [];
    const gameProductCode = games.length === 1 ? (games[0]?.product_code ?? null) : null;

    return { estimate, currency, minor, snapshot, wanted, pickup, gameProductCode };
  }

  function outOfStock(name: string, available: number): HttpError {
    return new OutOfStockError(
      available > 0 ? `Only ${available} of ${name} left: lower the quantity` : `${name} is out of stock`,
    );
  }

  /** The first wanted product that has too few units now, for a create the database refused. */
  async function shortfall(wanted: Map<number, { quantity: number; name: string }>): Promise<HttpError> {
    const available = await repo.readStock(db, [...wanted.keys()]);
    for (const [id, line] of wanted) {
      const left = available.get(id);
      if (left !== undefined && left < line.quantity) return outOfStock(line.name, left);
    }
    const [first] = wanted.values();
    return outOfStock(first?.name ?? 'A product', 0);
  }

  /** Inside the create transaction: the coupon's limits, counted against orders, with its row locked. */
  async function takeCouponUse(tx: Executor, code: string, userId: string, orderId: string, at: Date) {
    const limits = await repo.lockCouponLimits(tx, code);
    if (limits && (limits.usageLimitTotal !== null || limits.usageLimitPerBuyer !== null)) {
      const used = await repo.countCouponUses(tx, code, userId);
      if (limits.usageLimitTotal !== null && used.total >= limits.usageLimitTotal) {
        throw refuse(400, 'This coupon has been used up', 'coupon_code');
      }
      if (limits.usageLimitPerBuyer !== null && used.byBuyer >= limits.usageLimitPerBuyer) {
        throw refuse(400, 'You have already used this coupon', 'coupon_code');
      }
    }
    await repo.recordRedemption(tx, { couponCode: code, userId, orderId, at });
  }

  /**
   * Marks an order paid inside a transaction: stock, coupon, sales and its game key, each once. An order that had
   * lapsed (cancelled or expired, its stock given back) takes its stock again only if all of it is still there;
   * otherwise the unit went to another buyer, so the payment is refunded instead: never a unit sold twice.
   */
  async function markPaid(
    tx: Executor,
    order: OrderRow,
    paymentId: string | null,
    bump: () => Promise<void>,
  ): Promise<'SUCCESS' | 'REFUND_PENDING'> {
    const at = now();
    if (order.stockReleasedAt !== null && order.reservation.length > 0) {
      const retaken = await tx
        .transaction(async (savepoint) => {
          for (const line of order.reservation) {
            if ((await repo.takeStock(savepoint, line.product_id, line.quantity, at)) === 'short') {
              throw new StockGoneError();
            }
          }
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof StockGoneError) return false;
          throw error;
        });
      if (!retaken) {
        await repo.updateOrder(tx, order.id, {
          status: 'REFUND_PENDING',
          providerPaymentId: paymentId ?? order.providerPaymentId,
          updatedAt: at,
        });
        log.warn(
          { order_id: order.id, was: order.status },
          'a payment arrived after the order lapsed and its stock was sold: refunding it',
        );
        return 'REFUND_PENDING';
      }
      await bump();
    }
    if (order.stockReleasedAt !== null && order.couponCode) {
      await repo.recordRedemption(tx, {
        couponCode: order.couponCode,
        userId: order.userId,
        orderId: order.id,
        at,
      });
    }
    await repo.updateOrder(tx, order.id, {
      status: 'SUCCESS',
      successAt: at,
      stockReleasedAt: null,
      providerPaymentId: paymentId ?? order.providerPaymentId,
      updatedAt: at,
    });
    await repo.recordSales(
      tx,
      order.id,
      order.packages.map((p) => ({ packageId: p.package_id, quantity: p.quantity })),
      at,
    );
    if (order.gameKeysRequired) {
      const game = order.packages[0]?.products.find((p) => p.product_type === 'game');
      const key = game
        ? await repo.assignGameKey(tx, { orderId: order.id, productCode: game.product_code, at })
        : null;
      if (!key) {
        log.warn(
          { order_id: order.id, product_code: game?.product_code },
          'no free game key for a paid order; add keys with `npm run shop -- orders add-game-keys`',
        );
      }
    }
    return 'SUCCESS';
  }

  /** Gives an unpaid order's stock (and coupon use) back, once, and sets its final status. */
  async function close(
    tx: Executor,
    order: OrderRow,
    status: 'CANCELLED' | 'EXPIRED',
    bump: () => Promise<void>,
  ) {
    const at = now();
    if (order.stockReleasedAt === null) {
      await repo.returnStock(tx, order.reservation, at);
      await repo.releaseRedemption(tx, order.id);
      if (order.reservation.length > 0) await bump();
    }
    return repo.updateOrder(tx, order.id, {
      status,
      stockReleasedAt: order.stockReleasedAt ?? at,
      updatedAt: at,
    });
  }

  function isDue(order: OrderRow, at: Date): boolean {
    if (
      order.status === 'CREATED' &&
      order.providerOrderId === null &&
      order.totalMinor > 0 &&
      order.createdAt.getTime() + ORPHAN_GRACE_MS < at.getTime() &&
      (order.paymentClaimUntil === null || order.paymentClaimUntil < at)
    ) {
      return true;
    }
    if (order.status === 'CREATED' || order.status === 'FAILED') return order.expiresAt < at;
    if (order.status === 'PENDING')
      return order.expiresAt.getTime() + minutes(PENDING_GRACE_MINUTES) < at.getTime();
    return false;
  }

  /** Tells the provider that a closed order's payment may no longer be made; a failure leaves the refund net. */
  async function closeAtProvider(order: Pick<OrderRow, 'id' | 'providerOrderId'>): Promise<void> {
    if (!order.providerOrderId) return;
    await provider.closePayment(order.providerOrderId).catch((error: unknown) => {
      log.warn(
        { err: error, order_id: order.id, provider: provider.name },
        'could not close the payment at the provider; a payment made on it anyway is refunded',
      );
    });
  }

  /**
   * Expires one order if its reservation has lapsed, after asking the provider whether it was paid after all (a
   * lost webhook): a paid order is never expired. When the provider cannot be asked, the order waits for the next
   * sweep.
   */
  async function expireIfDue(orderId: string): Promise<void> {
    const seen = await repo.findOrder(db, orderId);
    if (!seen || !isDue(seen, now())) return;
    if (seen.providerOrderId) {
      let state: Awaited<ReturnType<PaymentProvider['fetchState']>>;
      try {
        state = await provider.fetchState(seen.providerOrderId);
      } catch (error) {
        log.warn(
          { err: error, order_id: orderId, provider: provider.name },
          'could not ask the provider before expiring an order; it stays open until the next sweep',
        );
        return;
      }
      if (state.outcome === 'PAID' || (state.outcome === 'PENDING' && seen.status !== 'PENDING')) {
        await applyOutcome(orderId, state.outcome, state.providerPaymentId);
      }
    }
    const closed = await transaction(async (tx, bump) => {
      const order = await repo.lockOrder(tx, orderId);
      return order && isDue(order, now()) ? close(tx, order, 'EXPIRED', bump) : undefined;
    });
    if (closed) await closeAtProvider(closed);
  }

  /** Expires every lapsed order (a batch at a time): the periodic sweep and order creation run it. */
  async function expireDue(limit = SWEEP_BATCH): Promise<number> {
    const at = now();
    const due = await repo.findExpired(
      db,
      at,
      {
        pendingBefore: new Date(at.getTime() - minutes(PENDING_GRACE_MINUTES)),
        orphanedBefore: new Date(at.getTime() - ORPHAN_GRACE_MS),
      },
      limit,
    );
    for (const { id } of due) await expireIfDue(id);
    return due.length;
  }

  /** Asks the provider to give back a late payment whose stock had gone; the sweep retries a refused request. */
  async function requestRefund(orderId: string): Promise<void> {
    const order = await repo.findOrder(db, orderId);
    if (order?.status !== 'REFUND_PENDING') return;
    if (!order.providerOrderId || !order.providerPaymentId) {
      log.error(
        { order_id: order.id },
        'a late payment to refund has no provider payment id; refund it by hand',
      );
      return;
    }
    try {
      const { refundId } = await provider.refund({
        providerOrderId: order.providerOrderId,
        providerPaymentId: order.providerPaymentId,
        amountMinor: order.totalMinor,
        orderId: order.id,
      });
      const at = now();
      await repo.updateOrderIf(db, order.id, 'REFUND_PENDING', {
        status: 'REFUNDED',
        refundId,
        refundedAt: at,
        updatedAt: at,
      });
      log.info({ order_id: order.id, refund_id: refundId }, 'late payment refunded');
    } catch (error) {
      log.warn(
        { err: error, order_id: order.id, provider: provider.name },
        'the provider did not accept a refund yet; the sweep asks again',
      );
    }
  }

  /** The periodic sweep: lapsed orders expire, refunds still owed are asked for again. */
  async function sweep(): Promise<void> {
    await expireDue();
    for (const { id } of await repo.findRefundsDue(db, SWEEP_BATCH)) await requestRefund(id);
  }

  async function wire(row: OrderRow): Promise<Order> {
    const keys = await repo.gameKeysOf(db, [row.id]);
    return orderToWire(row, keys.get(row.id) ?? []);
  }

  /** The buyer's own order (expired first if its time is up); anyone else's is not found, so ids leak nothing. */
  async function owned(orderId: string, userId: string): Promise<OrderRow> {
    const first = await repo.findOrder(db, orderId);
    if (!first || first.userId !== userId) throw refuse(404, ORDER_NOT_FOUND);
    if (!isDue(first, now())) return first;
    await expireIfDue(orderId);
    const row = await repo.findOrder(db, orderId);
    if (!row) throw refuse(404, ORDER_NOT_FOUND);
    return row;
  }

  /**
   * The provider's payment order for a shop order: created once, then the stored one on every retry. `claimed`: this
   * request inserted the order, which holds the right to create it.
   */
  async function ensurePayment(
    order: OrderRow,
    callbackUrl: string,
    { claimed = false }: { claimed?: boolean } = {},
  ): Promise<PaymentDetails | null> {
    if (order.paymentDetails) return order.paymentDetails;
    if (!isOpen(order.status) || order.totalMinor === 0) return null;
    const inFlight = creatingPayments.get(order.id);
    if (inFlight) return inFlight;

    const deadline = Date.now() + PAYMENT_WAIT_MS;
    for (let first = true; ; first = false) {
      const at = now();
      if (
        (claimed && first) ||
        (await repo.claimPaymentCreation(db, order.id, at, new Date(at.getTime() + PAYMENT_CLAIM_MS)))
      ) {
        const creating = createPayment(order, callbackUrl);
        creatingPayments.set(order.id, creating);
        try {
          return await creating;
        } finally {
          creatingPayments.delete(order.id);
        }
      }
      // Another request (maybe another process) is creating it: wait for what it stores.
      const shared = creatingPayments.get(order.id);
      if (shared) return shared;
      const current = await repo.findOrder(db, order.id);
      if (current?.paymentDetails) return current.paymentDetails;
      if (Date.now() > deadline) {
        throw refuse(503, 'The payment is still being prepared. Try again in a moment.');
      }
      await sleep(PAYMENT_POLL_MS);
    }
  }

  async function createPayment(order: OrderRow, callbackUrl: string): Promise<PaymentDetails> {
    let handle: PaymentDetails;
    try {
      handle = await provider.createPayment({
        orderId: order.id,
        customerOrderId: customerOrderId(order.number),
        amountMinor: order.totalMinor,
        currency: order.currency,
        service: order.paymentService,
        buyer: {
          id: order.userId,
          name: order.billingDetails.name,
          email: order.shippingDetails?.email ?? null,
          phone: order.shippingDetails?.mobile_number ?? order.billingDetails.mobile_number,
        },
        callbackUrl,
        expiresAt: order.expiresAt,
      });
    } catch (error) {
      await repo.releasePaymentClaim(db, order.id);
      log.error(
        { err: error, order_id: order.id, provider: provider.name },
        'payment provider refused the order',
      );
      throw new HttpError(502, 'We could not reach the payment provider. Try again in a moment.').withCause(
        error,
      );
    }
    await repo.updateOrder(db, order.id, {
      provider: provider.name,
      providerOrderId: handle.provider_order_id,
      paymentDetails: handle,
      paymentClaimUntil: null,
      updatedAt: now(),
    });
    return handle;
  }

  /** The payment as handed to the order's own buyer, with the provider's short-lived proof that it is theirs. */
  function handOut(details: PaymentDetails | null, order: OrderRow): PaymentDetails | null {
    if (!details || !provider.grant) return details;
    const until = new Date(now().getTime() + minutes(ORDER_RESERVATION_MINUTES));
    return provider.grant(details, order.userId, until);
  }

  async function replay(
    existing: { requestHash: string; orderId: string | null },
    hash: string,
    callbackUrl: string,
  ): Promise<OrderCreateResponse> {
    if (existing.requestHash !== hash) {
      throw refuse(
        422,
        'This Idempotency-Key was used for a different order. Send a new key for a new order.',
      );
    }
    const order = existing.orderId ? await repo.findOrder(db, existing.orderId) : undefined;
    if (!order) throw refuse(409, 'This order is still being created. Try again in a moment.');
    const paymentDetails = await ensurePayment(order, callbackUrl);
    return { ...createResponse(order), payment_details: handOut(paymentDetails, order) };
  }

  async function create(input: {
    userId: string;
    body: OrderCreateInput;
    variant: EstimateVariant;
    idempotencyKey: string;
    /** The shop's origin, for the hosted page's way back. */
    origin: string;
  }): Promise<OrderCreateResponse> {
    const { body, variant } = input;
    const hash = requestHash(variant, body);
    const orderId = newOrderId();
    const callbackFor = (id: string) => `${input.origin}/pay/return/${encodeURIComponent(id)}`;

    const attempt = () => createNew(input, hash, orderId, callbackFor);
    try {
      return await attempt();
    } catch (error) {
      // Stock that lapsed unpaid orders still hold goes back only when a buyer needs it, then the order is tried again.
      if (!(error instanceof OutOfStockError) || (await expireDue()) === 0) throw error;
      return attempt();
    }
  }

  async function createNew(
    input: Parameters<typeof create>[0],
    hash: string,
    orderId: string,
    callbackFor: (id: string) => string,
  ): Promise<OrderCreateResponse> {
    const { userId, body, variant, idempotencyKey } = input;
    // A retry usually meets its key in the transaction; one the catalogue would refuse now (say, the last unit is
    // its own order's) is answered what it was answered before.
    let prepared: Awaited<ReturnType<typeof prepare>>;
    try {
      prepared = await prepare(body, variant, userId);
    } catch (error) {
      const seen = await repo.findIdempotencyKey(db, userId, idempotencyKey);
      if (seen) return replay(seen, hash, callbackFor(seen.orderId ?? ''));
      throw error;
    }
    const { estimate, currency, minor, snapshot, wanted, pickup, gameProductCode } = prepared;

    const at = now();
    const totalMinor = minor(estimate.amount_payable);
    const shipping = body.shipping_details;
    const newOrder: repo.NewOrder = {
      id: orderId,
      userId,
      status: 'CREATED',
      currency,
      countryCode: estimate.country_code,
      pricingType: estimate.pricing_type,
      paymentService: body.payment_service,
      shippingThrough: body.shipping_through ?? null,
      totalTaxableMinor: minor(estimate.taxable_amount),
      totalTaxMinor: minor(estimate.tax_amount),
      totalMinor,
      couponDiscountMinor: minor(estimate.coupon_discount),
      associationDiscountMinor: minor(estimate.association_discount),
      shippingChargesMinor: minor(estimate.shipping_charges),
      otherDiscounts: estimate.other_discounts.map((d) => ({
        discount_name: d.discount_name,
        discount_minor: minor(d.discount_value),
      })),
      couponCode: estimate.coupon_code,
      associateCode: estimate.associate_code,
      billingDetails: {
        name: body.billing_details.name,
        postal_code: body.billing_details.postal_code,
        address_1: body.billing_details.address_1,
        address_2: body.billing_details.address_2,
        city: body.billing_details.city,
        state_name: body.billing_details.state,
        state_name_enum: body.billing_details.state_name_enum ?? null,
        country: body.billing_details.country,
        mobile_number: shipping?.mobile_number ?? null,
        gst_details: body.billing_details.gst_details ?? null,
      },
      shippingDetails:
        shipping && body.shipping_through !== 'SELF_PICKUP'
          ? {
              tracking_id: null,
              first_name: shipping.first_name,
              last_name: shipping.last_name,
              mobile_number: shipping.mobile_number,
              email: shipping.email,
              address_1: shipping.address_1,
              address_2: shipping.address_2,
              city: shipping.city,
              state: shipping.state,
              country: shipping.country,
              pin_code: shipping.pin_code,
            }
          : null,
      selfPickup: pickup,
      adEventOrderDetails: body.ad_event_order_details ?? null,
      packages: snapshot,
      gameKeysRequired: gameProductCode !== null,
      createdAt: at,
      expiresAt: new Date(at.getTime() + minutes(ORDER_RESERVATION_MINUTES)),
      updatedAt: at,
      // This request creates the provider's payment once the order is committed.
      paymentClaimUntil: totalMinor > 0 ? new Date(at.getTime() + PAYMENT_CLAIM_MS) : null,
    };
    const insert = (ex: Executor) =>
      repo.createOrder(ex, {
        order: newOrder,
        key: { key: idempotencyKey, requestHash: hash },
        wanted: [...wanted.entries()].map(([product_id, line]) => ({ product_id, quantity: line.quantity })),
      });
    // Only an order that needs its invite takes a use of it.
    const inviteCode = needsInvite(snapshot) ? body.invite_code : null;
    // The order, its key and its stock are one statement; a code or a free order adds steps to its transaction.
    const written =
      !body.coupon_code && !inviteCode && totalMinor > 0
        ? insert(db)
        : transaction(async (tx, bump) => {
            const inserted = await insert(tx);
            if (body.coupon_code) await takeCouponUse(tx, body.coupon_code, userId, orderId, at);
            if (inviteCode) {
              const taken = await takeInviteUse(tx, { code: inviteCode, userId, orderId, at });
              if (!taken.ok) throw refuse(400, taken.message, INVITE_FIELD);
            }
            // Spec §4 step 9: nothing to pay means paid.
            if (totalMinor > 0) return inserted;
            await markPaid(tx, inserted.row, null, bump);
            return { ...inserted, row: (await repo.findOrder(tx, orderId)) ?? inserted.row };
          });
    const created = await written.catch(async (error: unknown) => {
      if (repo.isIdempotencyKeyTaken(error)) return null;
      if (repo.isStockShortfall(error)) throw await shortfall(wanted);
      throw error;
    });
    if (created && created.version !== null) deps.stockTaken?.(created.version, created.levels);
    if (!created) {
      const existing = await repo.findIdempotencyKey(db, userId, idempotencyKey);
      if (!existing) throw refuse(409, 'This order is still being created. Try again in a moment.');
      return replay(existing, hash, callbackFor(existing.orderId ?? ''));
    }
    const order = created.row;
    log.info(
      { order_id: order.id, total_minor: order.totalMinor, currency: order.currency },
      'order created',
    );
    const paymentDetails = await ensurePayment(order, callbackFor(order.id), { claimed: true });
    return { ...createResponse(order), payment_details: handOut(paymentDetails, order) };
  }

  /** Applies a provider's verified word: idempotent, and SUCCESS is final whatever arrives after it. */
  async function applyOutcome(
    orderId: string,
    outcome: Exclude<PaymentOutcome, 'CREATED'>,
    providerPaymentId: string | null,
  ): Promise<OrderStatus | null> {
    const status = await transaction(async (tx, bump): Promise<OrderStatus | null> => {
      const order = await repo.lockOrder(tx, orderId);
      if (!order) return null;
      if (order.status === 'SUCCESS' || order.status === 'REFUND_PENDING' || order.status === 'REFUNDED') {
        return order.status;
      }
      const at = now();
      if (outcome === 'PAID') {
        const paid = await markPaid(tx, order, providerPaymentId, bump);
        if (paid === 'SUCCESS') log.info({ order_id: order.id, was: order.status }, 'order paid');
        return paid;
      }
      // A failed or pending payment keeps the reservation until it lapses, so the buyer can pay the same order.
      if (outcome === 'FAILED' && (order.status === 'CREATED' || order.status === 'PENDING')) {
        await repo.updateOrder(tx, order.id, { status: 'FAILED', providerPaymentId, updatedAt: at });
        return 'FAILED';
      }
      if (outcome === 'PENDING' && (order.status === 'CREATED' || order.status === 'FAILED')) {
        await repo.updateOrder(tx, order.id, { status: 'PENDING', providerPaymentId, updatedAt: at });
        return 'PENDING';
      }
      return order.status;
    });
    if (status === 'REFUND_PENDING') await requestRefund(orderId);
    return status;
  }

  const payments: OrderPayments = {
    async findByProviderOrderId(providerOrderId) {
      const row = await repo.findOrderByProviderOrderId(db, providerOrderId);
      return row ? { orderId: row.id } : null;
    },
    async applyOutcome(orderId, outcome, providerPaymentId) {
      await applyOutcome(orderId, outcome, providerPaymentId);
    },
  };

  return {
    create,
    payments,
    applyOutcome,
    expireDue,
    sweep,

    async status(orderId: string, userId: string) {
      const order = await owned(orderId, userId);
      return { order_id: order.id, order_status: order.status };
    },

    async details(orderId: string, userId: string): Promise<Order> {
      return wire(await owned(orderId, userId));
    },

    async history(userId: string): Promise<Order[]> {
      let rows = await repo.listUserOrders(db, userId, HISTORY_LIMIT);
      // Only this buyer's lapsed orders are closed here (the sweep does everyone's), and the list read again.
      const due = rows.filter((row) => isDue(row, now()));
      for (const row of due) await expireIfDue(row.id);
      if (due.length > 0) rows = await repo.listUserOrders(db, userId, HISTORY_LIMIT);
      const keys = await repo.gameKeysOf(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((row) => orderToWire(row, keys.get(row.id) ?? []));
    },

    /** CREATED, PENDING or FAILED → CANCELLED with its stock back (once); a paid order cannot be. */
    async cancel(orderId: string, userId: string) {
      await owned(orderId, userId);
      const { status, closed } = await transaction(async (tx, bump) => {
        const order = await repo.lockOrder(tx, orderId);
        if (!order) throw refuse(404, ORDER_NOT_FOUND);
        if (order.status === 'SUCCESS') {
          throw refuse(409, 'This order has been paid, so it cannot be cancelled');
        }
        if (!isOpen(order.status)) return { status: order.status, closed: undefined };
        const row = await close(tx, order, 'CANCELLED', bump);
        return { status: row?.status ?? ('CANCELLED' as const), closed: row };
      });
      if (closed) await closeAtProvider(closed);
      return { order_id: orderId, order_status: status };
    },

    /** The browser's shortcut (a signed result) or, without one, the provider's own word. */
    async reconcile(orderId: string, userId: string, result: PaymentResult | null | undefined) {
      const order = await owned(orderId, userId);
      if (result) {
        if (!order.providerOrderId) throw refuse(409, 'This order has no payment to check');
        if (!provider.verifyCallback(result, order.providerOrderId)) {
          log.warn({ order_id: order.id }, 'a payment result with a wrong signature was refused');
          throw refuse(400, 'This payment result could not be verified', 'payment_result');
        }
        await applyOutcome(order.id, 'PAID', result.provider_payment_id);
      } else if (order.providerOrderId && order.status !== 'SUCCESS') {
        const state = await provider.fetchState(order.providerOrderId);
        if (state.outcome !== 'CREATED') await applyOutcome(order.id, state.outcome, state.providerPaymentId);
      }
      const current = await repo.findOrder(db, order.id);
      return { order_id: order.id, order_status: current?.status ?? order.status };
    },

    /** The hosted page's way back: verified against the stored provider order; answers the order id. */
    async acceptReturn(orderId: string, query: Record<string, string | undefined>) {
      const order = await repo.findOrder(db, orderId);
      if (!order?.providerOrderId) throw refuse(404, ORDER_NOT_FOUND);
      const verified = provider.verifyReturn(query, order.providerOrderId);
      if (!verified) {
        log.warn({ order_id: order.id }, 'a payment return with a wrong signature was refused');
        throw refuse(400, 'This payment result could not be verified');
      }
      if (verified.outcome !== 'CREATED') {
        await applyOutcome(order.id, verified.outcome, verified.providerPaymentId);
      }
      return order.id;
    },

    async addGameKeys(productCode: string, keys: readonly string[]) {
      const added = await repo.addGameKeys(db, productCode, keys);
      return { product_code: productCode, added, free: await repo.countFreeGameKeys(db, productCode) };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
