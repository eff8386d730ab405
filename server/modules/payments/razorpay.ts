import type { PaymentResult } from '@contract/orders';
import { z } from 'zod';
import type {
  CreatePaymentInput,
  PaymentEvent,
  PaymentHandle,
  PaymentOutcome,
  PaymentProvider,
  ProviderPaymentState,
} from './provider';
import { hmacHex, signatureMatches } from './signature';

/*
 * The Razorpay adapter: the Orders API with Standard Checkout (the modal) for CARD_MODAL, Payment Links (the hosted
 * page) for PAYMENT_LINK, and Razorpay's documented HMAC-SHA256 signature checks on the Checkout result, the
 * Payment Link callback and webhooks. Amounts go to Razorpay in minor units, as it takes them.
 */

export const RAZORPAY_API_BASE = 'https://api.razorpay.com';
export const RAZORPAY_CHECKOUT_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

/** What Razorpay Checkout needs in the shop's CSP: its script, its frames and the calls and images they make. */
export const RAZORPAY_CSP_SOURCES = {
  'script-src': ['https://checkout.razorpay.com'],
  'frame-src': ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  'connect-src': ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  'img-src': ['https://cdn.razorpay.com'],
} as const;
/** Orders API `receipt` and Payment Links `reference_id` are at most 40 characters. */
const RAZORPAY_REFERENCE_MAX = 40;
const RAZORPAY_TIMEOUT_MS = 10_000;

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  fetch?: typeof fetch;
  apiBase?: string;
}

/** Razorpay's signature of a payload: HMAC-SHA256 with the secret, lower-case hex. */
export function razorpaySignature(payload: string | Buffer, secret: string): string {
  return hmacHex(secret, payload);
}

/** True when `given` is the signature of `payload`; compared in constant time, anything not 64 hex digits is false. */
export function razorpaySignatureMatches(
  payload: string | Buffer,
  given: string | undefined,
  secret: string,
): boolean {
  return (
    typeof given === 'string' &&
    /^[0-9a-f]{64}$/i.test(given) &&
    signatureMatches(given, hmacHex(secret, payload))
  );
}

/* ---- What Razorpay answers (only the fields the adapter reads) ---- */

const apiErrorSchema = z.object({
  error: z.object({ code: z.string().optional(), description: z.string() }),
});
const orderSchema = z.object({ id: z.string().min(1) });
const paymentLinkSchema = z.object({
  id: z.string().min(1),
  short_url: z.url(),
  /** created | partially_paid | expired | cancelled | paid */
  status: z.string(),
  payments: z
    .array(z.object({ payment_id: z.string(), status: z.string(), created_at: z.number().optional() }))
    .nullish(),
});
const refundSchema = z.object({ id: z.string().min(1) });
const orderPaymentsSchema = z.object({
  items: z.array(z.object({ id: z.string(), status: z.string(), created_at: z.number().optional() })),
});

const entity = <T extends z.ZodRawShape>(shape: T) => z.object({ entity: z.object(shape) }).optional();
const webhookSchema = z.object({
  event: z.string(),
  created_at: z.number().int().nonnegative(),
  payload: z.object({
    payment: entity({ id: z.string().min(1), order_id: z.string().min(1).nullish() }),
    order: entity({ id: z.string().min(1) }),
    payment_link: entity({ id: z.string().min(1) }),
  }),
});
type Webhook = z.infer<typeof webhookSchema>;

/** The webhook events the shop acts on; the rest are acknowledged and ignored. */
const WEBHOOK_OUTCOMES: Record<string, Exclude<PaymentOutcome, 'CREATED'>> = {
  'payment.captured': 'PAID',
  'order.paid': 'PAID',
  'payment_link.paid': 'PAID',
  'payment.failed': 'FAILED',
  // Authorised but not yet captured: auto-capture (or a capture call) follows with payment.captured.
  'payment.authorized': 'PENDING',
};

function webhookProviderOrderId(body: Webhook): string | null {
  const { payment, order, payment_link: link } = body.payload;
  // A Payment Link's payments carry Razorpay's internal order id; the shop stored the link's id.
  if (body.event.startsWith('payment_link.')) return link?.entity.id ?? null;
  if (body.event.startsWith('order.')) return order?.entity.id ?? payment?.entity.order_id ?? null;
  return payment?.entity.order_id ?? order?.entity.id ?? link?.entity.id ?? null;
}

/**
 * One payment order's outcome from its payments (a buyer may try several times on one order): a captured payment
 * is paid; otherwise one still in flight (created, authorized) is pending; otherwise failed ones (and refunded
 * ones, whose money went back) make it failed; no payment at all leaves it created.
 */
function outcomeOfPayments(payments: readonly { id: string; status: string; created_at?: number }[]) {
  const newestFirst = [...payments].sort((a, b) => (b.created_at ?? 0) - (a.created_at ?? 0));
  const first = (statuses: readonly string[]) => newestFirst.find((p) => statuses.includes(p.status));
  const ranked: [PaymentOutcome, readonly string[]][] = [
    ['PAID', ['captured']],
    ['PENDING', ['authorized', 'created']],
    ['FAILED', ['failed', 'refunded']],
  ];
  for (const [outcome, statuses] of ranked) {
    const payment = first(statuses);
    if (payment) return { outcome, providerPaymentId: payment.id };
  }
  return { outcome: 'CREATED' as const, providerPaymentId: null };
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    if (Array.isArray(value)) return value.length === 1 ? value[0] : undefined;
    return value;
  }
  return undefined;
}

export function createRazorpayProvider(options: RazorpayOptions): PaymentProvider {
  const { keyId, keySecret, webhookSecret } = options;
  if (!keyId || !keySecret || !webhookSecret)
    throw new Error('Razorpay needs a key id, a key secret and a webhook secret');
  const doFetch = options.fetch ?? globalThis.fetch;
  const apiBase = (options.apiBase ?? RAZORPAY_API_BASE).replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`, 'utf8').toString('base64')}`;
  // Whatever Razorpay or the network says, the secrets never travel on in an error message.
  const redact = (text: string) =>
    [keySecret, webhookSecret, authorization].reduce((t, secret) => t.split(secret).join('[redacted]'), text);

  async function call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown) {
    const what = `Razorpay ${method} ${path}`;
    let response: Response;
    try {
      response = await doFetch(`${apiBase}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(RAZORPAY_TIMEOUT_MS),
      });
    } catch (error) {
      throw new Error(redact(`${what} failed: ${error instanceof Error ? error.message : String(error)}`));
    }
    const json: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const apiError = apiErrorSchema.safeParse(json);
      const reason = apiError.success ? apiError.data.error.description : 'no error description';
      throw new Error(redact(`${what} answered ${response.status}: ${reason}`));
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new Error(`${what} answered an unexpected body`);
    return parsed.data;
  }

  async function createOrder(input: CreatePaymentInput): Promise<PaymentHandle> {
    const order = await call('POST', '/v1/orders', orderSchema, {
      amount: input.amountMinor,
      currency: input.currency,
      receipt: input.customerOrderId.slice(0, RAZORPAY_REFERENCE_MAX),
      notes: { shop_order_id: input.orderId, customer_order_id: input.customerOrderId },
    });
    return {
      kind: 'modal',
      provider: 'razorpay',
      key: keyId,
      provider_order_id: order.id,
      checkout_script_url: RAZORPAY_CHECKOUT_SCRIPT_URL,
      amount_minor: input.amountMinor,
      currency: input.currency,
    };
  }

  async function createPaymentLink(input: CreatePaymentInput): Promise<PaymentHandle> {
    // reference_id must be unique per link, so a cut-down id could collide with another order's.
    if (input.orderId.length > RAZORPAY_REFERENCE_MAX)
      throw new Error(`Razorpay takes a reference of at most ${RAZORPAY_REFERENCE_MAX} characters`);
    const { name, email, phone } = input.buyer;
    const link = await call('POST', '/v1/payment_links', paymentLinkSchema, {
      amount: input.amountMinor,
      currency: input.currency,
      accept_partial: false,
      reference_id: input.orderId,
      description: `Order ${input.customerOrderId}`,
      customer: { name, ...(email ? { email } : {}), ...(phone ? { contact: phone } : {}) },
      // The shop redirects the buyer itself; Razorpay sends no SMS or e-mail of its own.
      notify: { sms: false, email: false },
      reminder_enable: false,
      notes: { shop_order_id: input.orderId, customer_order_id: input.customerOrderId },
      callback_url: input.callbackUrl,
      callback_method: 'get',
      expire_by: Math.floor(input.expiresAt.getTime() / 1000),
    });
    return {
      kind: 'redirect',
      provider: 'razorpay',
      provider_order_id: link.id,
      payment_link: link.short_url,
    };
  }

  return {
    name: 'razorpay',

    async createPayment(input) {
      if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
        throw new RangeError(
          `Razorpay takes a positive whole amount in minor units, not ${input.amountMinor}`,
        );
      return input.service === 'CARD_MODAL' ? createOrder(input) : createPaymentLink(input);
    },

    verifyCallback(result: PaymentResult, storedProviderOrderId) {
      // Checkout signs order_id|payment_id; the order id is the shop's stored one, never the browser's alone.
      const signed = razorpaySignatureMatches(
        `${storedProviderOrderId}|${result.provider_payment_id}`,
        result.signature,
        keySecret,
      );
      return signed && result.provider_order_id === storedProviderOrderId;
    },

    verifyReturn(query, storedProviderOrderId) {
      const paymentId = query.razorpay_payment_id;
      const linkId = query.razorpay_payment_link_id;
      const referenceId = query.razorpay_payment_link_reference_id ?? '';
      const status = query.razorpay_payment_link_status;
      if (!paymentId || !linkId || !status) return null;
      const payload = `${storedProviderOrderId}|${referenceId}|${status}|${paymentId}`;
      if (!razorpaySignatureMatches(payload, query.razorpay_signature, keySecret)) return null;
      if (linkId !== storedProviderOrderId) return null;
      // Razorpay redirects after a successful payment, so a genuine status is 'paid'; the link's other statuses
      // (created, partially_paid — impossible with accept_partial false —, expired, cancelled) are not paid.
      return { outcome: status === 'paid' ? 'PAID' : 'FAILED', providerPaymentId: paymentId };
    },

    parseWebhook(rawBody, headers): PaymentEvent | null {
      if (!razorpaySignatureMatches(rawBody, header(headers, 'x-razorpay-signature'), webhookSecret))
        return null;
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return null;
      }
      const parsed = webhookSchema.safeParse(json);
      if (!parsed.success) return null;
      const body = parsed.data;
      const outcome = WEBHOOK_OUTCOMES[body.event];
      const providerOrderId = webhookProviderOrderId(body);
      if (!outcome || !providerOrderId) return null;
      const providerPaymentId = body.payload.payment?.entity.id ?? null;
      // Razorpay names each event in x-razorpay-event-id, the same on every retry of it.
      const eventId =
        header(headers, 'x-razorpay-event-id') || `${body.event}:${providerPaymentId ?? providerOrderId}`;
      return {
        eventId,
        providerOrderId,
        providerPaymentId,
        outcome,
        occurredAt: new Date(body.created_at * 1000),
      };
    },

    async closePayment(providerOrderId) {
      // An Orders API order cannot be cancelled: a payment made on it anyway is refunded by the shop.
      if (!providerOrderId.startsWith('plink_')) return;
      await call(
        'POST',
        `/v1/payment_links/${encodeURIComponent(providerOrderId)}/cancel`,
        paymentLinkSchema,
      );
    },

    async refund({ providerPaymentId, amountMinor, orderId }) {
      const refund = await call(
        'POST',
        `/v1/payments/${encodeURIComponent(providerPaymentId)}/refund`,
        refundSchema,
        { amount: amountMinor, speed: 'normal', notes: { shop_order_id: orderId } },
      );
      return { refundId: refund.id };
    },

    async fetchState(providerOrderId): Promise<ProviderPaymentState> {
      const id = encodeURIComponent(providerOrderId);
      if (providerOrderId.startsWith('order_')) {
        const { items } = await call('GET', `/v1/orders/${id}/payments`, orderPaymentsSchema);
        return outcomeOfPayments(items);
      }
      if (providerOrderId.startsWith('plink_')) {
        const link = await call('GET', `/v1/payment_links/${id}`, paymentLinkSchema);
        const state = outcomeOfPayments((link.payments ?? []).map((p) => ({ ...p, id: p.payment_id })));
        if (link.status === 'paid') return { outcome: 'PAID', providerPaymentId: state.providerPaymentId };
        // An expired or cancelled link takes no more payments.
        if (state.outcome === 'CREATED' && (link.status === 'expired' || link.status === 'cancelled'))
          return { outcome: 'FAILED', providerPaymentId: null };
        return state;
      }
      throw new Error(`Not a Razorpay order or payment link id: ${providerOrderId}`);
    },
  };
}
