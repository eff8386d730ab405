import type { PaymentService } from '@contract/catalogue';
import type { Currency } from '@contract/money';
import type { PaymentDetails, PaymentResult } from '@contract/orders';

/*
 * The payment provider interface (DESIGN.md §6). The orders module creates one provider payment order per shop
 * order and keeps its handle; the payments module verifies callbacks, takes webhooks and reconciles through it.
 * Amounts are integer MINOR units, as providers take them.
 */

export type ProviderName = 'sandbox' | 'razorpay';

export interface CreatePaymentInput {
  /** The shop's order id (the provider's receipt / reference). */
  orderId: string;
  customerOrderId: string;
  amountMinor: number;
  currency: Currency;
  service: PaymentService;
  /** `id`: the shop's user id of the buyer (only the sandbox keeps it, to let that buyer alone choose). */
  buyer: { id: string; name: string; email: string | null; phone: string | null };
  /** Where a hosted page sends the buyer back to (absolute URL). */
  callbackUrl: string;
  /** When the shop stops honouring this payment (the stock reservation's end). */
  expiresAt: Date;
}

/** What the client needs to take the payment: the modal's key and order id, or the hosted link. */
export type PaymentHandle = PaymentDetails;

/** A provider's word on one payment order. */
export type PaymentOutcome = 'PAID' | 'FAILED' | 'PENDING' | 'CREATED';

export interface ProviderPaymentState {
  outcome: PaymentOutcome;
  /** The provider's payment id once a payment was attempted. */
  providerPaymentId: string | null;
}

/** A verified, parsed webhook. */
export interface PaymentEvent {
  /** The provider's event id: the same event delivered twice changes nothing the second time. */
  eventId: string;
  providerOrderId: string;
  providerPaymentId: string | null;
  outcome: Exclude<PaymentOutcome, 'CREATED'>;
  occurredAt: Date;
}

export interface RefundInput {
  providerOrderId: string;
  providerPaymentId: string;
  amountMinor: number;
  /** The shop's order id, kept in the refund's notes. */
  orderId: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /**
   * The handle as handed to the order's own buyer, with whatever proves it is theirs (the sandbox's short-lived
   * token); providers whose pages need no such proof hand it out as stored.
   */
  grant?(handle: PaymentHandle, buyerId: string, until: Date): PaymentHandle;
  /**
   * Stops further payment of a payment order whose shop order was cancelled or expired (a payment link is
   * cancelled). A payment already in flight may still complete: the shop refunds it, whatever the stock.
   */
  closePayment(providerOrderId: string): Promise<void>;
  /** Asks the provider to give a captured payment back in full; answers the provider's refund id. */
  refund(input: RefundInput): Promise<{ refundId: string }>;
  /** Creates the provider's payment order (modal) or payment link (redirect). Called once per shop order. */
  createPayment(input: CreatePaymentInput): Promise<PaymentHandle>;
  /**
   * Checks a browser callback's signature in constant time against the provider order id the SHOP stored (never
   * the one the browser sent alone). True only for a genuine result of that order.
   */
  verifyCallback(result: PaymentResult, storedProviderOrderId: string): boolean;
  /**
   * Checks the query a hosted payment page sends the buyer back with (its signature, in constant time, against the
   * stored provider order id); null when it is not genuine. CREATED: the buyer came back without paying.
   */
  verifyReturn(
    query: Record<string, string | undefined>,
    storedProviderOrderId: string,
  ): { outcome: PaymentOutcome; providerPaymentId: string | null } | null;
  /** Verifies a webhook's signature over the raw body; null when the signature or body is not genuine. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent | null;
  /** Asks the provider where a payment order stands (reconciliation). */
  fetchState(providerOrderId: string): Promise<ProviderPaymentState>;
}

/**
 * What the payments module needs of the orders module: find the shop order behind a provider order, and apply a
 * verified outcome. applyOutcome is idempotent and order-insensitive: SUCCESS is final (a late FAILED or PENDING
 * after it changes nothing), FAILED or PENDING may still become SUCCESS, and a paid order is assigned its game key
 * once.
 */
export interface OrderPayments {
  findByProviderOrderId(providerOrderId: string): Promise<{ orderId: string } | null>;
  applyOutcome(
    orderId: string,
    outcome: Exclude<PaymentOutcome, 'CREATED'>,
    providerPaymentId: string | null,
  ): Promise<void>;
}
