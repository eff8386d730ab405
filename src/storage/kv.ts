import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { z } from 'zod';
import { loadSchema, type SchemaSource } from '@/lib/schemaSource';

/**
 * The shop's IndexedDB key-value store (database "ibc-shop", object store "kv"). Every record is kept in an
 * envelope with the time it was saved and an optional expiry; values are validated with zod when read, so a
 * corrupt or outdated record is dropped instead of crashing the app.
 */

/** Every key the app stores, in one place, so two features never collide on a name. */
export const STORAGE_KEYS = {
  country: 'country',
  cart: 'cart',
  /** The ad booking being chosen (src/state/adBooking.ts): venue, devices, dates and creative; 7 days. */
  adBooking: 'adBooking',
  /** The last order's id and details (spec §4 Country and currency clears it; spec §9 expiry 7 days). */
  lastOrderDetails: 'lastOrderDetails',
  checkoutDraft: 'checkoutDraft',
  /** The pincode the buyer checked delivery to on a product page; the checkout starts from it. */
  deliveryPincode: 'deliveryPincode',
  /** The checkout's last price estimate, shown as last known offline. */
  checkoutEstimate: 'checkoutEstimate',
  /** The watch on the last order's payment, shared with the service worker (src/sw/order-status.ts). */
  orderReturn: 'orderReturn',
  /** The TanStack Query cache (persister.ts). */
  queryCache: 'queryCache',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

const DAY_MS = 24 * 60 * 60 * 1000;
/** Spec §9 "Local order storage expiry: 7 days": the last order id and the checkout draft. */
export const ORDER_STORAGE_TTL_MS = 7 * DAY_MS;

let store: UseStore | undefined;
/** Opened lazily: importing this module never touches IndexedDB. */
export function kvStore(): UseStore {
  store ??= createStore('ibc-shop', 'kv');
  return store;
}

export interface StoredEnvelope {
  value: unknown;
  savedAt: number;
  expiresAt: number | null;
}

function isEnvelope(raw: unknown): raw is StoredEnvelope {
  if (typeof raw !== 'object' || raw === null) return false;
  const r = raw as Record<string, unknown>;
  return (
    'value' in r && typeof r.savedAt === 'number' && (r.expiresAt === null || typeof r.expiresAt === 'number')
  );
}

/** The expiry helper: when a record saved at savedAt with a time-to-live of ttlMs expires (null: never). */
export function expiryFor(savedAt: number, ttlMs: number | undefined): number | null {
  return ttlMs === undefined ? null : savedAt + ttlMs;
}

/** Whether a record has expired at `now`. */
export function isExpired(envelope: Pick<StoredEnvelope, 'expiresAt'>, now = Date.now()): boolean {
  return envelope.expiresAt !== null && envelope.expiresAt <= now;
}

async function safely<T>(operation: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await operation();
  } catch {
    // Private mode, a blocked or full database: the app keeps working from memory.
    return fallback;
  }
}

/**
 * Starts opening the database ahead of the first read: asking for it takes a few milliseconds, which a page's start
 * spends in a task of its own instead of inside the one that first reads the cart. Nothing waits for it to open.
 */
export function openKvStore(): void {
  void safely(() => kvStore()('readonly', () => undefined), undefined);
}

/** Removes a record, whatever it holds. */
export function removeStored(key: StorageKey): Promise<void> {
  return safely(() => del(key, kvStore()), undefined);
}

export interface StoredValue<T> {
  readonly key: StorageKey;
  /** The value, or undefined when absent, expired or invalid (the last two are deleted). */
  read(now?: number): Promise<T | undefined>;
  /** Saves the value; with a time-to-live the record expires that long after this write. */
  write(value: T, now?: number): Promise<void>;
  remove(): Promise<void>;
}

/** Stores read at boot pass a loader for their schema, so zod is fetched with the first read. */
export type { SchemaSource };

/** A typed handle on one key: values are checked against the schema on every read. */
export function storedValue<S extends z.ZodType>(
  key: StorageKey,
  schemaSource: SchemaSource<S>,
  options: { ttlMs?: number } = {},
): StoredValue<z.output<S>> {
  return {
    key,
    async read(now = Date.now()) {
      const raw = await safely<unknown>(() => get(key, kvStore()), undefined);
      if (raw === undefined) return undefined;
      if (!isEnvelope(raw) || isExpired(raw, now)) {
        await removeStored(key);
        return undefined;
      }
      const parsed = (await loadSchema(schemaSource)).safeParse(raw.value);
      if (!parsed.success) {
        await removeStored(key);
        return undefined;
      }
      return parsed.data;
    },
    write(value, now = Date.now()) {
      const envelope: StoredEnvelope = { value, savedAt: now, expiresAt: expiryFor(now, options.ttlMs) };
      return safely(() => set(key, envelope, kvStore()), undefined);
    },
    remove() {
      return removeStored(key);
    },
  };
}
