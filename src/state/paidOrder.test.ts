import { clear } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { readLastOrderId, writeLastOrderId } from '@/storage/checkoutDraft';
import { kvStore } from '@/storage/kv';
import {
  adBookingStore,
  chooseAdPackage,
  disposeAdBooking,
  flushAdBooking,
  hydrateAdBooking,
  toggleAdDevice,
} from './adBooking';
import { MUMBAI } from './adBooking.test-helpers';
import { addPackageToCart, cartStore } from './cart';
import { solo } from './cart.test-helpers';
import { clearCart } from './cartEdits';
import { settlePaidOrder } from './paidOrder';

describe('settlePaidOrder', () => {
  beforeEach(async () => {
    await clear(kvStore());
    clearCart();
    addPackageToCart(solo());
  });

  it('empties the cart and forgets the order this device placed last', async () => {
    await writeLastOrderId('ord-1');
    expect(await settlePaidOrder('ord-1')).toBe(true);
    expect(cartStore.items).toEqual([]);
    expect(await readLastOrderId()).toBeNull();
  });

  it('leaves the cart and the stored id of a newer order be', async () => {
    await writeLastOrderId('ord-2');
    expect(await settlePaidOrder('ord-1')).toBe(false);
    expect(cartStore.items.length).toBeGreaterThan(0);
    expect(await readLastOrderId()).toBe('ord-2');
  });
});

describe('settlePaidOrder for an ad booking', () => {
  beforeEach(async () => {
    disposeAdBooking();
    await clear(kvStore());
    clearCart();
    addPackageToCart(solo());
    chooseAdPackage(MUMBAI);
    toggleAdDevice('MUM-ARENA-BAY-1');
  });

  it('clears the booking the order was made from and leaves the cart as it is', async () => {
    const lines = cartStore.items.length;
    await writeLastOrderId('ord-ad', Date.now(), 'ad');
    expect(await settlePaidOrder('ord-ad')).toBe(true);
    expect(adBookingStore.choice).toBeNull();
    expect(cartStore.items).toHaveLength(lines);
    expect(await readLastOrderId()).toBeNull();
  });

  it('clears the booking kept on the device even where it was never read (the result page)', async () => {
    await hydrateAdBooking();
    chooseAdPackage(MUMBAI);
    toggleAdDevice('MUM-ARENA-BAY-2');
    await flushAdBooking();
    disposeAdBooking();
    await writeLastOrderId('ord-ad', Date.now(), 'ad');
    expect(await settlePaidOrder('ord-ad')).toBe(true);
    await hydrateAdBooking();
    expect(adBookingStore.choice).toBeNull();
  });

  it('leaves the booking be when a cart order is paid', async () => {
    await writeLastOrderId('ord-cart');
    expect(await settlePaidOrder('ord-cart')).toBe(true);
    expect(adBookingStore.choice?.deviceCodes).toEqual(['MUM-ARENA-BAY-1']);
    expect(cartStore.items).toEqual([]);
  });
});
