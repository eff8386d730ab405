import type { Currency } from '@contract/constants';
import { clear } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { kvStore } from '@/storage/kv';
import {
  addItem,
  addPackageToCart,
  applyCatalogueCheck,
  CART_SYNC_CHANNEL,
  type CartItem,
  cartStore,
  disposeCart,
  flushCart,
  hydrateCart,
  setPackageCount,
  summarizeCart,
  updateItemQuantity,
} from './cart';
import { customBat, pkg, product, solo, withEstimate } from './cart.test-helpers';

const summary = (currency: Currency = 'INR') => summarizeCart(cartStore, currency);
const line = (code: string) => cartStore.items.find((l) => l.productCode === code);

describe('cart store', () => {
  beforeEach(async () => {
    disposeCart();
    await clear(kvStore());
  });

  it('adds every product of a fixed package, and a second add doubles the group', () => {
    addPackageToCart(solo());
    expect(cartStore.items.map((l) => l.productCode)).toEqual([
      'IBC_VR_HEADSET',
      'IBC_TRACKED_BAT',
      'IBC_GAME_1_PROFILE_KEY',
    ]);
    expect(summary().cartTotal).toBe((39_999 + 4_999 + 1_999) * 100);
    addPackageToCart(solo());
    expect(line('IBC_VR_HEADSET')?.quantity).toBe(2);
    expect(line('IBC_TRACKED_BAT')?.itemTotal).toBe(2 * 4_999 * 100);
    // The game key is one per order: it stays at 1.
    expect(line('IBC_GAME_1_PROFILE_KEY')?.quantity).toBe(1);
    expect(summary()).toMatchObject({ totalUniqueItems: 3, totalItems: 5, isEmpty: false });
  });

  it('adds only the chosen products of a customizable package', () => {
    addPackageToCart(customBat(), { 91: 2, 92: 0, 93: -1 });
    expect(cartStore.items.map((l) => [l.productCode, l.quantity])).toEqual([['IBC_CUSTOM_BAT', 2]]);
    expect(summary().cartTotal).toBe(5_000 * 100);
    // Without choices the default quantities (0) add nothing.
    disposeCart();
    addPackageToCart(customBat());
    expect(summary().isEmpty).toBe(true);
  });

  it('never lists ad packages', () => {
    addPackageToCart(pkg({ package_id: 50, package_code: 'AD', package_type: 'ad', products: [] }));
    expect(summary().isEmpty).toBe(true);
  });

  it('removes a line set to 0 or less and ignores an add of 0 or less', () => {
    addPackageToCart(customBat(), { 91: 1, 92: 1 });
    updateItemQuantity('9:92', 0);
    expect(line('IBC_BAT_GRIP')).toBeUndefined();
    updateItemQuantity('9:91', -3);
    expect(summary().isEmpty).toBe(true);

    addPackageToCart(customBat(), { 91: 1 });
    addItem({ id: '9:91' }, 0);
    addItem({ id: '9:91' }, -2);
    expect(line('IBC_CUSTOM_BAT')?.quantity).toBe(1);
    setPackageCount(1, 0);
    addPackageToCart(solo());
    setPackageCount(1, 0);
    expect(cartStore.items.some((l) => l.packageId === 1)).toBe(false);
  });

  it('needs an id, and a price for a new item', () => {
    expect(() => addItem({}, 1)).toThrow('You must provide an `id` for items');
    expect(() => addItem({ id: 'new' }, 1)).toThrow('You must pass a `price` for new items');
  });

  it('applies a changed price and says so, flags stock and lines no longer sold', () => {
    addPackageToCart(solo());
    addPackageToCart(customBat(), { 91: 1 });
    const soloNow = solo(44_999);
    const bat = customBat();
    const [custom] = bat.products;
    if (custom) custom.is_out_of_stock = true;
    applyCatalogueCheck([withEstimate(soloNow), withEstimate(bat)], 'IN', 1234);
    expect(line('IBC_VR_HEADSET')).toMatchObject({ price: 4_499_900, priceChangedFrom: 3_999_900 });
    expect(line('IBC_TRACKED_BAT')?.priceChangedFrom).toBeNull();
    expect(line('IBC_CUSTOM_BAT')).toMatchObject({ outOfStock: true });
    expect(summary().cartTotal).toBe((44_999 + 4_999 + 1_999) * 100);
    expect(cartStore.metadata.pricesCheckedAt).toBe(1234);

    // SOLO missing from the answer: not sold in the country any more; the lines stay, flagged.
    applyCatalogueCheck([withEstimate(bat)], 'US');
    expect(line('IBC_VR_HEADSET')).toMatchObject({ unavailable: true });
    expect(cartStore.items).toHaveLength(4);
  });

  it('re-prices in the new currency without a price-changed note', () => {
    addPackageToCart(solo());
    const usd = pkg({
      ...solo(),
      currency: 'USD',
      products: solo().products.map((p) =>
        product({ ...p, taxable_amount: 10.5, total_amount_for_each_product: 10.5 }),
      ),
    });
    applyCatalogueCheck([withEstimate(usd)], 'US');
    expect(line('IBC_VR_HEADSET')).toMatchObject({ currency: 'USD', price: 1050, priceChangedFrom: null });
    expect(summary('USD')).toMatchObject({ currency: 'USD', cartTotal: 3 * 1050 });
  });

  it("totals in the buyer's currency: a line not sold there never lends the total its currency", () => {
    // A no-cost EMI kit priced in INR, then the buyer switches to the US and adds the game in USD.
    addPackageToCart(pkg({ ...solo(), package_id: 3, package_code: 'SOLO_EMI', available_in: ['IN'] }));
    applyCatalogueCheck([], 'US');
    expect(summary('USD')).toMatchObject({ currency: 'USD', cartTotal: 0 });
    addPackageToCart(
      pkg({
        package_id: 5,
        package_code: 'GAME',
        currency: 'USD',
        products: [product({ product_id: 13, product_code: 'IBC_GAME_1_PROFILE_KEY', taxable_amount: 59 })],
      }),
    );
    expect(summary('USD')).toMatchObject({ currency: 'USD', cartTotal: 5_900 });
    // Back in India before the check answers: the USD game is not added to a rupee total either.
    expect(summary('INR')).toMatchObject({ currency: 'INR', cartTotal: 0 });
  });

  it('counts what the buyer added: packages for fixed groups, quantities for customizable lines', () => {
    addPackageToCart(solo());
    addPackageToCart(solo());
    addPackageToCart(customBat(), { 91: 2, 92: 1 });
    expect(summary().addedCount).toBe(2 + 3);
  });

  it('persists to IndexedDB and rehydrates', async () => {
    await hydrateCart();
    addPackageToCart(solo());
    updateItemQuantity('1:12', 3);
    await flushCart();
    disposeCart();
    expect(summary().isEmpty).toBe(true);
    await hydrateCart();
    expect(cartStore.hydrated).toBe(true);
    expect(cartStore.items.map((l) => [l.productCode, l.quantity])).toEqual([
      ['IBC_VR_HEADSET', 1],
      ['IBC_TRACKED_BAT', 3],
      ['IBC_GAME_1_PROFILE_KEY', 1],
    ]);
  });

  describe('across tabs', () => {
    const otherTabs: BroadcastChannel[] = [];
    function otherTab(): { channel: BroadcastChannel; heard: unknown[] } {
      const channel = new BroadcastChannel(CART_SYNC_CHANNEL);
      const heard: unknown[] = [];
      channel.onmessage = (event) => heard.push(event.data);
      otherTabs.push(channel);
      return { channel, heard };
    }
    afterEach(() => {
      for (const channel of otherTabs.splice(0)) channel.close();
    });
    const cartOf = (items: CartItem[], updatedAt: number) => ({
      items,
      metadata: { pricesCheckedAt: null, countryCode: 'IN', updatedAt },
    });

    it('announces every saved cart to the other tabs', async () => {
      const { heard } = otherTab();
      await hydrateCart();
      addPackageToCart(solo());
      await flushCart();
      await vi.waitFor(() => expect(heard).toHaveLength(1));
      expect((heard[0] as { items: CartItem[] }).items.map((l) => l.productCode)).toContain('IBC_VR_HEADSET');
    });

    it('shows a cart another tab saved, without saving or announcing it again', async () => {
      await hydrateCart();
      addPackageToCart(customBat(), { 91: 1 });
      const theirs = cartStore.items.map((l) => ({ ...l, quantity: 4, itemTotal: l.price * 4 }));
      await flushCart();
      const { channel, heard } = otherTab();
      channel.postMessage(cartOf(theirs, Date.now() + 1_000));
      await vi.waitFor(() => expect(line('IBC_CUSTOM_BAT')?.quantity).toBe(4));
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(heard).toEqual([]);
    });

    it('keeps a change made here after the other tab saved (the later change wins)', async () => {
      await hydrateCart();
      const { channel } = otherTab();
      const older = cartStore.metadata.updatedAt;
      addPackageToCart(solo());
      channel.postMessage(cartOf([], older));
      channel.postMessage({ items: 'not a cart' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(summary().totalUniqueItems).toBe(3);
    });
  });
});
