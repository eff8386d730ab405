import type { PriceEstimateResponse } from '@contract/pricing';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setErrorReporter } from './errors';
import {
  emptyPriceView,
  estimatePath,
  fetchPriceEstimate,
  isEstimateSkipped,
  type PriceEstimateInputs,
  priceEstimateQuery,
  toEstimateRequest,
  toPriceView,
} from './priceEstimate';
import { errorBody, fakeNetwork, json, resetClient } from './test-helpers';

let restoreReporter: () => void;

beforeEach(() => {
  resetClient();
  restoreReporter = setErrorReporter(vi.fn());
});

afterEach(() => {
  restoreReporter();
  vi.unstubAllGlobals();
});

const INDIA = { selfPickup: true, internationalUsers: false };
const WORLD = { selfPickup: true, internationalUsers: true };

const solo = {
  packageId: 1,
  products: [
    { productId: 11, quantity: 1 },
    { productId: 12, quantity: 0 },
  ],
};
const bat = { packageId: 9, products: [{ productId: 91, quantity: 0 }] };

const inputs: PriceEstimateInputs = {
  packages: [solo, bat],
  couponCode: ' WELCOME10 ',
  associateCode: '',
  stateName: 'KARNATAKA',
  countryName: 'IN',
  shippingPinCode: '560001',
  deliveryOption: 'SHIPPING_SERVICE',
};

const ESTIMATE: PriceEstimateResponse = {
  country_code: 'IN',
  currency: 'INR',
  total_price: 48_138,
  taxable_amount: 36_585.5,
  tax_amount: 6_604.6,
  shipping_charges: 149,
  discounts: 4_798.9,
  coupon_discount: 4_000,
  association_discount: 0,
  other_discounts: [{ discount_name: 'Festival offer', discount_value: 798.9 }],
  amount_payable: 43_339.1,
  pricing_type: 'FULL_PAYMENT',
  emi_amount_starting_from: 0,
  emi_tenure_months: null,
  is_shipping_required: true,
  is_out_of_stock: false,
  gst: { supply: 'intra_state', cgst: 3_302.3, sgst: 3_302.3, igst: 0 },
  coupon_code: 'WELCOME10',
  associate_code: null,
  associate_name: null,
  packages: [],
};

describe('the estimate request', () => {
  it('sends only quantities above 0 and drops a package left empty', () => {
    const body = toEstimateRequest(inputs, INDIA);
    expect(body.packages).toEqual([{ package_id: 1, products: [{ product_id: 11, quantity: 1 }] }]);
    expect(body).toMatchObject({
      coupon_code: 'WELCOME10',
      associate_code: null,
      shipping_pin_code: '560001',
      billing_details: { state_name_enum: 'KARNATAKA', country_name_enum: 'IN' },
    });
  });

  it('sends the delivery option only when self pickup is enabled', () => {
    expect(toEstimateRequest(inputs, INDIA).shipping_through).toBe('SHIPPING_SERVICE');
    expect(toEstimateRequest(inputs, { ...INDIA, selfPickup: false })).not.toHaveProperty('shipping_through');
  });

  it('sends an international state name with spaces, and India when no country is known', () => {
    const abroad = toEstimateRequest({ ...inputs, countryName: 'us', stateName: 'NEW_YORK' }, WORLD);
    expect(abroad).toMatchObject({
      state_name: 'NEW YORK',
      country_name: 'US',
      billing_details: { state_name_enum: 'NEW_YORK', country_name_enum: 'US' },
    });
    expect(toEstimateRequest({ ...inputs, countryName: null }, INDIA).country_name).toBe('IN');
  });

  it('is skipped when every product quantity is zero (spec §4 step 11)', () => {
    expect(isEstimateSkipped([bat, { packageId: 2, products: [{ productId: 21, quantity: 0 }] }])).toBe(true);
    expect(isEstimateSkipped([])).toBe(true);
    expect(isEstimateSkipped([solo, bat])).toBe(false);
  });

  it('uses v2 when international users are enabled, else v1 for one package', () => {
    expect(estimatePath(1, WORLD)).toBe('/orders/price_estimate/multiple_packages/v2/');
    expect(estimatePath(1, INDIA)).toBe('/orders/price_estimate/v1/');
    expect(estimatePath(2, INDIA)).toBe('/orders/price_estimate/multiple_packages/v1/');
  });
});

describe('the estimate call', () => {
  it('posts the request to the commerce service, anonymously without a session', async () => {
    const { requests } = fakeNetwork(() => json(200, ESTIMATE));
    await expect(fetchPriceEstimate(inputs, WORLD)).resolves.toEqual(ESTIMATE);
    expect(requests[0]?.url).toBe('/api/commerce/orders/price_estimate/multiple_packages/v2/');
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
    expect(requests[0]?.body).toMatchObject({ coupon_code: 'WELCOME10' });
  });

  it("puts a refused coupon's message on the coupon field", async () => {
    fakeNetwork(() => json(400, errorBody(400, 'BAD_REQUEST', { field: 'coupon_code' })));
    const error = await fetchPriceEstimate(inputs, INDIA).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).field).toBe('coupon_code');
    expect((error as ApiError).httpStatusCode).toBe(400);
    expect((error as ApiError).message).toBe('message for BAD_REQUEST');
  });
});

describe('estimates asked for at once', () => {
  /** A network whose answers wait until the test releases them. */
  function heldNetwork() {
    const releases: (() => void)[] = [];
    const network = fakeNetwork(
      () => new Promise<Response>((resolve) => releases.push(() => resolve(json(200, ESTIMATE)))),
    );
    const releaseAll = () => {
      for (const release of releases.splice(0)) release();
    };
    return { ...network, releaseAll };
  }

  it('the cart and the checkout asking for the same price share one request; an answer is not reused later', async () => {
    const network = heldNetwork();
    const client = new QueryClient();
    const cart = new QueryObserver(
      client,
      priceEstimateQuery(inputs, { ...WORLD, enabled: true }, { gcTime: 60_000 }),
    );
    const stopCart = cart.subscribe(() => undefined);
    const checkout = client.fetchQuery(priceEstimateQuery({ ...inputs }, { ...WORLD, enabled: true }));
    await vi.waitFor(() => expect(network.requests).toHaveLength(1));
    network.releaseAll();
    await expect(checkout).resolves.toEqual(ESTIMATE);
    // Both answered from that one request.
    expect(network.requests).toHaveLength(1);

    const later = client.fetchQuery(priceEstimateQuery(inputs, { ...WORLD, enabled: true }));
    await vi.waitFor(() => expect(network.requests).toHaveLength(2));
    network.releaseAll();
    await expect(later).resolves.toEqual(ESTIMATE);
    stopCart();
  });

  it('asks separately for different inputs', async () => {
    const network = heldNetwork();
    const client = new QueryClient();
    const asked = [
      client.fetchQuery(priceEstimateQuery(inputs, { ...WORLD, enabled: true })),
      client.fetchQuery(priceEstimateQuery({ ...inputs, couponCode: 'OTHER' }, { ...WORLD, enabled: true })),
    ];
    await vi.waitFor(() => expect(network.requests).toHaveLength(2));
    network.releaseAll();
    await Promise.all(asked);
    expect(new Set(network.requests.map((r) => JSON.stringify(r.body)))).toHaveProperty('size', 2);
  });
});

describe('the estimate query (spec §7)', () => {
  it('runs only when enabled, never on focus, and keeps nothing past its key', () => {
    const options = priceEstimateQuery(inputs, { ...INDIA, enabled: true });
    expect(options.enabled).toBe(true);
    expect(options.refetchOnWindowFocus).toBe(false);
    expect(options.gcTime).toBe(0);
    expect(priceEstimateQuery(inputs, { ...INDIA, enabled: false }).enabled).toBe(false);
    expect(priceEstimateQuery({ ...inputs, packages: [bat] }, { ...INDIA, enabled: true }).enabled).toBe(
      false,
    );
  });

  it('is keyed by the selected packages and every input', () => {
    const key = (changed: Partial<PriceEstimateInputs>) =>
      JSON.stringify(priceEstimateQuery({ ...inputs, ...changed }, { ...INDIA, enabled: true }).queryKey);
    expect(key({})).toBe(key({}));
    expect(key({ couponCode: 'FLAT500' })).not.toBe(key({}));
    expect(key({ stateName: 'GOA' })).not.toBe(key({}));
    expect(key({ deliveryOption: 'SELF_PICKUP' })).not.toBe(key({}));
    expect(key({ packages: [{ ...solo, products: [{ productId: 11, quantity: 2 }] }] })).not.toBe(key({}));
  });

  it('is kept longer for a screen that shows its last answer offline, under the same key', () => {
    const shown = priceEstimateQuery(inputs, { ...INDIA, enabled: true });
    const kept = priceEstimateQuery(inputs, { ...INDIA, enabled: true }, { gcTime: 60_000 });
    expect(kept.queryKey).toEqual(shown.queryKey);
    expect(kept.gcTime).toBe(60_000);
  });

  it('asks the server only once enabled', async () => {
    const { requests } = fakeNetwork(() => json(200, ESTIMATE));
    const client = new QueryClient();
    const disabled = new QueryObserver(client, priceEstimateQuery(inputs, { ...INDIA, enabled: false }));
    const stopDisabled = disabled.subscribe(() => undefined);
    expect(requests).toHaveLength(0);
    stopDisabled();
    const enabled = new QueryObserver(client, priceEstimateQuery(inputs, { ...INDIA, enabled: true }));
    const seen = new Promise<PriceEstimateResponse | undefined>((resolve) => {
      const stop = enabled.subscribe((result) => {
        if (result.isSuccess) {
          stop();
          resolve(result.data);
        }
      });
    });
    await expect(seen).resolves.toEqual(ESTIMATE);
    expect(requests).toHaveLength(1);
  });
});

describe('the price view', () => {
  it('reads the amounts in minor units; subtotal = total − coupon − association − other discounts', () => {
    const view = toPriceView(ESTIMATE);
    expect(view).toMatchObject({
      totalPrice: 4_813_800,
      couponDiscount: 400_000,
      associationDiscount: 0,
      otherDiscounts: [{ name: 'Festival offer', value: 79_890 }],
      shippingCharges: 14_900,
      isShippingRequired: true,
    });
    // 48,138.00 − 4,000.00 − 0 − 798.90 = 43,339.10
    expect(view.subtotal).toBe(4_333_910);
  });

  it('starts from the empty estimate: all 0, no shipping, no other discounts', () => {
    expect(emptyPriceView()).toEqual({
      currency: 'INR',
      totalPrice: 0,
      taxableAmount: 0,
      taxAmount: 0,
      shippingCharges: 0,
      couponDiscount: 0,
      associationDiscount: 0,
      otherDiscounts: [],
      subtotal: 0,
      pricingType: 'FULL_PAYMENT',
      emiAmountStartingFrom: 0,
      emiTenureMonths: null,
      isShippingRequired: false,
      gst: null,
    });
  });

  it('keeps the GST parts, in minor units', () => {
    expect(toPriceView(ESTIMATE).gst).toEqual({
      supply: 'intra_state',
      cgst: 330_230,
      sgst: 330_230,
      igst: 0,
    });
  });
});
