import { clear } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { readLastOrderId, writeLastOrderId } from '@/storage/checkoutDraft';
import { kvStore } from '@/storage/kv';
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
