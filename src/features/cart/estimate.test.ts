import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { addPackageToCart, cartStore, disposeCart } from '@/state/cart';
import { customBat, solo } from '@/state/cart.test-helpers';
import { shouldPersistQuery } from '@/storage/persister';
import { cartEstimateInputs, cartEstimateQuery, cartSelectedPackages } from './estimate';

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
