import { createHash, randomBytes } from 'node:crypto';
import { ORDER_RESERVATION_MINUTES, type OrderCreateResponse } from '@contract/orders';
import type { Executor } from '../../db/client';
import { windowOf } from '../../db/rate-limit';
import { HttpError } from '../../errors';
import { clientKey, tooManyRequests } from '../../plugins/rate-limit';
import * as ads from '../ads/repo';
import { shortDay } from '../ads/rules';
import type { EstimateVariant } from '../checkout/rules';
import { INVITE_FIELD, takeInviteUse } from '../invites/service';
import { minutes, type OrdersContext, PAYMENT_CLAIM_MS, refuse } from './context';
import type { Expiry } from './expire';
import type { Settlement } from './pay';
import type { ProviderPayments } from './payment-details';
import { type OrderCreateInput, OutOfStockError, outOfStock, prepareOrder } from './prepare';
import * as repo from './repo';
import { type AdHold, needsInvite } from './rules';
import { createResponse } from './wire';

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

const DEVICES_FIELD = 'ad_event_order_details.device_codes';

/** A device the order wants is held or booked for overlapping days: 409, naming the orders that hold it. */
class AdClashError extends HttpError {
  constructor(
    message: string,
    readonly holders: readonly string[],
  ) {
    super(409, message, { field: DEVICES_FIELD });
  }
}

/** The buyer holds an unpaid order for some of the same products: it is cancelled, then the create is tried again. */
class SameItemsHeldError extends HttpError {
  constructor(readonly productIds: readonly number[]) {
    super(409, 'Another order of yours for these items is being placed. Try again in a moment.', {
      field: 'packages',
    });
  }
}

/** How many times a create cancels the buyer's unpaid orders for the same items before it gives up. */
const SAME_ITEMS_TRIES = 3;
const HOUR_SECONDS = 3600;
const DAY_SECONDS = 86_400;

const inMinutes = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

/** The products an order body asks for. */
const asked = (body: OrderCreateInput) =>
  body.packages.flatMap((pkg) => pkg.products.filter((p) => p.quantity > 0).map((p) => p.product_id));

function newOrderId(): string {
  return `ord_${randomBytes(16).toString('base64url')}`;
}

/** A new order: priced, its stock and codes taken in one transaction, its Idempotency-Key answered once. */
export function createOrderCreation(
  ctx: OrdersContext,
  {
    markPaid,
    expireDue,
    expireIfDue,
    isDue,
    cancel,
    ensurePayment,
    handOut,
  }: Pick<Settlement, 'markPaid'> &
    Pick<Expiry, 'expireDue' | 'expireIfDue' | 'isDue' | 'cancel'> &
    ProviderPayments,
) {
  const { db, now, log, transaction, limits } = ctx;
  const prepare = (body: OrderCreateInput, variant: EstimateVariant, userId: string) =>
    prepareOrder(ctx, body, variant, userId);

  /** What holds a device the order could not take, as a person can act on it. */
  async function adClash(hold: AdHold): Promise<AdClashError> {
    const zone = hold.timeZone;
    const config = await ads.findAdConfig(db, { id: hold.adConfigId });
    const wanted = config?.devices.filter((d) => hold.deviceCodes.includes(d.deviceCode)) ?? [];
    const taken = await ads.takenBetween(db, {
      deviceIds: wanted.map((d) => d.id),
      from: hold.from,
      to: hold.to,
    });
    const [first] = taken;
    const device = wanted.find((d) => d.id === first?.deviceId);
    const message =
      first && device
        ? `${device.deviceName} is already booked from ${shortDay(first.from, zone)} to ${shortDay(new Date(first.to.getTime() - 1000), zone)}: choose other days or devices`
        : 'A screen you chose was just booked by someone else: choose other days or devices';
    return new AdClashError(message, [...new Set(taken.map((t) => t.orderId))]);
  }

  /** Closes the lapsed, not yet swept orders among those holding a device; how many there were. */
  async function freeLapsedHolders(orderIds: readonly string[]): Promise<number> {
    let freed = 0;
    for (const id of orderIds) {
      const holder = await repo.findOrder(db, id);
      if (!holder || !isDue(holder, now())) continue;
      await expireIfDue(id);
      freed += 1;
    }
    return freed;
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

  /** Spec §4 step 6: the buyer's unpaid orders holding any of these products are cancelled (stock, codes back). */
  async function cancelUnpaid(userId: string, productIds: readonly number[]): Promise<number> {
    const unpaid = await repo.findUnpaidHolding(db, userId, productIds);
    for (const id of unpaid) {
      // One paid meanwhile is no longer unpaid: the gate lets the new order through.
      await cancel(id, userId).catch((error: unknown) => {
        if (!(error instanceof HttpError)) throw error;
      });
    }
    return unpaid.length;
  }

  /** The create's rate counters, each with its limit and what a buyer over it is told. */
  function rateHits(userId: string, ip: string, screenDays: number, at: Date) {
    const hour = windowOf(HOUR_SECONDS, at);
    const day = windowOf(DAY_SECONDS, at);
    const hits = [
      {
        key: `orders:create:user:${userId}`,
        windowStart: hour.windowStart,
        cost: 1,
        limit: limits.perAccountPerHour,
        refusal: () =>
          tooManyRequests(
            `You have placed too many orders this hour. Try again in ${inMinutes(hour.retryAfterSeconds)}.`,
            hour.retryAfterSeconds,
          ),
      },
      {
        key: `orders:create:ip:${clientKey(ip)}`,
        windowStart: hour.windowStart,
        cost: 1,
        limit: limits.perAddressPerHour,
        refusal: () =>
          tooManyRequests(
            `Too many orders were placed from your network this hour. Try again in ${inMinutes(hour.retryAfterSeconds)}.`,
            hour.retryAfterSeconds,
          ),
      },
    ];
    if (screenDays > 0) {
      hits.push({
        key: `orders:ad_screen_days:user:${userId}`,
        windowStart: day.windowStart,
        cost: screenDays,
        limit: limits.screenDaysPerDay,
        refusal: () =>
          tooManyRequests(
            `You have put ${limits.screenDaysPerDay} ad screen-days on hold today, as many as a day allows. Try again in ${inMinutes(day.retryAfterSeconds)}.`,
            day.retryAfterSeconds,
          ),
      });
    }
    return hits;
  }

  /** The gate's refusal as the buyer reads it. */
  function gateRefusal(refusal: repo.HoldRefusal, hits: ReturnType<typeof rateHits>, productIds: number[]) {
    switch (refusal.kind) {
      case 'rate':
        return (hits.find((hit) => hit.key === refusal.detail) ?? hits[0])?.refusal();
      case 'same_items':
        return new SameItemsHeldError(productIds);
      case 'units':
        return refuse(
          409,
          `You already have unpaid orders holding ${refusal.detail} units, and one buyer may hold ${limits.unpaidUnits}. Pay for or cancel them first.`,
          'packages',
        );
      case 'screen_days':
        return refuse(
          409,
          `Your unpaid ad orders already hold ${refusal.detail} screen-days (devices × days), and one buyer may hold ${limits.unpaidScreenDays}. Pay for or cancel them first.`,
          DEVICES_FIELD,
        );
    }
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
    /** The client's address, for the creation rate per address. */
    ip: string;
  }): Promise<OrderCreateResponse> {
    const { body, variant } = input;
    const hash = requestHash(variant, body);
    const orderId = newOrderId();
    const callbackFor = (id: string) => `${input.origin}/pay/return/${encodeURIComponent(id)}`;

    // A new order replaces the buyer's unpaid ones for the same items before it takes stock, so their hold never
    // blocks it and both never hold stock.
    const attempt = async () => {
      for (let tries = 1; ; tries += 1) {
        try {
          return await createNew(input, hash, orderId, callbackFor);
        } catch (error) {
          if (tries >= SAME_ITEMS_TRIES) throw error;
          if (error instanceof SameItemsHeldError) await cancelUnpaid(input.userId, error.productIds);
          // The catalogue counts the buyer's own hold as taken: an order it is short for may be theirs.
          else if (
            !(error instanceof OutOfStockError) ||
            (await cancelUnpaid(input.userId, asked(body))) === 0
          ) {
            throw error;
          }
        }
      }
    };
    try {
      return await attempt();
    } catch (error) {
      // Stock and screens that lapsed unpaid orders still hold go back only when a buyer needs them, then the order
      // is tried again.
      if (error instanceof AdClashError) {
        if ((await freeLapsedHolders(error.holders)) === 0) throw error;
        return attempt();
      }
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
    const { userId, body, variant, idempotencyKey, ip } = input;
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
    const { estimate, currency, minor, snapshot, wanted, pickup, gameProductCode, adHold } = prepared;

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
      // Kept as priced: the odd paisa of each line goes to CGST, so the parts cannot be derived from the total later.
      gstSupply: estimate.gst.supply,
      cgstMinor: minor(estimate.gst.cgst),
      sgstMinor: minor(estimate.gst.sgst),
      igstMinor: minor(estimate.gst.igst),
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
    const productIds = [
      ...new Set(
        snapshot.flatMap((pkg) => pkg.products.filter((p) => p.quantity > 0).map((p) => p.product_id)),
      ),
    ];
    const screenDays = adHold ? adHold.days * adHold.deviceCodes.length : 0;
    const hits = rateHits(userId, ip, screenDays, at);
    const insert = (ex: Executor) =>
      repo.createOrder(ex, {
        order: newOrder,
        key: { key: idempotencyKey, requestHash: hash },
        wanted: [...wanted.entries()].map(([product_id, line]) => ({ product_id, quantity: line.quantity })),
        gate: {
          productIds,
          units: [...wanted.values()].reduce((sum, line) => sum + (line.limited ? line.quantity : 0), 0),
          unitCap: limits.unpaidUnits,
          screenDays,
          screenDayCap: limits.unpaidScreenDays,
          hits,
        },
      });
    // Only an order that needs its invite takes a use of it.
    const inviteCode = needsInvite(snapshot) ? body.invite_code : null;
    // The order, its key and its stock are one statement; a code, an ad's screens or a free order add steps to its
    // transaction (after the key, so a retry with the same key never reaches the screens).
    const written =
      !body.coupon_code && !inviteCode && !adHold && totalMinor > 0
        ? insert(db)
        : transaction(async (tx) => {
            const inserted = await insert(tx);
            if (body.coupon_code) await takeCouponUse(tx, body.coupon_code, userId, orderId, at);
            if (inviteCode) {
              const taken = await takeInviteUse(tx, { code: inviteCode, userId, orderId, at });
              if (!taken.ok) throw refuse(400, taken.message, INVITE_FIELD);
            }
            if (adHold) await ads.holdDevices(tx, { ...adHold, orderId, at });
            // Spec §4 step 9: nothing to pay means paid.
            if (totalMinor > 0) return inserted;
            await markPaid(tx, inserted.row, null);
            return { ...inserted, row: (await repo.findOrder(tx, orderId)) ?? inserted.row };
          });
    const created = await written.catch(async (error: unknown) => {
      if (repo.isIdempotencyKeyTaken(error)) return null;
      const refusal = repo.holdRefusal(error);
      if (refusal) throw gateRefusal(refusal, hits, productIds) ?? error;
      if (repo.isStockShortfall(error)) throw await shortfall(wanted);
      if (adHold && ads.isAdClash(error)) throw await adClash(adHold);
      throw error;
    });
    if (created && created.version !== null) ctx.stockTaken?.(created.version, created.levels);
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

  return create;
}
