import type { BatDesign } from '@contract/bat-design';
import type { PaymentService } from '@contract/catalogue';
import type { SupplyType } from '@contract/constants';
import type { Currency } from '@contract/money';
import type { Order, OrderStatus, PaymentDetails } from '@contract/orders';
import type { DeliveryOption, PricingType } from '@contract/pricing';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './user';

// ---- Orders (spec §3 Order), their idempotency keys, the game-key pool and the payment events seen ----

/** A product line of an order as sold: a snapshot, so later catalogue edits never change a placed order. */
export interface StoredOrderProduct {
  product_id: number;
  product_code: string;
  name: string;
  description: string;
  pic_url: string;
  product_type: Order['packages'][number]['products'][number]['product_type'];
  quantity: number;
  /** The line's total with GST after its discounts, minor units. */
  total_minor: number;
  vendor_details: Order['packages'][number]['products'][number]['vendor_details'];
  category_code: string | null;
  /** A designed product's choices and their description as sold; absent on other lines and older orders. */
  customization?: BatDesign | null;
  customization_description?: string | null;
}

export interface StoredOrderPackage {
  package_id: number;
  package_code: string;
  quantity: number;
  name: string;
  description: string;
  pic_url: string;
  package_type: Order['packages'][number]['package_type'];
  products: StoredOrderProduct[];
}

/** Units taken from a LIMITED product's stock by this order (given back once on cancel or expiry). */
export interface StockReservation {
  product_id: number;
  quantity: number;
}

export const orders = pgTable(
  'orders',
  {
    /** The unguessable order_id of the wire. */
    id: text('id').primaryKey(),
    /** customer_order_id is made from it: IBC0000123. */
    number: serial('number').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<OrderStatus>().notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    countryCode: text('country_code').notNull(),
    pricingType: text('pricing_type').$type<PricingType>().notNull(),
    paymentService: text('payment_service').$type<PaymentService>().notNull(),
    shippingThrough: text('shipping_through').$type<DeliveryOption>(),
    totalTaxableMinor: integer('total_taxable_minor').notNull(),
    totalTaxMinor: integer('total_tax_minor').notNull(),
    /** The tax in the parts the invoice shows, as priced; null on orders placed before it was kept. */
    gstSupply: text('gst_supply').$type<SupplyType>(),
    cgstMinor: integer('cgst_minor'),
    sgstMinor: integer('sgst_minor'),
    igstMinor: integer('igst_minor'),
    totalMinor: integer('total_minor').notNull(),
    couponDiscountMinor: integer('coupon_discount_minor').notNull().default(0),
    associationDiscountMinor: integer('association_discount_minor').notNull().default(0),
    shippingChargesMinor: integer('shipping_charges_minor').notNull().default(0),
    otherDiscounts: jsonb('other_discounts')
      .$type<{ discount_name: string; discount_minor: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    couponCode: text('coupon_code'),
    associateCode: text('associate_code'),
    billingDetails: jsonb('billing_details').$type<Order['billing_details']>().notNull(),
    shippingDetails: jsonb('shipping_details').$type<Omit<
      NonNullable<Order['shipping_details']>,
      'shipping_charges'
    > | null>(),
    selfPickup: jsonb('self_pickup').$type<Order['self_pickup_shipping_details']>(),
    adEventOrderDetails: jsonb('ad_event_order_details').$type<unknown>(),
    packages: jsonb('packages').$type<StoredOrderPackage[]>().notNull(),
    reservation: jsonb('reservation').$type<StockReservation[]>().notNull(),
    /** Set when the reservation was given back (cancel, expiry): a payment that settles after it is refunded. */
    stockReleasedAt: ts('stock_released_at'),
    gameKeysRequired: boolean('game_keys_required').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    successAt: ts('success_at'),
    updatedAt: ts('updated_at').notNull(),
    /** The provider's payment order, created once per shop order and reused on every retry. */
    provider: text('provider'),
    providerOrderId: text('provider_order_id'),
    paymentDetails: jsonb('payment_details').$type<PaymentDetails>(),
    providerPaymentId: text('provider_payment_id'),
    /** Until when one request holds the right to create the provider's payment order. */
    paymentClaimUntil: ts('payment_claim_until'),
    /** A payment that arrived after the order was cancelled or expired: the provider's refund of it. */
    refundId: text('refund_id'),
    refundedAt: ts('refunded_at'),
    /** Refund requests made so far; the last one's error; when the next may be made (a claim, then the backoff). */
    refundAttempts: integer('refund_attempts').notNull().default(0),
    refundLastError: text('refund_last_error'),
    refundNextAttemptAt: ts('refund_next_attempt_at'),
    /** The provider refused every attempt: a person refunds it (`npm run shop -- orders refunds` lists it). */
    refundGaveUpAt: ts('refund_gave_up_at'),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} in ('CREATED', 'PENDING', 'FAILED')`),
    uniqueIndex('orders_provider_order_idx')
      .on(t.providerOrderId)
      .where(sql`${t.providerOrderId} is not null`),
    check(
      'orders_status',
      sql`${t.status} in ('CREATED', 'PENDING', 'SUCCESS', 'FAILED', 'CANCELLED', 'EXPIRED', 'REFUND_PENDING', 'REFUNDED')`,
    ),
    // An associate's page counts the orders their code brought.
    index('orders_associate_code_idx').on(t.associateCode).where(sql`${t.associateCode} is not null`),
    index('orders_refund_pending_idx')
      .on(t.refundNextAttemptAt)
      .where(sql`${t.status} = 'REFUND_PENDING' and ${t.refundGaveUpAt} is null`),
    check('orders_amounts', sql`${t.totalMinor} >= 0 and ${t.totalTaxMinor} >= 0`),
    check(
      'orders_gst_split',
      sql`${t.gstSupply} is null or (${t.gstSupply} in ('intra_state', 'inter_state', 'export') and ${t.cgstMinor} >= 0 and ${t.sgstMinor} >= 0 and ${t.igstMinor} >= 0 and ${t.cgstMinor} + ${t.sgstMinor} + ${t.igstMinor} = ${t.totalTaxMinor})`,
    ),
  ],
);

/** A buyer's Idempotency-Key: written by the statement that creates the order, so one key makes one order. */
export const orderIdempotencyKeys = pgTable(
  'order_idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** SHA-256 of the canonical request (path and body). */
    requestHash: text('request_hash').notNull(),
    orderId: text('order_id').references(() => orders.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('order_idempotency_user_key_idx').on(t.userId, t.key)],
);

/** Game keys to hand out, one per paid order that needs one; a key is assigned once. */
export const gameKeys = pgTable(
  'game_keys',
  {
    id: serial('id').primaryKey(),
    productCode: text('product_code').notNull(),
    key: text('key').notNull().unique(),
    orderId: text('order_id').references(() => orders.id),
    assignedAt: ts('assigned_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('game_keys_free_idx').on(t.productCode, t.id).where(sql`${t.orderId} is null`),
    uniqueIndex('game_keys_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
  ],
);

/** Webhook events already applied, per provider: a redelivered event changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    outcome: text('outcome').notNull(),
    occurredAt: ts('occurred_at').notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_idx').on(t.provider, t.eventId)],
);

/**
 * CANCELLED: the person closed the window (they may pay again); CLOSED: the shop closed the payment (its order was
 * cancelled or expired), nothing can be paid on it any more; REFUNDED: the money went back.
 */
export type SandboxPaymentStatus =
  | 'CREATED'
  | 'PAID'
  | 'FAILED'
  | 'PENDING'
  | 'CANCELLED'
  | 'CLOSED'
  | 'REFUNDED';

/** The sandbox provider's own books: its payment orders and what the person chose on its pages. */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    providerOrderId: text('provider_order_id').primaryKey(),
    /** The shop's order id (the receipt / reference). */
    reference: text('reference').notNull(),
    kind: text('kind').$type<'modal' | 'redirect'>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    description: text('description').notNull(),
    callbackUrl: text('callback_url').notNull(),
    status: text('status').$type<SandboxPaymentStatus>().notNull(),
    providerPaymentId: text('provider_payment_id'),
    /** The shop's buyer the payment was created for: only they may choose its outcome. */
    buyerRef: text('buyer_ref'),
    refundId: text('refund_id'),
    /** When a pending payment settles as paid. */
    settleAt: ts('settle_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('sandbox_payments_settle_idx').on(t.settleAt).where(sql`${t.status} = 'PENDING'`),
    check('sandbox_payments_kind', sql`${t.kind} in ('modal', 'redirect')`),
  ],
);

/**
 * Webhooks the sandbox owes the shop, written in the transaction that records the payment and delivered until
 * acknowledged (with backoff), as a real provider delivers them: a crash between the two loses nothing.
 */
export const webhookOutbox = pgTable(
  'webhook_outbox',
  {
    eventId: text('event_id').primaryKey(),
    provider: text('provider').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt is due; a claimed delivery moves it forward, so one process delivers at a time. */
    nextAttemptAt: ts('next_attempt_at').notNull(),
    deliveredAt: ts('delivered_at'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('webhook_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.deliveredAt} is null`)],
);

export type OrderRow = typeof orders.$inferSelect;
export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;
