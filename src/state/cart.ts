import type { BatDesign, DesignChoice } from '@contract/bat-design';
import type { Package } from '@contract/catalogue';
import { type Currency, toMinor } from '@contract/money';
import { proxy, snapshot, subscribe, useSnapshot } from 'valtio';
import { CATALOGUE_CONTRACT_IMPORTS } from '@/api/contractImports';
import { importInSteps, yieldToMain } from '@/lib/yieldToMain';
import { STORAGE_KEYS, storedValue } from '@/storage/kv';
import type { CartItem, CartRecord } from './cart-schema';

export type { CartItem, CartMetadata } from './cart-schema';

/*
 * The cart (spec §3 Cart item and Cart, §4 Cart). One line per product; a fixed package's lines move
 * together as a group (their quantity is units-per-package × package count). Amounts are integer minor units.
 */

export interface CartState extends CartRecord {
  /** False until the stored cart has been read at boot. */
  hydrated: boolean;
}

export const cartStore = proxy<CartState>({
  items: [],
  metadata: { pricesCheckedAt: null, countryCode: null, updatedAt: 0 },
  hydrated: false,
});

export function lineTotal(
  item: Pick<CartItem, 'price' | 'quantity' | 'packageLineAmount' | 'packageCount'>,
): number {
  if (item.packageLineAmount === null) return item.price * item.quantity;
  return item.packageLineAmount * item.packageCount;
}

/** Unit price and per-package amount of a product as the catalogue prices it now. */
export function pricing(
  pkg: Pick<Package, 'package_type' | 'currency'>,
  product: Package['products'][number],
): { price: number; packageLineAmount: number | null } {
  if (pkg.package_type !== 'fixed') {
    return { price: toMinor(product.taxable_amount, pkg.currency), packageLineAmount: null };
  }
  const packageLineAmount = toMinor(product.total_amount_for_each_product, pkg.currency);
  // A product a fixed package holds none of (spec §3 keeps it) costs nothing in it; its unit price is still shown.
  const price =
    product.quantity > 0
      ? Math.round(packageLineAmount / product.quantity)
      : toMinor(product.taxable_amount, pkg.currency);
  return { price, packageLineAmount };
}

/** Spec §3 priceEstimateDetails.totalAmount (minor units) when the catalogue's answer carries it. */
export function estimateOf(
  product: Package['products'][number],
  currency: Currency,
): CartItem['priceEstimateDetails'] {
  const details = product.price_estimate_details;
  return details ? { totalAmount: toMinor(details.total_amount, currency) } : null;
}

export function touch(): void {
  cartStore.metadata.updatedAt = Date.now();
}

/**
 * Spec §2's only-game-product flag: the package holds nothing but game products (a key, no hardware to ship).
 * Fixed packages only; a customizable line is never flagged.
 */
export function isOnlyGamePackage(pkg: Pick<Package, 'package_type' | 'products'>): boolean {
  const held = pkg.products.filter((p) => p.quantity > 0);
  return pkg.package_type === 'fixed' && held.length > 0 && held.every((p) => p.product_type === 'game');
}

export type NewCartItem = Omit<
  CartItem,
  'quantity' | 'itemTotal' | 'price' | 'customization' | 'customizationDescription'
> & {
  price?: number;
  customization?: BatDesign | null;
  customizationDescription?: string | null;
};

/** A line's id: the package and product, and the design of a designed product. */
export function cartLineId(packageId: number, productId: number, design?: BatDesign | null): string {
  // designKey's order, written out so the shell's first load does not pull the design module in.
  const key = design
    ? [design.willow, design.size, design.weight, design.handle, design.grip, design.engraving].join('|')
    : null;
  return key === null ? `${packageId}:${productId}` : `${packageId}:${productId}:${key}`;
}

/**
 * Adds `quantity` of an item (spec §4: an add of 0 or less is ignored). An item needs an id; a new item
 * needs a price.
 */
export function addItem(item: Partial<NewCartItem> & { id?: string }, quantity = 1): void {
  if (!item.id) throw new Error('You must provide an `id` for items');
  if (!Number.isFinite(quantity) || quantity <= 0) return;
  const existing = cartStore.items.find((line) => line.id === item.id);
  if (existing) {
    existing.quantity = existing.quantity + Math.floor(quantity);
    existing.itemTotal = lineTotal(existing);
    touch();
    return;
  }
  if (item.price === undefined) throw new Error('You must pass a `price` for new items');
  const parsed: CartItem = {
    ...(item as NewCartItem),
    customization: item.customization ?? null,
    customizationDescription: item.customizationDescription ?? null,
    price: item.price,
    quantity: Math.floor(quantity),
    itemTotal: 0,
  };
  parsed.itemTotal = lineTotal(parsed);
  cartStore.items.push(parsed);
  touch();
}

/** How many of a fixed package are in the cart (0 when none). */
export function packageCount(packageId: number): number {
  return cartStore.items.find((line) => line.packageId === packageId)?.packageCount ?? 0;
}

/** Sets how many of a fixed package the cart holds: its lines move together; 0 or less removes them. */
export function setPackageCount(packageId: number, count: number): void {
  if (!Number.isFinite(count) || count <= 0) {
    removePackage(packageId);
    return;
  }
  const next = Math.floor(count);
  for (const line of cartStore.items) {
    if (line.packageId !== packageId) continue;
    line.packageCount = next;
    line.quantity = line.unitsPerPackage * next;
    line.itemTotal = lineTotal(line);
  }
  touch();
}

export function removePackage(packageId: number): void {
  cartStore.items = cartStore.items.filter((line) => line.packageId !== packageId);
  touch();
}

function lineFromProduct(
  pkg: Package,
  product: Package['products'][number],
  made: DesignChoice | null = null,
): NewCartItem & { price: number } {
  const { price, packageLineAmount } = pricing(pkg, product);
  return {
    id: cartLineId(pkg.package_id, product.product_id, made?.design),
    // The product page's price for the design; the cart's estimate asks the server for the real one.
    price: price + (made?.extraMinor ?? 0),
    customization: made?.design ?? null,
    customizationDescription: made?.description ?? null,
    packageLineAmount,
    currency: pkg.currency,
    packageId: pkg.package_id,
    packageCode: pkg.package_code,
    packageName: pkg.name,
    packageType: pkg.package_type === 'fixed' ? 'fixed' : 'customizable',
    packageCount: 1,
    unitsPerPackage: product.quantity,
    onlyGameProduct: isOnlyGamePackage(pkg),
    productId: product.product_id,
    productCode: product.product_code,
    productType: product.product_type,
    name: product.name,
    description: product.description,
    picUrl: product.pic_url,
    priceEstimateDetails: estimateOf(product, pkg.currency),
    outOfStock: product.is_out_of_stock,
    unavailable: false,
    priceChangedFrom: null,
  };
}

/**
 * Adds a package from the catalogue. Fixed: one of the package (every product with its quantity; a second
 * add makes the group count 2). Customizable: the chosen products with quantity above 0 (`quantities` by
 * product_id, else each product's own quantity), a designed product with its design (`designs` by product_id: a
 * line per distinct design). Ad packages are booked elsewhere and never enter this list.
 */
export function addPackageToCart(
  pkg: Package,
  quantities?: Record<number, number>,
  designs?: Record<number, DesignChoice>,
): void {
  if (pkg.package_type === 'ad') return;
  if (pkg.package_type === 'fixed') {
    const count = packageCount(pkg.package_id);
    if (count > 0) {
      setPackageCount(pkg.package_id, count + 1);
      return;
    }
    // Spec §3: a fixed package keeps its zero-quantity products, so they enter as lines of quantity 0.
    for (const product of pkg.products) {
      const line: CartItem = {
        ...lineFromProduct(pkg, product),
        customization: null,
        customizationDescription: null,
        quantity: product.quantity,
        itemTotal: 0,
      };
      line.itemTotal = lineTotal(line);
      cartStore.items.push(line);
    }
    touch();
    return;
  }
  for (const product of pkg.products) {
    const quantity = quantities ? (quantities[product.product_id] ?? 0) : product.quantity;
    if (quantity <= 0) continue;
    addItem(
      { ...lineFromProduct(pkg, product, designs?.[product.product_id]), unitsPerPackage: 1 },
      quantity,
    );
  }
}

/** What the buyer added: one per fixed package in the cart (its count), and each customizable product's quantity. */
export function addedCount(
  items: readonly Pick<CartItem, 'packageId' | 'packageType' | 'packageCount' | 'quantity'>[],
) {
  const fixed = new Map<number, number>();
  let custom = 0;
  for (const line of items) {
    if (line.packageType === 'fixed') fixed.set(line.packageId, line.packageCount);
    else custom += line.quantity;
  }
  return [...fixed.values()].reduce((sum, count) => sum + count, custom);
}

/** The cart badge's number: what the buyer added, not the parts of a package. */
export function useCartCount(): number {
  const { items } = useSnapshot(cartStore);
  return addedCount(items);
}

// ---- Persistence: IndexedDB through src/storage, hydrated at boot, writes batched and flushed on hide ----

// The schema loads with the first read (after the first paint), not with the shell; zod and the catalogue contract
// it is built from evaluate first, each in a task of its own.
const storedCart = storedValue(STORAGE_KEYS.cart, () =>
  importInSteps(CATALOGUE_CONTRACT_IMPORTS)
    .then(() => import('./cart-schema'))
    .then((m) => m.cartRecordSchema),
);
const WRITE_DELAY_MS = 250;
let writeTimer: ReturnType<typeof setTimeout> | undefined;
/** A change not yet written: it goes at the end of the write window, or with a flush. */
let unsaved = false;
let persisting: (() => void) | undefined;
let hydration: Promise<void> | undefined;

/** Plain objects (a valtio snapshot, no proxies), so IndexedDB and BroadcastChannel can clone them. */
function snapshotRecord(): CartRecord {
  const { items, metadata } = snapshot(cartStore);
  return { items: items as CartItem[], metadata };
}

/**
 * The shop's other tabs on this device hear every saved cart on this channel and show it, so no tab keeps a stale
 * cart and later writes it over a newer one.
 */
export const CART_SYNC_CHANNEL = 'ibc-shop-cart';
let channel: BroadcastChannel | undefined;
/** Set while a cart from another tab is applied: that change is theirs, already saved, and not announced back. */
let applyingOtherTab = false;

async function save(): Promise<void> {
  const record = snapshotRecord();
  await storedCart.write(record);
  channel?.postMessage(record);
}

function writeUnsaved(): Promise<void> {
  if (!unsaved) return Promise.resolve();
  unsaved = false;
  return save();
}

/** Writes any pending change now (pagehide, tab hidden, tests). */
export async function flushCart(): Promise<void> {
  if (writeTimer !== undefined) clearTimeout(writeTimer);
  writeTimer = undefined;
  await writeUnsaved();
}

/**
 * The first change after a quiet spell is written as soon as the action that made it has finished (a microtask
 * later), so a buyer who closes the app right after adding keeps the line: a write left for pagehide may never
 * finish. Further changes within WRITE_DELAY_MS are written together at its end.
 */
function scheduleWrite(): void {
  if (applyingOtherTab) return;
  unsaved = true;
  if (writeTimer !== undefined) return;
  writeTimer = setTimeout(() => {
    writeTimer = undefined;
    void writeUnsaved();
  }, WRITE_DELAY_MS);
  queueMicrotask(() => void writeUnsaved());
}

/** Shows a cart another tab saved, unless this tab has changed its cart since (the later change wins). */
async function applyOtherTabCart(data: unknown): Promise<void> {
  const { cartRecordSchema } = await import('./cart-schema');
  const parsed = cartRecordSchema.safeParse(data);
  if (!parsed.success || parsed.data.metadata.updatedAt < cartStore.metadata.updatedAt) return;
  applyingOtherTab = true;
  try {
    cartStore.items = parsed.data.items;
    cartStore.metadata = parsed.data.metadata;
  } finally {
    applyingOtherTab = false;
  }
}

/**
 * The stored cart with what the buyer added before it was read (on an empty-looking cart, so only adds): a line in
 * both holds the two together (a fixed package its two counts), priced as the newer line is.
 */
export function withEarlyAdds(stored: readonly CartItem[], added: readonly CartItem[]): CartItem[] {
  const early = new Map(added.map((line) => [line.id, line]));
  const merged = stored.map((line) => {
    const add = early.get(line.id);
    if (!add) return line;
    early.delete(line.id);
    const fixed = add.packageType === 'fixed';
    const packageCount = fixed ? line.packageCount + add.packageCount : add.packageCount;
    const quantity = fixed ? add.unitsPerPackage * packageCount : line.quantity + add.quantity;
    const sum = { ...add, packageCount, quantity };
    return { ...sum, itemTotal: lineTotal(sum) };
  });
  return [...merged, ...early.values()];
}

/**
 * Reads the stored cart into the store (with what was added meanwhile) and from then on saves every change. Safe to
 * call more than once.
 */
export function hydrateCart(): Promise<void> {
  hydration ??= (async () => {
    const stored = await storedCart.read();
    // Reading and checking the record is one task's work; the renders its lines cause run in the next.
    await yieldToMain();
    if (stored) {
      cartStore.items = withEarlyAdds(stored.items, snapshot(cartStore).items as CartItem[]);
      if (cartStore.metadata.updatedAt === 0) cartStore.metadata = stored.metadata;
    }
    cartStore.hydrated = true;
    startPersisting();
  })();
  return hydration;
}

function startPersisting(): void {
  if (persisting) return;
  // In sync, so a change made just before the page is hidden is already scheduled when flushCart runs.
  const unsubscribe = subscribe(cartStore, scheduleWrite, true);
  const onHide = () => void flushCart();
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') void flushCart();
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
  }
  if (typeof BroadcastChannel === 'function') {
    channel = new BroadcastChannel(CART_SYNC_CHANNEL);
    channel.onmessage = (event: MessageEvent) => void applyOtherTabCart(event.data);
  }
  persisting = () => {
    unsubscribe();
    channel?.close();
    channel = undefined;
    if (typeof window !== 'undefined') {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
    }
  };
}

/**
 * Stops saving and syncing and forgets the in-memory cart, so the next hydrateCart() reads storage again: a
 * replaced module (hot reload) or a test starts from what the device holds, with no listeners of its own left.
 */
export function disposeCart(): void {
  persisting?.();
  persisting = undefined;
  hydration = undefined;
  if (writeTimer !== undefined) clearTimeout(writeTimer);
  writeTimer = undefined;
  unsaved = false;
  cartStore.items = [];
  cartStore.metadata = { pricesCheckedAt: null, countryCode: null, updatedAt: 0 };
  cartStore.hydrated = false;
}

import.meta.hot?.dispose(disposeCart);
