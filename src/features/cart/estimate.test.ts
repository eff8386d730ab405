import type { Product } from '@contract/catalogue';
import type { PriceEstimateRequest } from '@contract/pricing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { priceEstimateQuery } from '@/api/priceEstimate';
import { fakeNetwork, json, resetClient } from '@/api/test-helpers';
import { addPackageToCart, cartStore, disposeCart } from '@/state/cart';
import { customBat, solo, withEstimate } from '@/state/cart.test-helpers';
import { shouldPersistQuery } from '@/storage/persister';
import {
  cartEstimateFeatures,
  cartEstimateInputs,
  cartEstimateQuery,
  cartSelectedPackages,
  catalogueLineEstimate,
  useCartEstimate,
} from './estimate';
import { fakeEstimate } from './estimate.test-helpers';

describe("the cart's estimate request", () => {
  beforeEach(() => {
    disposeCart();
    addPackageToCart(solo());
    addPackageToCart(customBat(), { 91: 1, 92: 2 });
  });

  it('asks for every line of the cart with its quantity', () => {
    expect(cartSelectedPackages(cartStore.items, 'INR')).toEqual([
      {
        packageId: 1,
        products: [
          { productId: 11, quantity: 1 },
          { productId: 12, quantity: 1 },
          { productId: 13, quantity: 1 },
        ],
      },
      {
        packageId: 9,
        products: [
          { productId: 91, quantity: 1 },
          { productId: 92, quantity: 2 },
        ],
      },
    ]);
  });

  it('leaves out a whole fixed package with a blocked part, and only the blocked line of a customizable one', () => {
    const headset = cartStore.items.find((line) => line.productId === 11);
    const grip = cartStore.items.find((line) => line.productId === 92);
    if (headset) headset.outOfStock = true;
    if (grip) grip.unavailable = true;
    expect(cartSelectedPackages(cartStore.items, 'INR')).toEqual([
      { packageId: 9, products: [{ productId: 91, quantity: 1 }] },
    ]);
  });

  it('leaves out lines not yet priced in the buyer currency', () => {
    expect(cartSelectedPackages(cartStore.items, 'USD')).toEqual([]);
  });

  it('is kept on the device under a key of the cart contents, so a changed cart asks again', () => {
    const key = () =>
      JSON.stringify(cartEstimateQuery(cartEstimateInputs(cartStore.items, 'INR', 'IN'), true).queryKey);
    const before = key();
    const bat = cartStore.items.find((line) => line.productId === 91);
    if (bat) bat.quantity = 2;
    expect(key()).not.toBe(before);
    expect(
      JSON.stringify(cartEstimateQuery(cartEstimateInputs(cartStore.items, 'INR', 'US'), true).queryKey),
    ).not.toBe(key());

    const client = new QueryClient();
    const { queryKey } = cartEstimateQuery(cartEstimateInputs(cartStore.items, 'INR', 'IN'), true);
    client.setQueryData(queryKey, { currency: 'INR' } as never);
    const query = client.getQueryCache().find({ queryKey });
    expect(query && shouldPersistQuery(query)).toBe(true);
  });

  it('does not ask while the cart is not shown or holds nothing to price', () => {
    const inputs = cartEstimateInputs(cartStore.items, 'INR', 'IN');
    expect(cartEstimateQuery(inputs, false).enabled).toBe(false);
    expect(cartEstimateQuery(cartEstimateInputs(cartStore.items, 'USD', 'US'), true).enabled).toBe(false);
    expect(cartEstimateQuery(inputs, true).enabled).toBe(true);
  });
});

describe("the cart's estimate beside the checkout's", () => {
  beforeEach(() => {
    resetClient();
    disposeCart();
    addPackageToCart(solo());
  });
  afterEach(() => vi.unstubAllGlobals());

  it("clearing its older answers never cancels the checkout's price on its way", async () => {
    const held: (() => void)[] = [];
    fakeNetwork((request) => {
      const body = request.body as PriceEstimateRequest;
      const answer = () => json(200, fakeEstimate(body, { packages: [solo()] }));
      // The checkout's estimate (with a state) waits; the cart's answers at once.
      return body.state_name
        ? new Promise<Response>((resolve) => held.push(() => resolve(answer())))
        : answer();
    });
    const client = new QueryClient();
    const checkoutInputs = { ...cartEstimateInputs(cartStore.items, 'INR', 'IN'), stateName: 'KARNATAKA' };
    const checkout = client.fetchQuery(
      priceEstimateQuery(checkoutInputs, { ...cartEstimateFeatures, enabled: true }),
    );
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    const { result } = renderHook(() => useCartEstimate(cartStore.items, 'INR', 'IN', true), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('current'));
    await waitFor(() => expect(held).toHaveLength(1));
    for (const release of held) release();
    await expect(checkout).resolves.toMatchObject({ currency: 'INR' });
  });
});

describe("a line's last known price from the catalogue", () => {
  beforeEach(() => {
    disposeCart();
    addPackageToCart(solo());
  });

  const headsetLine = () => {
    const line = cartStore.items.find((item) => item.productId === 11);
    if (!line) throw new Error('the headset line is missing');
    return line;
  };
  const listed = (overrides: Partial<Product> = {}, currency: 'INR' | 'USD' = 'INR') => {
    const kit = solo();
    return withEstimate({
      ...kit,
      currency,
      products: kit.products.map((p) => (p.product_id === 11 ? { ...p, ...overrides } : p)),
    });
  };

  it('is the price the cart holds with the GST rate the catalogue gives the product, as the product page shows it', () => {
    const known = catalogueLineEstimate(headsetLine(), listed({ gst_rate: 18 }));
    // ₹39,999 + 18 % GST = ₹47,198.82.
    expect(known).toEqual({ quantity: 1, amount: 4_719_882, gstRate: 18, stock: { kind: 'in' } });
  });

  it('says how many are left of a limited product, and out of stock when none are', () => {
    const few = catalogueLineEstimate(
      headsetLine(),
      listed({ availability_type: 'LIMITED', available_quantity: 2 }),
    );
    expect(few?.stock).toEqual({ kind: 'few', left: 2 });
    const none = catalogueLineEstimate(
      headsetLine(),
      listed({ availability_type: 'LIMITED', available_quantity: 0 }),
    );
    expect(none?.stock).toEqual({ kind: 'out' });
  });

  it('is unknown when the catalogue does not hold the package, or holds it in another currency', () => {
    expect(catalogueLineEstimate(headsetLine(), undefined)).toBeNull();
    expect(catalogueLineEstimate(headsetLine(), listed({}, 'USD'))).toBeNull();
  });
});
