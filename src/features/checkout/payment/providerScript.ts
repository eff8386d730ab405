import type { PaymentDetails, PaymentResult } from '@contract/orders';

/*
 * The card provider's checkout script (spec §4 step 10, §7 "The payment provider's script is loaded from its
 * checkout address"): loaded once per address with the page's CSP nonce, then opened as the provider's modal.
 * Each provider is named by its global and how its success response maps to our PaymentResult:
 * - razorpay: window.Razorpay; handler gets { razorpay_order_id, razorpay_payment_id, razorpay_signature };
 *   rzp.on('payment.failed', cb).
 * - sandbox: window.SandboxCheckout (served from /pay/sandbox/checkout.js); the same options as Razorpay Checkout;
 *   handler gets { provider_order_id, provider_payment_id, signature }; on('payment.failed' | 'payment.pending', cb).
 */

export type ModalPaymentDetails = Extract<PaymentDetails, { kind: 'modal' }>;

/** The options Razorpay Checkout takes, which the sandbox mirrors. */
export interface ProviderCheckoutOptions {
  key: string;
  order_id: string;
  /** The sandbox's grant to this buyer (sandbox.grant on the server). */
  token?: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  handler: (response: unknown) => void;
  modal: { ondismiss: () => void };
}

export interface ProviderCheckoutInstance {
  open(): void;
  on?(event: string, callback: (response: unknown) => void): void;
  close?(): void;
}

export type ProviderCheckoutConstructor = new (options: ProviderCheckoutOptions) => ProviderCheckoutInstance;

interface ProviderShape {
  global: string;
  fields: { order: string; payment: string; signature: string };
}

const PROVIDERS: Readonly<Record<string, ProviderShape>> = {
  razorpay: {
    global: 'Razorpay',
    fields: { order: 'razorpay_order_id', payment: 'razorpay_payment_id', signature: 'razorpay_signature' },
  },
  sandbox: {
    global: 'SandboxCheckout',
    fields: { order: 'provider_order_id', payment: 'provider_payment_id', signature: 'signature' },
  },
};

export class ProviderScriptError extends Error {
  override name = 'ProviderScriptError';
}

function providerShape(provider: string): ProviderShape {
  const shape = PROVIDERS[provider];
  if (!shape) throw new ProviderScriptError(`Unknown payment provider "${provider}"`);
  return shape;
}

function providerGlobal(provider: string): ProviderCheckoutConstructor | undefined {
  const value = (window as unknown as Record<string, unknown>)[providerShape(provider).global];
  return typeof value === 'function' ? (value as ProviderCheckoutConstructor) : undefined;
}

/** The provider's checkout once its script has loaded; throws when it is not there. */
export function loadedProviderCheckout(provider: string): ProviderCheckoutConstructor {
  const Checkout = providerGlobal(provider);
  if (!Checkout) throw new ProviderScriptError(`The ${provider} checkout has not loaded`);
  return Checkout;
}

/** The page's CSP nonce: the browser hides the attribute but keeps the property on the page's own scripts. */
export function pageNonce(doc: Document = document): string | undefined {
  const script = doc.querySelector<HTMLScriptElement>('script[nonce]');
  const nonce = script?.nonce || script?.getAttribute('nonce') || '';
  return nonce === '' ? undefined : nonce;
}

const loading = new Map<string, Promise<ProviderCheckoutConstructor>>();

/** Loads the provider's script once per address; a failed load may be tried again. */
export function loadProviderScript(details: ModalPaymentDetails): Promise<ProviderCheckoutConstructor> {
  try {
    const ready = providerGlobal(details.provider);
    if (ready) return Promise.resolve(ready);
  } catch (error) {
    return Promise.reject(error);
  }
  const url = details.checkout_script_url;
  const known = loading.get(url);
  if (known) return known;
  const promise = new Promise<ProviderCheckoutConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    const nonce = pageNonce();
    if (nonce) script.nonce = nonce;
    script.onload = () => {
      const loaded = providerGlobal(details.provider);
      if (loaded) resolve(loaded);
      else reject(new ProviderScriptError(`${url} loaded without the ${details.provider} checkout`));
    };
    script.onerror = () => {
      script.remove();
      reject(new ProviderScriptError(`Could not load ${url}`));
    };
    document.head.append(script);
  });
  promise.catch(() => loading.delete(url));
  loading.set(url, promise);
  return promise;
}

/** What the provider's modal ended with, as the payment machine hears it. */
export type ProviderOutcome =
  | { type: 'PAYMENT_SUCCESS'; result: PaymentResult }
  | { type: 'PAYMENT_FAILED' }
  | { type: 'PAYMENT_PENDING' }
  | { type: 'PAYMENT_CANCELLED' };

/** The provider's success response as our PaymentResult; null when it lacks a field. */
export function toPaymentResult(provider: string, response: unknown): PaymentResult | null {
  if (typeof response !== 'object' || response === null) return null;
  const { fields } = providerShape(provider);
  const record = response as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === 'string' && record[key] !== '' ? record[key] : null);
  const order = text(fields.order);
  const payment = text(fields.payment);
  const signature = text(fields.signature);
  if (!order || !payment || !signature) return null;
  return { provider_order_id: order, provider_payment_id: payment, signature };
}

export interface OpenCheckoutOptions {
  Checkout: ProviderCheckoutConstructor;
  details: ModalPaymentDetails;
  shopName: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  /** Called once: the first outcome wins, later callbacks are ignored. */
  onOutcome: (outcome: ProviderOutcome) => void;
}

/** Opens the provider's modal; answers a close function. */
export function openProviderCheckout({
  Checkout,
  details,
  shopName,
  description,
  prefill,
  onOutcome,
}: OpenCheckoutOptions): () => void {
  let settled = false;
  const settle = (outcome: ProviderOutcome) => {
    if (settled) return;
    settled = true;
    onOutcome(outcome);
  };
  const instance = new Checkout({
    key: details.key,
    order_id: details.provider_order_id,
    // The sandbox's proof that this buyer opened it; Razorpay hands out none.
    ...(details.checkout_token ? { token: details.checkout_token } : {}),
    amount: details.amount_minor,
    currency: details.currency,
    name: shopName,
    description,
    prefill,
    handler: (response) => {
      const result = toPaymentResult(details.provider, response);
      // A success without its signed fields is not one we can prove: the status check decides.
      settle(result ? { type: 'PAYMENT_SUCCESS', result } : { type: 'PAYMENT_PENDING' });
    },
    modal: { ondismiss: () => settle({ type: 'PAYMENT_CANCELLED' }) },
  });
  instance.on?.('payment.failed', () => settle({ type: 'PAYMENT_FAILED' }));
  instance.on?.('payment.pending', () => settle({ type: 'PAYMENT_PENDING' }));
  instance.open();
  return () => {
    settled = true;
    instance.close?.();
  };
}
