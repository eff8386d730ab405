import { randomBytes } from 'node:crypto';
import type { PaymentResult } from '@contract/orders';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { type SandboxPaymentRow, sandboxPayments, webhookOutbox } from '../../db/schema';
import { HttpError } from '../../errors';
import type {
  PaymentEvent,
  PaymentHandle,
  PaymentOutcome,
  PaymentProvider,
  ProviderPaymentState,
} from './provider';
import { hmacHex, signatureMatches } from './signature';

/*
 * The built-in test provider: a real payment provider that happens to live on the shop's own server. It keeps its
 * own books (sandbox_payments), signs results exactly as Razorpay does (HMAC-SHA256 of order_id|payment_id), sends
 * the buyer back from its hosted page with a signed query, and reports every payment by a signed, timestamped
 * webhook delivered from a durable outbox until the shop acknowledges it. Only the buyer the shop handed the
 * payment to (a short-lived token bound to the payment and that buyer) can choose its outcome.
 */

export const SANDBOX_CHOICES = ['success', 'failure', 'pending', 'cancel'] as const;
export type SandboxChoice = (typeof SANDBOX_CHOICES)[number];

/** The sandbox's public key: what the modal is opened with, as Razorpay's key_id. */
export const SANDBOX_KEY = 'sandbox_test_key';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** The delivery attempt's time (Unix seconds), signed with the body: a replayed old delivery is refused. */
export const SANDBOX_TIMESTAMP_HEADER = 'x-sandbox-timestamp';
/** How far a webhook's signed timestamp may be from the shop's clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const SANDBOX_CHECKOUT_SCRIPT = '/pay/sandbox/checkout.js';
export const SANDBOX_WEBHOOK_PATH = '/pay/sandbox/webhook';

/** Outbox: the worker's tick, how many deliveries one tick claims, and the backoff between attempts. */
const OUTBOX_TICK_MS = 1000;
const OUTBOX_BATCH = 20;
/** A claimed delivery is someone's for this long (an attempt times out well before). */
const OUTBOX_CLAIM_MS = 60_000;
const OUTBOX_BACKOFF_BASE_MS = 1000;
const OUTBOX_BACKOFF_MAX_MS = 3_600_000;

export function outboxBackoffMs(attempts: number): number {
  return Math.min(OUTBOX_BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), OUTBOX_BACKOFF_MAX_MS);
}

type WebhookEventName = 'payment.captured' | 'payment.failed' | 'payment.pending';
const EVENT_OUTCOME: Record<WebhookEventName, PaymentEvent['outcome']> = {
  'payment.captured': 'PAID',
  'payment.failed': 'FAILED',
  'payment.pending': 'PENDING',
};

/** The body of a sandbox webhook, signed over its raw bytes. */
interface WebhookBody {
  event_id: string;
  event: WebhookEventName;
  occurred_at: string;
  provider_order_id: string;
  provider_payment_id: string | null;
}

/** What a hosted page's return carries (the names of Razorpay Payment Links' callback, sandbox-prefixed). */
type LinkStatus = 'paid' | 'failed' | 'pending' | 'cancelled';
const LINK_OUTCOME: Record<LinkStatus, PaymentOutcome> = {
  paid: 'PAID',
  failed: 'FAILED',
  pending: 'PENDING',
  cancelled: 'CREATED',
};

export interface SandboxDeps {
  db: Database;
  secret: string;
  now: () => Date;
  /** How long a pending payment waits before it settles as paid. */
  settleMs: number;
  /** How long after a payment its webhook is first sent (a real provider's arrive some seconds later). */
  webhookDelayMs?: number;
  /** Sends a webhook through the shop's HTTP layer, so its route checks it as it would a real provider's. */
  deliver: (rawBody: string, headers: Record<string, string>) => Promise<void>;
  log: FastifyBaseLogger;
}

/** What the person's choice produced: for the modal its callback payload, for the hosted page the return URL. */
export interface SandboxChoiceResult {
  event: SandboxChoice;
  payment: SandboxPaymentRow;
  /** The modal's success payload (Razorpay's handler(response)). */
  result: PaymentResult | null;
  /** The hosted page's redirect back to the shop, with its signed query. */
  returnUrl: string;
}

function id(prefix: string): string {
  return `${prefix}_${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export function sandboxWebhookSecret(secret: string): string {
  return hmacHex(secret, 'sandbox webhook');
}

/** The webhook signature: HMAC over `timestamp.body`, as Stripe-style providers sign each delivery. */
export function sandboxWebhookSignature(webhookSecret: string, timestamp: number, rawBody: string | Buffer) {
  return hmacHex(webhookSecret, Buffer.concat([Buffer.from(`${timestamp}.`), Buffer.from(rawBody)]));
}

/** A buyer's right to choose a payment's outcome until `until`: `<unix seconds>.<hmac>`. */
export function sandboxGrant(secret: string, providerOrderId: string, buyerId: string, until: Date): string {
  const exp = Math.floor(until.getTime() / 1000);
  return `${exp}.${hmacHex(secret, `grant|${providerOrderId}|${buyerId}|${exp}`)}`;
}

/** The signature of the modal's success: HMAC(provider_order_id|provider_payment_id), as Razorpay Checkout's. */
export function sandboxPaymentSignature(secret: string, providerOrderId: string, paymentId: string): string {
  return hmacHex(secret, `${providerOrderId}|${paymentId}`);
}

/** The signature of a hosted page's return: HMAC(link_id|reference|status|payment_id), as Payment Links'. */
export function sandboxReturnSignature(
  secret: string,
  fields: { linkId: string; reference: string; status: string; paymentId: string },
): string {
  return hmacHex(secret, `${fields.linkId}|${fields.reference}|${fields.status}|${fields.paymentId}`);
}

const NOT_FOUND = 'This sandbox payment does not exist. Go back to the shop and try again.';
const NOT_YOURS =
  'This payment page has expired or is not yours. Go back to the shop and open the payment again.';

export function createSandbox(deps: SandboxDeps) {
  const { db, secret, now, settleMs, deliver, log } = deps;
  const webhookDelayMs = deps.webhookDelayMs ?? 0;
  const webhookSecret = sandboxWebhookSecret(secret);
  const timers = new Set<NodeJS.Timeout>();
  let ticker: NodeJS.Timeout | undefined;
  let delivering: Promise<number> | null = null;

  function later(ms: number, work: () => Promise<unknown>): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work().catch((error: unknown) => log.warn({ err: error }, 'sandbox background work failed'));
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  async function find(providerOrderId: string): Promise<SandboxPaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.providerOrderId, providerOrderId));
    return row;
  }

  /** True when `token` is this payment's grant to the buyer it was created for, and has not lapsed. */
  function granted(row: SandboxPaymentRow, token: string | undefined): boolean {
    if (!row.buyerRef || typeof token !== 'string') return false;
    const exp = Number(token.split('.', 1)[0]);
    if (!Number.isSafeInteger(exp) || exp * 1000 <= now().getTime()) return false;
    const expected = sandboxGrant(secret, row.providerOrderId, row.buyerRef, new Date(exp * 1000));
    return signatureMatches(token, expected);
  }

  /** A payment page for its own buyer only; anything else reads as not found or not yours. */
  async function findGranted(
    providerOrderId: string,
    token: string | undefined,
    kind?: SandboxPaymentRow['kind'],
  ): Promise<SandboxPaymentRow> {
    const row = await find(providerOrderId);
    if (!row || (kind !== undefined && row.kind !== kind)) throw new HttpError(404, NOT_FOUND);
    if (!granted(row, token)) throw new HttpError(403, NOT_YOURS);
    return row;
  }

  /** Writes the webhook into the outbox, in the transaction that changed the payment. */
  async function enqueue(tx: Executor, event: WebhookEventName, row: SandboxPaymentRow): Promise<void> {
    const at = now();
    const body: WebhookBody = {
      event_id: id('evt'),
      event,
      occurred_at: at.toISOString(),
      provider_order_id: row.providerOrderId,
      provider_payment_id: row.providerPaymentId,
    };
    await tx.insert(webhookOutbox).values({
      eventId: body.event_id,
      provider: 'sandbox',
      body: JSON.stringify(body),
      nextAttemptAt: new Date(at.getTime() + webhookDelayMs),
      createdAt: at,
    });
  }

  /** Sends every webhook that is due (claimed first, so two processes never send one at once). */
  async function deliverDue(): Promise<number> {
    const at = now();
    const claimed = await db
      .update(webhookOutbox)
      .set({
        attempts: sql`${webhookOutbox.attempts} + 1`,
        nextAttemptAt: new Date(at.getTime() + OUTBOX_CLAIM_MS),
      })
      .where(
        inArray(
          webhookOutbox.eventId,
          db
            .select({ id: webhookOutbox.eventId })
            .from(webhookOutbox)
            .where(and(isNull(webhookOutbox.deliveredAt), lte(webhookOutbox.nextAttemptAt, at)))
            .orderBy(webhookOutbox.nextAttemptAt)
            .limit(OUTBOX_BATCH)
            .for('update', { skipLocked: true }),
        ),
      )
      .returning();
    let delivered = 0;
    for (const row of claimed) {
      const timestamp = Math.floor(now().getTime() / 1000);
      try {
        await deliver(row.body, {
          'content-type': 'application/json',
          [SANDBOX_TIMESTAMP_HEADER]: String(timestamp),
          [SANDBOX_SIGNATURE_HEADER]: sandboxWebhookSignature(webhookSecret, timestamp, row.body),
        });
        await db
          .update(webhookOutbox)
          .set({ deliveredAt: now(), lastError: null })
          .where(eq(webhookOutbox.eventId, row.eventId));
        delivered += 1;
      } catch (error) {
        const retryIn = outboxBackoffMs(row.attempts);
        log.warn(
          { err: error, event_id: row.eventId, attempts: row.attempts, retry_in_ms: retryIn },
          'sandbox webhook not delivered; it will be sent again',
        );
        await db
          .update(webhookOutbox)
          .set({
            nextAttemptAt: new Date(now().getTime() + retryIn),
            lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
          })
          .where(eq(webhookOutbox.eventId, row.eventId));
      }
    }
    return delivered;
  }

  /** One delivery run at a time in this process; a caller arriving meanwhile waits for it. */
  function flush(): Promise<number> {
    delivering ??= deliverDue().finally(() => {
      delivering = null;
    });
    return delivering;
  }

  /** Sends new webhooks when they fall due, without waiting for the worker's next tick. */
  function kick(): void {
    later(webhookDelayMs, flush);
  }

  /** Settles one pending payment as paid (the later webhook of a payment left pending). */
  async function settle(providerOrderId: string): Promise<boolean> {
    const settled = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(sandboxPayments)
        .set({ status: 'PAID', settleAt: null, updatedAt: now() })
        .where(
          and(eq(sandboxPayments.providerOrderId, providerOrderId), eq(sandboxPayments.status, 'PENDING')),
        )
        .returning();
      if (row) await enqueue(tx, 'payment.captured', row);
      return Boolean(row);
    });
    if (settled) kick();
    return settled;
  }

  /** Pending payments whose time has come by the clock (e.g. left pending before a restart). */
  async function settleDue(): Promise<number> {
    const due = await db
      .select({ id: sandboxPayments.providerOrderId })
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.status, 'PENDING'), lte(sandboxPayments.settleAt, now())));
    let settled = 0;
    for (const row of due) if (await settle(row.id)) settled += 1;
    return settled;
  }

  function returnUrl(row: SandboxPaymentRow, status: LinkStatus): string {
    const paymentId = row.providerPaymentId ?? '';
    const fields = { linkId: row.providerOrderId, reference: row.reference, status, paymentId };
    const query = new URLSearchParams({
      sandbox_payment_id: paymentId,
      sandbox_payment_link_id: row.providerOrderId,
      sandbox_payment_link_reference_id: row.reference,
      sandbox_payment_link_status: status,
      sandbox_signature: sandboxReturnSignature(secret, fields),
    });
    const separator = row.callbackUrl.includes('?') ? '&' : '?';
    return `${row.callbackUrl}${separator}${query.toString()}`;
  }

  /**
   * A person's choice on the modal or the hosted page, by the buyer the payment was granted to: recorded, signed,
   * and reported by webhook (written in the same transaction, so a crash cannot lose it).
   */
  async function choose(
    providerOrderId: string,
    choice: SandboxChoice,
    token: string | undefined,
    kind?: SandboxPaymentRow['kind'],
  ): Promise<SandboxChoiceResult> {
    const current = await findGranted(providerOrderId, token, kind);
    if (current.status === 'PAID' || current.status === 'PENDING' || current.status === 'REFUNDED') {
      throw new HttpError(409, 'This payment has already been made');
    }
    if (current.status === 'CLOSED') {
      throw new HttpError(409, 'This order was cancelled or has expired, so it can no longer be paid');
    }
    const at = now();
    const status = { success: 'PAID', failure: 'FAILED', pending: 'PENDING', cancel: 'CANCELLED' } as const;
    const paymentId = choice === 'cancel' ? null : id('pay');
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(sandboxPayments)
        .set({
          status: status[choice],
          providerPaymentId: paymentId,
          settleAt: choice === 'pending' ? new Date(at.getTime() + settleMs) : null,
          updatedAt: at,
        })
        .where(
          and(
            eq(sandboxPayments.providerOrderId, providerOrderId),
            inArray(sandboxPayments.status, ['CREATED', 'FAILED', 'CANCELLED']),
          ),
        )
        .returning();
      if (!updated) return undefined;
      // Cancelling is closing the window: no payment was attempted, so a provider reports nothing.
      if (choice === 'success') await enqueue(tx, 'payment.captured', updated);
      if (choice === 'failure') await enqueue(tx, 'payment.failed', updated);
      if (choice === 'pending') await enqueue(tx, 'payment.pending', updated);
      return updated;
    });
    if (!row) throw new HttpError(409, 'This payment has already been made or was closed by the shop');
    // With no delay configured the webhook goes out before the person's page hears back, as it always did.
    if (choice !== 'cancel') {
      if (webhookDelayMs === 0) await flush();
      kick();
    }
    if (choice === 'pending') later(settleMs, () => settle(row.providerOrderId));
    const linkStatus = {
      success: 'paid',
      failure: 'failed',
      pending: 'pending',
      cancel: 'cancelled',
    } as const;
    return {
      event: choice,
      payment: row,
      result:
        choice === 'success' && paymentId
          ? {
              provider_order_id: row.providerOrderId,
              provider_payment_id: paymentId,
              signature: sandboxPaymentSignature(secret, row.providerOrderId, paymentId),
            }
          : null,
      returnUrl: returnUrl(row, linkStatus[choice]),
    };
  }

  const provider: PaymentProvider = {
    name: 'sandbox',

    async createPayment(input) {
      const kind = input.service === 'PAYMENT_LINK' ? 'redirect' : 'modal';
      const providerOrderId = id(kind === 'modal' ? 'order' : 'plink');
      const at = now();
      await db.insert(sandboxPayments).values({
        providerOrderId,
        reference: input.orderId,
        kind,
        amountMinor: input.amountMinor,
        currency: input.currency,
        description: `Order ${input.customerOrderId}`,
        callbackUrl: input.callbackUrl,
        status: 'CREATED',
        buyerRef: input.buyer.id,
        createdAt: at,
        updatedAt: at,
      });
      if (kind === 'redirect') {
        return {
          kind: 'redirect',
          provider: 'sandbox',
          provider_order_id: providerOrderId,
          payment_link: `/pay/sandbox/link/${providerOrderId}`,
        };
      }
      return {
        kind: 'modal',
        provider: 'sandbox',
        key: SANDBOX_KEY,
        provider_order_id: providerOrderId,
        checkout_script_url: SANDBOX_CHECKOUT_SCRIPT,
        amount_minor: input.amountMinor,
        currency: input.currency,
      };
    },

    grant(handle: PaymentHandle, buyerId: string, until: Date): PaymentHandle {
      const token = sandboxGrant(secret, handle.provider_order_id, buyerId, until);
      if (handle.kind === 'modal') return { ...handle, checkout_token: token };
      const [path] = handle.payment_link.split('?');
      return { ...handle, payment_link: `${path}?${new URLSearchParams({ token })}` };
    },

    async closePayment(providerOrderId) {
      // A payment already pending at the bank cannot be stopped: if it settles, the shop refunds it.
      await db
        .update(sandboxPayments)
        .set({ status: 'CLOSED', settleAt: null, updatedAt: now() })
        .where(
          and(
            eq(sandboxPayments.providerOrderId, providerOrderId),
            inArray(sandboxPayments.status, ['CREATED', 'FAILED', 'CANCELLED']),
          ),
        );
    },

    async refund({ providerOrderId }) {
      const [row] = await db
        .update(sandboxPayments)
        .set({ status: 'REFUNDED', refundId: id('rfnd'), updatedAt: now() })
        .where(and(eq(sandboxPayments.providerOrderId, providerOrderId), eq(sandboxPayments.status, 'PAID')))
        .returning();
      if (row?.refundId) return { refundId: row.refundId };
      // Asked again after it was done (a retried refund): the same refund.
      const done = await find(providerOrderId);
      if (done?.status === 'REFUNDED' && done.refundId) return { refundId: done.refundId };
      throw new Error(`sandbox: nothing paid on ${providerOrderId} to refund`);
    },

    verifyCallback(result, storedProviderOrderId) {
      const expected = sandboxPaymentSignature(secret, storedProviderOrderId, result.provider_payment_id);
      return (
        result.provider_order_id === storedProviderOrderId && signatureMatches(result.signature, expected)
      );
    },

    verifyReturn(query, storedProviderOrderId) {
      const status = query.sandbox_payment_link_status;
      if (status === undefined || !Object.hasOwn(LINK_OUTCOME, status)) return null;
      if (query.sandbox_payment_link_id !== storedProviderOrderId) return null;
      const paymentId = query.sandbox_payment_id ?? '';
      const expected = sandboxReturnSignature(secret, {
        linkId: storedProviderOrderId,
        reference: query.sandbox_payment_link_reference_id ?? '',
        status,
        paymentId,
      });
      if (!signatureMatches(query.sandbox_signature, expected)) return null;
      return { outcome: LINK_OUTCOME[status as LinkStatus], providerPaymentId: paymentId || null };
    },

    parseWebhook(rawBody, headers) {
      const first = (name: string) => {
        const value = headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const timestamp = Number(first(SANDBOX_TIMESTAMP_HEADER));
      if (!Number.isSafeInteger(timestamp)) return null;
      const signature = sandboxWebhookSignature(webhookSecret, timestamp, rawBody);
      if (!signatureMatches(first(SANDBOX_SIGNATURE_HEADER), signature)) return null;
      // A genuine delivery replayed later is refused: each attempt is signed with its own time.
      if (Math.abs(now().getTime() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return null;
      let body: Partial<WebhookBody>;
      try {
        body = JSON.parse(rawBody.toString('utf8')) as Partial<WebhookBody>;
      } catch {
        return null;
      }
      const event = body.event;
      if (
        typeof body.event_id !== 'string' ||
        typeof body.provider_order_id !== 'string' ||
        typeof event !== 'string' ||
        !Object.hasOwn(EVENT_OUTCOME, event)
      ) {
        return null;
      }
      const occurredAt = new Date(body.occurred_at ?? '');
      return {
        eventId: body.event_id,
        providerOrderId: body.provider_order_id,
        providerPaymentId: typeof body.provider_payment_id === 'string' ? body.provider_payment_id : null,
        outcome: EVENT_OUTCOME[event as WebhookEventName],
        occurredAt: Number.isNaN(occurredAt.getTime()) ? now() : occurredAt,
      };
    },

    async fetchState(providerOrderId): Promise<ProviderPaymentState> {
      const row = await find(providerOrderId);
      if (!row) throw new Error(`sandbox: unknown payment order ${providerOrderId}`);
      const outcome: Record<SandboxPaymentRow['status'], PaymentOutcome> = {
        CREATED: 'CREATED',
        CANCELLED: 'CREATED',
        CLOSED: 'CREATED',
        PAID: 'PAID',
        // The money was taken, then given back: the shop's books record the refund, not the provider's state.
        REFUNDED: 'PAID',
        FAILED: 'FAILED',
        PENDING: 'PENDING',
      };
      return { outcome: outcome[row.status], providerPaymentId: row.providerPaymentId };
    },
  };

  async function tick(): Promise<void> {
    await settleDue();
    await flush();
  }

  return {
    provider,
    find,
    findGranted,
    choose,
    settle,
    settleDue,
    deliverDue: flush,
    /**
     * Settles what fell due while the server was down and sends what it still owes, then keeps doing both. Not
     * awaited by the server's start: a delivery goes through the server itself, which is not ready yet.
     */
    start() {
      later(0, tick);
      ticker = setInterval(() => {
        tick().catch((error: unknown) => log.warn({ err: error }, 'sandbox worker failed'));
      }, OUTBOX_TICK_MS);
      ticker.unref();
    },
    async stop() {
      clearInterval(ticker);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await delivering?.catch(() => undefined);
    },
  };
}

export type Sandbox = ReturnType<typeof createSandbox>;
