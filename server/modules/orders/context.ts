import type { OrderStatus } from '@contract/orders';
import type { PickupLocation } from '@contract/places';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { HttpError } from '../../errors';
import type { CataloguePackage } from '../catalogue/repo';
import type { CatalogueVersion } from '../catalogue/version';
import type { CheckoutService } from '../checkout/service';
import type { PaymentProvider } from '../payments/provider';
import * as repo from './repo';

/** A PENDING order keeps its stock this much longer than its reservation: the provider may still settle it. */
export const PENDING_GRACE_MINUTES = 30;
/** An order with no provider payment order this long after its creation was left so by a crash. */
export const ORPHAN_GRACE_MS = 120_000;
/** How long one request holds the right to create an order's provider payment before another may try. */
export const PAYMENT_CLAIM_MS = 30_000;

export const ORDER_NOT_FOUND = 'Order not found';

/** What one order may take, and what one buyer's unpaid orders may hold and how fast they come (ORDER_* config). */
export interface OrderLimits {
  /** Units of a product per order where the catalogue sets none. */
  maxQuantity: number;
  unpaidUnits: number;
  unpaidScreenDays: number;
  screenDaysPerDay: number;
  perAccountPerHour: number;
  perAddressPerHour: number;
}

export interface OrdersServiceDeps {
  db: Database;
  now: () => Date;
  log: FastifyBaseLogger;
  checkout: Pick<CheckoutService, 'estimate'>;
  findPackage: (id: number) => Promise<CataloguePackage | undefined>;
  pickupLocations: () => Promise<PickupLocation[]>;
  provider: PaymentProvider;
  /** REFUND_MAX_ATTEMPTS: refund requests the provider may refuse before a person is asked to refund by hand. */
  refundMaxAttempts: number;
  limits: OrderLimits;
  /** Told of this process's own stock changes, so its catalogue re-reads at once. */
  catalogueVersion?: CatalogueVersion | undefined;
  /** A create took stock and moved the catalogue's version: the catalogue follows (`catalogue.stockTaken`). */
  stockTaken?:
    | ((version: number, levels: { product_id: number; available_quantity: number }[]) => void)
    | undefined;
}

/** What every part of the orders service shares: its deps and the transaction that tells the catalogue. */
export interface OrdersContext extends OrdersServiceDeps {
  /** Runs a transaction; when it changed stock, this process's catalogue hears of the new version at once. */
  transaction<T>(work: (tx: Executor, bump: () => Promise<void>) => Promise<T>): Promise<T>;
}

export function createOrdersContext(deps: OrdersServiceDeps): OrdersContext {
  async function transaction<T>(work: (tx: Executor, bump: () => Promise<void>) => Promise<T>): Promise<T> {
    let version: number | undefined;
    const result = await deps.db.transaction(async (tx) =>
      work(tx, async () => {
        version = await repo.bumpCatalogueVersion(tx);
      }),
    );
    if (version !== undefined) deps.catalogueVersion?.set(version);
    return result;
  }
  return { ...deps, transaction };
}

export function refuse(statusCode: number, message: string, field?: string): HttpError {
  return new HttpError(statusCode, message, field === undefined ? {} : { field });
}

export const minutes = (n: number) => n * 60_000;

/** A payment was taken and the order settled with it (kept, or given back): no later word of the provider moves it. */
export function isSettled(status: OrderStatus): boolean {
  return status === 'SUCCESS' || status === 'REFUND_PENDING' || status === 'REFUNDED';
}

export function isOpen(status: OrderStatus): boolean {
  return (repo.OPEN_STATUSES as readonly string[]).includes(status);
}
