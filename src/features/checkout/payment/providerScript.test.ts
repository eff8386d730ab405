import { afterEach, describe, expect, it } from 'vitest';
import {
  loadProviderScript,
  type ModalPaymentDetails,
  openProviderCheckout,
  type ProviderCheckoutOptions,
  type ProviderOutcome,
  pageNonce,
  toPaymentResult,
} from './providerScript';

const details = (over: Partial<ModalPaymentDetails> = {}): ModalPaymentDetails => ({
  kind: 'modal',
  provider: 'sandbox',
  key: 'key_1',
  provider_order_id: 'prov_1',
  checkout_script_url: `/pay/sandbox/checkout.js?case=${Math.random()}`,
  amount_minor: 999_900,
  currency: 'INR',
  ...over,
});

const globals = window as unknown as Record<string, unknown>;

/** A provider checkout as the sandbox's script defines it: options kept, handlers called by the test. */
function fakeCheckout() {
  const instances: {
    options: ProviderCheckoutOptions;
    handlers: Map<string, (r: unknown) => void>;
    opened: number;
  }[] = [];
  class FakeCheckout {
    entry: (typeof instances)[number];
    constructor(options: ProviderCheckoutOptions) {
      this.entry = { options, handlers: new Map(), opened: 0 };
      instances.push(this.entry);
    }
    on(event: string, callback: (r: unknown) => void) {
      this.entry.handlers.set(event, callback);
    }
    open() {
      this.entry.opened += 1;
    }
  }
  return { FakeCheckout, instances };
}

afterEach(() => {
  delete globals.SandboxCheckout;
  delete globals.Razorpay;
  for (const script of document.querySelectorAll('script')) script.remove();
});

describe('loadProviderScript', () => {
  it('adds one script with the page nonce and resolves with the provider global once it loads', async () => {
    const page = document.createElement('script');
    page.setAttribute('nonce', 'n0nce');
    document.head.append(page);
    const d = details();
    const first = loadProviderScript(d);
    const second = loadProviderScript(d);
    const added = document.querySelectorAll(`script[src="${d.checkout_script_url}"]`);
    expect(added).toHaveLength(1);
    const script = added[0] as HTMLScriptElement;
    expect(script.nonce || script.getAttribute('nonce')).toBe('n0nce');
    const { FakeCheckout } = fakeCheckout();
    globals.SandboxCheckout = FakeCheckout;
    script.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(FakeCheckout);
    await expect(second).resolves.toBe(FakeCheckout);
  });

  it('a script that fails to load rejects, and a later try loads it again', async () => {
    const d = details();
    const failed = loadProviderScript(d);
    document.querySelector(`script[src="${d.checkout_script_url}"]`)?.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow(/Could not load/);
    loadProviderScript(d).catch(() => undefined);
    expect(document.querySelectorAll(`script[src="${d.checkout_script_url}"]`)).toHaveLength(1);
  });

  it('a script that loads without its global rejects', async () => {
    const d = details();
    const loading = loadProviderScript(d);
    document.querySelector(`script[src="${d.checkout_script_url}"]`)?.dispatchEvent(new Event('load'));
    await expect(loading).rejects.toThrow(/without the sandbox checkout/);
  });

  it('a global already present is used without a script', async () => {
    const { FakeCheckout } = fakeCheckout();
    globals.Razorpay = FakeCheckout;
    await expect(loadProviderScript(details({ provider: 'razorpay' }))).resolves.toBe(FakeCheckout);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('an unknown provider is refused', async () => {
    await expect(loadProviderScript(details({ provider: 'acme' }))).rejects.toThrow(
      /Unknown payment provider/,
    );
  });

  it('reads no nonce when the page has none', () => {
    expect(pageNonce()).toBeUndefined();
  });
});

describe('toPaymentResult', () => {
  it('maps razorpay fields', () => {
    expect(
      toPaymentResult('razorpay', {
        razorpay_order_id: 'order_1',
        razorpay_payment_id: 'pay_1',
        razorpay_signature: 'sig',
      }),
    ).toEqual({ provider_order_id: 'order_1', provider_payment_id: 'pay_1', signature: 'sig' });
  });

  it('takes the sandbox fields as they are, and refuses an incomplete response', () => {
    const result = { provider_order_id: 'p1', provider_payment_id: 'pay', signature: 'sig' };
    expect(toPaymentResult('sandbox', result)).toEqual(result);
    expect(toPaymentResult('sandbox', { provider_order_id: 'p1' })).toBeNull();
    expect(toPaymentResult('sandbox', null)).toBeNull();
  });
});

describe('openProviderCheckout', () => {
  function open() {
    const { FakeCheckout, instances } = fakeCheckout();
    const outcomes: ProviderOutcome[] = [];
    openProviderCheckout({
      Checkout: FakeCheckout,
      details: details(),
      shopName: 'IBC',
      description: 'Order IBC-2',
      prefill: { name: 'Asha', email: 'asha@example.in', contact: '+919876543210' },
      onOutcome: (o) => outcomes.push(o),
    });
    const instance = instances[0];
    if (!instance) throw new Error('not constructed');
    return { instance, outcomes };
  }

  it('opens the modal with the order, amount in minor units, and the buyer prefilled', () => {
    const { instance } = open();
    expect(instance.opened).toBe(1);
    expect(instance.options).toMatchObject({
      key: 'key_1',
      order_id: 'prov_1',
      amount: 999_900,
      currency: 'INR',
      prefill: { name: 'Asha', email: 'asha@example.in', contact: '+919876543210' },
    });
  });

  it('a success response → PAYMENT_SUCCESS with the result; later callbacks are not heard', () => {
    const { instance, outcomes } = open();
    const result = { provider_order_id: 'prov_1', provider_payment_id: 'pay_1', signature: 'sig' };
    instance.options.handler(result);
    instance.options.handler(result);
    instance.options.modal.ondismiss();
    expect(outcomes).toEqual([{ type: 'PAYMENT_SUCCESS', result }]);
  });

  it.each([
    ['payment.failed', 'PAYMENT_FAILED'],
    ['payment.pending', 'PAYMENT_PENDING'],
  ])('%s → %s', (event, type) => {
    const { instance, outcomes } = open();
    instance.handlers.get(event)?.({});
    expect(outcomes).toEqual([{ type }]);
  });

  it('a dismissal → PAYMENT_CANCELLED', () => {
    const { instance, outcomes } = open();
    instance.options.modal.ondismiss();
    expect(outcomes).toEqual([{ type: 'PAYMENT_CANCELLED' }]);
  });

  it('a success without its signed fields is left to the status check', () => {
    const { instance, outcomes } = open();
    instance.options.handler({ provider_payment_id: 'pay_1' });
    expect(outcomes).toEqual([{ type: 'PAYMENT_PENDING' }]);
  });
});
