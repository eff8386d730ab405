import type { Currency } from '@contract/constants';
import { clear, get, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { kvStore, STORAGE_KEYS } from '@/storage/kv';
import {
  addItem,
  addPackageToCart,
  CART_SYNC_CHANNEL,
  type CartItem,
  cartStore,
  disposeCart,
  flushCart,
  hydrateCart,
  packageCount,
  setPackageCount,
} from './cart';
import { customBat, pkg, product, solo, withEstimate } from './cart.test-helpers';
import { applyCatalogueCheck, summarizeCart, updateItemQuantity } from './cartEdits';
import { cartSelectedPackages } from './cartSelection';

const summary = (currency: Currency = 'INR') => summarizeCart(cartStore, currency);
const line = (code: string) => cartStore.items.find((l) => l.productCode === code);

describe('cart store', () => {
  beforeEach(async () => {
    disposeCart();
    await clear(kvStore());
  });

  it('keeps a line per design of a designed bat, priced with its options, and asks the estimate for each', () => {
    const options = {
      engraving_max_length: 12,
      groups: (['willow', 'size', 'weight', 'handle', 'grip'] as const).map((group) => ({
        group,
        name: group,
        options: [
          { code: 'A', label: `${group} a`, detail: '', price_delta: 0, colour: null, length_mm: null },
          { code: 'B', label: `${group} b`, detail: '', price_delta: 100, colour: null, length_mm: null },
        ],
      })),
    };
    const bat = customBat();
    const designed = {
      ...bat,
      products: bat.products.map((p) => (p.product_id === 91 ? { ...p, customization_options: options } : p)),
    };
    const plain = { willow: 'A', size: 'A', weight: 'A', handle: 'A', grip: 'A', engraving: '' };
    const fancy = { ...plain, willow: 'B', engraving: 'ASHA' };
    const plainChoice = {
      design: plain,
      extraMinor: 0,
      description: 'willow a, size a, weight a, handle a, grip a',
    };
    const fancyChoice = {
      design: fancy,
      extraMinor: 10_000,
      description: "willow b, size a, weight a, handle a, grip a, engraved 'ASHA'",
    };
    addPackageToCart(designed, { 91: 1 }, { 91: plainChoice });
    addPackageToCart(designed, { 91: 2 }, { 91: fancyChoice });
    addPackageToCart(designed, { 91: 1 }, { 91: plainChoice });
    const bats = cartStore.items.filter((l) => l.productId === 91);
    expect(bats.map((l) => [l.quantity, l.price, l.customizationDescription])).toEqual([
      [2, 2_500 * 100, 'willow a, size a, weight a, handle a, grip a'],
      [2, 2_600 * 100, "willow b, size a, weight a, handle a, grip a, engraved 'ASHA'"],
    ]);
    expect(cartSelectedPackages(cartStore.items, 'INR')[0]?.products).toEqual([
      { productId: 91, quantity: 2, customization: plain },
      { productId: 91, quantity: 2, customization: fancy },
    ]);
    // An option the catalogue no longer offers makes that design unavailable, not silently re-priced.
    const withdrawn = {
      ...options,
      groups: options.groups.map((g) =>
        g.group === 'willow' ? { ...g, options: g.options.slice(0, 1) } : g,
      ),
    };
    applyCatalogueCheck(
      [
        withEstimate({
          ...designed,
          products: designed.products.map((p) =>
            p.product_id === 91 ? { ...p, customization_options: withdrawn } : p,
          ),
        }),
      ],
      'IN',
    );
    expect(cartStore.items.filter((l) => l.productId === 91).map((l) => l.unavailable)).toEqual([
      false,
      true,
    ]);
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
    // The game key only DISPLAYS 1 (spec §2): the cart holds and prices one per kit.
    expect(line('IBC_GAME_1_PROFILE_KEY')?.quantity).toBe(2);
    expect(summary()).toMatchObject({ totalUniqueItems: 3, totalItems: 6, isEmpty: false });
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

  it('prices two kits at twice one kit: a single-quantity code is displayed once, never charged once', () => {
    addPackageToCart(solo());
    const one = summary().cartTotal;
    addPackageToCart(solo());
    expect(summary().cartTotal).toBe(2 * one);
    addPackageToCart(
      pkg({
        package_id: 8,
        package_code: 'KEYS',
        package_type: 'customizable',
        products: [product({ product_id: 81, product_code: 'IBC_STEAM_GAME_KEY', quantity: 0 })],
      }),
      { 81: 3 },
    );
    expect(line('IBC_STEAM_GAME_KEY')).toMatchObject({ quantity: 3, itemTotal: 3 * 1000 * 100 });
  });

  it("keeps a fixed package's zero-quantity products (customizable packages drop them)", () => {
    const kit = pkg({
      package_id: 4,
      package_code: 'KIT_WITH_SPARE',
      products: [
        product({ product_id: 41, product_code: 'IBC_VR_HEADSET', taxable_amount: 100 }),
        product({ product_id: 42, product_code: 'IBC_SPARE_STRAP', taxable_amount: 5, quantity: 0 }),
      ],
    });
    addPackageToCart(kit);
    expect(line('IBC_SPARE_STRAP')).toMatchObject({ quantity: 0, itemTotal: 0, price: 500 });
    addPackageToCart(kit);
    expect(line('IBC_SPARE_STRAP')?.quantity).toBe(0);
    expect(summary()).toMatchObject({ addedCount: 2, cartTotal: 2 * 100 * 100 });
    addPackageToCart(customBat(), { 91: 1, 92: 0 });
    expect(line('IBC_BAT_GRIP')).toBeUndefined();
  });

  it("carries spec §3's cart-side product fields and the only-game-product flag", () => {
    const game = pkg({
      package_id: 6,
      package_code: 'GAME',
      products: [
        product({
          product_id: 61,
          product_code: 'IBC_GAME_1_PROFILE_KEY',
          product_type: 'game',
          description: 'One profile, for ever',
          price_estimate_details: {
            quantity: 1,
            total_amount: 2_358.82,
            total_taxable_amount: 1_999,
            total_tax: 359.82,
            total_discount: 0,
          },
        }),
      ],
    });
    addPackageToCart(game);
    addPackageToCart(solo());
    expect(line('IBC_GAME_1_PROFILE_KEY')).toMatchObject({
      productId: 61,
      productCode: 'IBC_GAME_1_PROFILE_KEY',
      name: 'IBC_GAME_1_PROFILE_KEY',
      description: 'One profile, for ever',
      picUrl: '/images/products/IBC_GAME_1_PROFILE_KEY.webp',
      quantity: 1,
      productType: 'game',
      priceEstimateDetails: { totalAmount: 235_882 },
      onlyGameProduct: true,
    });
    expect(line('IBC_VR_HEADSET')).toMatchObject({ onlyGameProduct: false, priceEstimateDetails: null });
  });

  it('loads a cart stored by an older version (with lastSeenPrice, without the newer fields)', async () => {
    const old = (id: string, productId: number, productCode: string, productType: string) => ({
      id,
      price: 199_900,
      quantity: 1,
      itemTotal: 199_900,
      currency: 'INR',
      packageId: 6,
      packageCode: 'GAME',
      packageName: 'IBC game - 1 profile',
      packageType: 'fixed',
      packageCount: 1,
      unitsPerPackage: 1,
      packageLineAmount: 199_900,
      productId,
      productCode,
      productType,
      name: productCode,
      picUrl: '',
      lastSeenPrice: 199_900,
      outOfStock: false,
      unavailable: false,
      priceChangedFrom: null,
    });
    await set(
      STORAGE_KEYS.cart,
      {
        value: {
          items: [
            old('6:61', 61, 'IBC_GAME_1_PROFILE_KEY', 'game'),
            { ...old('7:71', 71, 'IBC_VR_HEADSET', 'default'), packageId: 7 },
          ],
          metadata: { pricesCheckedAt: null, countryCode: 'IN', updatedAt: 1 },
        },
        savedAt: 1,
        expiresAt: null,
      },
      kvStore(),
    );
    await hydrateCart();
    expect(cartStore.items).toHaveLength(2);
    expect(line('IBC_GAME_1_PROFILE_KEY')).toMatchObject({
      description: '',
      priceEstimateDetails: null,
      onlyGameProduct: true,
    });
    expect(line('IBC_GAME_1_PROFILE_KEY')).not.toHaveProperty('lastSeenPrice');
    expect(line('IBC_VR_HEADSET')?.onlyGameProduct).toBe(false);
    expect(summary().cartTotal).toBe(2 * 199_900);
  });

  it('persists to IndexedDB and rehydrates', async () => {
    await hydrateCart();
    addPackageToCart(solo());
    updateItemQuantity('1:12', 3);
    // A nested field (the line's estimate) must be saved as plain data, not as the store's proxy.
    const [headset] = cartStore.items;
    if (headset) headset.priceEstimateDetails = { totalAmount: 4_719_882 };
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
    expect(cartStore.items[0]?.priceEstimateDetails).toEqual({ totalAmount: 4_719_882 });
  });

  it('counts an add made before the stored cart was read on top of it, not in place of it', async () => {
    await hydrateCart();
    addPackageToCart(solo());
    addPackageToCart(customBat(), { 91: 1 });
    await flushCart();
    disposeCart();
    // A new page: the buyer adds the same kit and two more bats before the stored cart is read.
    addPackageToCart(solo());
    addPackageToCart(customBat(), { 91: 2 });
    await hydrateCart();
    expect(packageCount(solo().package_id)).toBe(2);
    expect(line('IBC_VR_HEADSET')?.quantity).toBe(2);
    expect(line('IBC_CUSTOM_BAT')?.quantity).toBe(3);
    expect(line('IBC_CUSTOM_BAT')?.packageCount).toBe(1);
    expect(summary().totalItems).toBe(3 * 2 + 3);
  });

  it('writes the first change at once, so a buyer who leaves right after adding keeps it', async () => {
    await hydrateCart();
    // The write window's timer never fires here: only a write made without it can land.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      addPackageToCart(solo());
      // Polled on setImmediate, which is not faked (vi.waitFor would advance the fake timers).
      const storedCodes = async () => {
        const stored = (await get(STORAGE_KEYS.cart, kvStore())) as
          | { value: { items: CartItem[] } }
          | undefined;
        return stored?.value.items.map((l) => l.productCode) ?? [];
      };
      for (let i = 0; i < 100 && !(await storedCodes()).includes('IBC_VR_HEADSET'); i++)
        await new Promise((resolve) => setImmediate(resolve));
      expect(await storedCodes()).toContain('IBC_VR_HEADSET');
      // A change within the window waits for it (or a flush), and is then written too.
      updateItemQuantity('1:12', 3);
      await flushCart();
      const stored = (await get(STORAGE_KEYS.cart, kvStore())) as { value: { items: CartItem[] } };
      expect(stored.value.items.find((l) => l.productCode === 'IBC_TRACKED_BAT')?.quantity).toBe(3);
    } finally {
      vi.useRealTimers();
    }
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
      vi.restoreAllMocks();
    });
    /** What a tab heard of every message posted so far: messages arrive in the order posted, so up to a marker sent now. */
    async function delivered(heard: unknown[]): Promise<unknown[]> {
      const marker = { marker: crypto.randomUUID() };
      const sender = new BroadcastChannel(CART_SYNC_CHANNEL);
      otherTabs.push(sender);
      sender.postMessage(marker);
      await vi.waitFor(() => expect(heard).toContainEqual(marker));
      return heard.slice(
        0,
        heard.findIndex((message) => (message as Partial<typeof marker>).marker === marker.marker),
      );
    }
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
      channel.postMessage(cartOf(theirs, cartStore.metadata.updatedAt + 1_000));
      await vi.waitFor(() => expect(line('IBC_CUSTOM_BAT')?.quantity).toBe(4));
      // Any write it scheduled happens now; a marker posted after it reaches the other tab after it.
      await flushCart();
      expect(await delivered(heard)).toEqual([]);
    });

    it('keeps a change made here after the other tab saved (the later change wins)', async () => {
      await hydrateCart();
      const { channel } = otherTab();
      const older = cartStore.metadata.updatedAt;
      addPackageToCart(solo());
      const { cartRecordSchema } = await import('./cart-schema');
      const examined = vi.spyOn(cartRecordSchema, 'safeParse');
      channel.postMessage(cartOf([], older));
      channel.postMessage({ items: 'not a cart' });
      // This tab has looked at both once it has parsed the second; each is applied or dropped right after.
      await vi.waitFor(() => expect(examined).toHaveBeenCalledWith({ items: 'not a cart' }));
      expect(examined).toHaveBeenCalledWith(cartOf([], older));
      expect(summary().totalUniqueItems).toBe(3);
    });
  });
});
