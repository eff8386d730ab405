import { toMinor } from '@contract/money';
import { type OrderCreateRequest, orderCreateRequestSchema } from '@contract/orders';
import type { PriceEstimateRequest } from '@contract/pricing';
import { QueryClient } from '@tanstack/react-query';
import { clear } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { fakeNetwork, json, resetClient, type SeenRequest } from '@/api/test-helpers';
import { setTokens } from '@/api/tokens';
import { wireProfile } from '@/api/user.test-helpers';
import { fakeEstimate } from '@/features/cart/estimate.test-helpers';
import { addPackageToCart, cartStore, disposeCart } from '@/state/cart';
import { solo } from '@/state/cart.test-helpers';
import { cartSelectedPackages } from '@/state/cartSelection';
import { countryStore } from '@/state/country';
import { readLastOrderId } from '@/storage/checkoutDraft';
import { kvStore } from '@/storage/kv';
import { EMPTY_CHECKOUT_FORM } from './checkoutForm';
import { checkoutLogic } from './checkoutRuntime';
import { checkoutPayment } from './checkoutSetup';
import { paymentLogic } from './payment/paymentRuntime';
import type { ModalPaymentDetails } from './payment/providerScript';

/*
 * A whole checkout, cart to paid, through the checkout machine alone: no React. The machine runs with its real calls
 * against a fake network that prices like the server; only the card provider's window is a fake actor, which pays.
 */

let requests: SeenRequest[];

function serve() {
  ({ requests } = fakeNetwork((request) => {
    const { pathname } = new URL(request.url, 'http://shop.test');
    if (pathname === '/api/user/profile/v1/')
      return json(200, { profile: wireProfile({ email: 'asha@example.com', is_email_verified: true }) });
    if (pathname === '/api/commerce/states/v1/')
      return json(200, { states_details: [{ state_name: 'Karnataka', state_name_enum: 'KARNATAKA' }] });
    if (pathname.startsWith('/api/commerce/shipping_charges/')) return json(200, { shipping_charges: 0 });
    if (pathname.includes('/orders/price_estimate/'))
      return json(200, fakeEstimate(request.body as PriceEstimateRequest, { packages: [solo()] }));
    if (pathname.includes('/order/create/')) {
      // The server prices the order itself, and asks the provider for that amount.
      const body = request.body as OrderCreateRequest;
      const payable = fakeEstimate(body as unknown as PriceEstimateRequest, {
        packages: [solo()],
      }).amount_payable;
      return json(200, {
        order_id: 'ord-7',
        customer_order_id: 'IBC-7',
        order_status: 'CREATED',
        total_amount: payable,
        currency: 'INR',
        payment_service: 'CARD_MODAL',
        payment_details: {
          kind: 'modal',
          provider: 'sandbox',
          key: 'key',
          provider_order_id: 'prov-7',
          checkout_script_url: '/pay/sandbox/checkout.js',
          amount_minor: toMinor(payable, 'INR'),
          currency: 'INR',
        },
      });
    }
    if (pathname === '/api/invoicing/orders/ord-7/fetch_and_update_payment_status/v1/')
      return json(200, { order_id: 'ord-7', order_status: 'SUCCESS' });
    return json(404, { data: { message: 'not found', res_status: 'NOT_FOUND', http_status_code: 404 } });
  }));
}

/** The card provider's window: it charges what it was asked for, and the buyer pays. */
function fakeProvider(charged: ModalPaymentDetails[]) {
  return paymentLogic(checkoutPayment, { international: false, shopName: 'IBC' }).provide({
    actors: {
      loadProviderScript: fromPromise<unknown, { details: ModalPaymentDetails }>(async () => undefined),
      openPaymentModal: fromCallback(({ input, sendBack }) => {
        charged.push(input.details);
        sendBack({
          type: 'PAYMENT_SUCCESS',
          result: {
            provider_order_id: input.details.provider_order_id,
            provider_payment_id: 'pay-1',
            signature: 'sig',
          },
        });
      }),
    },
  });
}

describe('a whole checkout through the machine alone', () => {
  beforeEach(async () => {
    resetClient();
    await clear(kvStore());
    disposeCart();
    serve();
    setTokens('main', { accessToken: 'access', refreshToken: 'refresh', userId: 'u-1', expires: null });
    countryStore.countryCode = 'IN';
    addPackageToCart(solo());
    cartStore.hydrated = true;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('cart to paid: the draft priced, the order built from it, the total shown is the total charged', async () => {
    const charged: ModalPaymentDetails[] = [];
    const track = vi.fn();
    const logic = checkoutLogic({
      client: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
      userId: 'u-1',
      features: { selfPickup: false, internationalUsers: false },
      track: () => track,
    }).provide({ actors: { payment: fakeProvider(charged) } });
    const checkout = createActor(logic, {
      input: {
        countryCode: 'IN',
        isShippingRequired: true,
        storedOrderId: null,
        packages: cartSelectedPackages(cartStore.items, 'INR'),
        selfPickupEnabled: false,
      },
    }).start();

    // The profile loads; the address is to be filled in.
    await waitFor(checkout, (s) => s.matches('shippingEdit'));
    checkout.send({
      type: 'FORM_CHANGED',
      valid: true,
      values: {
        ...EMPTY_CHECKOUT_FORM,
        fullName: 'Asha Kumar',
        email: 'asha@example.com',
        shippingMobileNumber: '9876543211',
        address1: '12 MG Road',
        postalCode: '560001',
        city: 'Bengaluru',
        state: 'KARNATAKA',
        tAndC: true,
      },
    });
    // The pincode is applied, shipping costed, the order priced for it.
    const ready = await waitFor(checkout, (s) => s.matches('readyToPurchase'));
    const shown = ready.context.estimate;
    // Solo kit: 46,997 taxable, 18 % GST → ₹55,456.46.
    expect(shown.subtotal).toBe(5_545_646);
    expect(requests.some((r) => r.url.includes('/shipping_charges/560001/'))).toBe(true);

    checkout.send({ type: 'PROCEED_TO_PAY' });
    const end = await waitFor(checkout, (s) => s.status === 'done');
    expect(end.value).toBe('paid');
    expect(end.output).toEqual({ kind: 'success', orderId: 'ord-7' });

    const create = requests.find((r) => r.url.includes('/order/create/'));
    const order = orderCreateRequestSchema.parse(create?.body);
    expect(order.expected_total).toBe(55_456.46);
    expect(order.shipping_details).toMatchObject({ pin_code: '560001', state: 'Karnataka' });
    expect(order.billing_details.state_name_enum).toBe('KARNATAKA');
    expect(create?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // The provider was asked for exactly what the buyer was shown, once.
    expect(charged.map((details) => details.amount_minor)).toEqual([shown.subtotal]);
    // The server confirmed the provider's signed result; the order id was kept on the device first.
    const confirm = requests.find((r) => r.url.includes('/fetch_and_update_payment_status/'));
    expect(confirm?.body).toMatchObject({
      payment_result: { provider_payment_id: 'pay-1', signature: 'sig' },
    });
    expect(await readLastOrderId()).toBe('ord-7');
    expect(track.mock.calls.map(([event]) => event)).toEqual(
      expect.arrayContaining(['order_created', 'checkout_initiated']),
    );
  });

  it('a country chosen between the first render and the start of the machine is the one priced', async () => {
    const logic = checkoutLogic({
      client: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
      userId: 'u-1',
      features: { selfPickup: false, internationalUsers: true },
      track: () => vi.fn(),
    });
    // The input was read while the shop was in India; the buyer switched to the US before the machine started.
    const input = {
      countryCode: 'IN',
      isShippingRequired: true,
      storedOrderId: null,
      packages: cartSelectedPackages(cartStore.items, 'INR'),
      selfPickupEnabled: false,
    };
    countryStore.countryCode = 'US';
    const checkout = createActor(logic, { input }).start();

    const editing = await waitFor(
      checkout,
      (s) => s.matches('shippingEdit') && s.context.countryCode === 'US',
    );
    expect(editing.context.packages).toEqual(cartSelectedPackages(cartStore.items, 'USD'));
    checkout.stop();
  });
});
