import { randomBytes } from 'node:crypto';
import type { PaymentResult } from '@contract/orders';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { type SandboxPaymentRow, sandboxPayments } from '../../db/schema';
import { HttpError } from '../../errors';
import type { PaymentEvent, PaymentOutcome, PaymentProvider, ProviderPaymentState } from './provider';
import { hmacHex, signatureMatches } from './signature';

/*
 * The built-in test provider: a real payment provider that happens to live on the shop's own server. It keeps its
 * own books (sandbox_payments), signs results exactly as Razorpay does (HMAC-SHA256 of order_id|payment_id), sends
 * the buyer back from its hosted page with a signed query, and reports every payment by a signed webhook.
 */

export const SANDBOX_CHOICES = ['success', 'failure', 'pending', 'cancel'] as const;
export type SandboxChoice = (typeof SANDBOX_CHOICES)[number];

/** The sandbox's public key: what the modal is opened with, as Razorpay's key_id. */
export const SANDBOX_KEY = 'sandbox_test_key';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_CHECKOUT_SCRIPT = '/pay/sandbox/checkout.js';
export const SANDBOX_WEBHOOK_PATH = '/pay/sandbox/webhook';

/** Outside production, when SANDBOX_SECRET is unset. */
export const SANDBOX_DEV_SECRET = 'sandbox-development-secret-not-for-production-use';

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

export function createSandbox(deps: SandboxDeps) {
  const { db, secret, now, settleMs, deliver, log } = deps;
  const webhookSecret = sandboxWebhookSecret(secret);
  const timers = new Set<NodeJS.Timeout>();

  async function find(providerOrderId: string): Promise<SandboxPaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.providerOrderId, providerOrderId));
    return row;
  }

  async function sendWebhook(event: WebhookEventName, row: SandboxPaymentRow): Promise<void> {
    const body: WebhookBody = {
      event_id: id('evt'),
      event,
      occurred_at: now().toISOString(),
      provider_order_id: row.providerOrderId,
      provider_payment_id: row.providerPaymentId,
    };
    const raw = JSON.stringify(body);
    try {
      await deliver(raw, {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: hmacHex(webhookSecret, raw),
      });
    } catch (error) {
      // A real provider retries; the browser's callback and the reconciliation cover the gap meanwhile.
      log.warn(
        { err: error, provider_order_id: row.providerOrderId, event },
        'sandbox webhook not delivered',
      );
    }
  }

  /** Settles one pending payment as paid (the later webhook of a payment left pending). */
  async function settle(providerOrderId: string): Promise<boolean> {
    const [row] = await db
      .update(sandboxPayments)
      .set({ status: 'PAID', settleAt: null, updatedAt: now() })
      .where(and(eq(sandboxPayments.providerOrderId, providerOrderId), eq(sandboxPayments.status, 'PENDING')))
      .returning();
    if (!row) return false;
    await sendWebhook('payment.captured', row);
    return true;
  }

  function scheduleSettle(providerOrderId: string): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      settle(providerOrderId).catch((error: unknown) =>
        log.warn({ err: error, provider_order_id: providerOrderId }, 'sandbox could not settle a payment'),
      );
    }, settleMs);
    timer.unref();
    timers.add(timer);
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

  /** A person's choice on the modal or the hosted page: recorded, signed, and reported by webhook. */
  async function choose(providerOrderId: string, choice: SandboxChoice): Promise<SandboxChoiceResult> {
    const current = await find(providerOrderId);
    if (!current) throw new HttpError(404, 'This payment is not known to the sandbox');
    if (current.status === 'PAID' || current.status === 'PENDING') {
      throw new HttpError(409, 'This payment has already been made');
    }
    const at = now();
    const status = { success: 'PAID', failure: 'FAILED', pending: 'PENDING', cancel: 'CANCELLED' } as const;
    const paymentId = choice === 'cancel' ? null : id('pay');
    const [row] = await db
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
    if (!row) throw new HttpError(409, 'This payment has already been made');

    // Cancelling is closing the window: no payment was attempted, so a provider reports nothing.
    if (choice === 'success') await sendWebhook('payment.captured', row);
    if (choice === 'failure') await sendWebhook('payment.failed', row);
    if (choice === 'pending') {
      await sendWebhook('payment.pending', row);
      scheduleSettle(row.providerOrderId);
    }
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
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      const signature = Array.isArray(header) ? header[0] : header;
      if (!signatureMatches(signature, hmacHex(webhookSecret, rawBody))) return null;
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
        PAID: 'PAID',
        FAILED: 'FAILED',
        PENDING: 'PENDING',
      };
      return { outcome: outcome[row.status], providerPaymentId: row.providerPaymentId };
    },
  };

  return {
    provider,
    find,
    choose,
    settle,
    settleDue,
    /** Settles what fell due while the server was down, then pays out by timer. */
    async start() {
      await settleDue().catch((error: unknown) => log.warn({ err: error }, 'sandbox could not settle'));
    },
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type Sandbox = ReturnType<typeof createSandbox>;
