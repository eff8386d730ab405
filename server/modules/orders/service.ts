import { createOrdersContext, type OrdersServiceDeps } from './context';
import { createOrderCreation } from './create';
import { createExpiry } from './expire';
import { createPaymentChecks, createSettlement } from './pay';
import { createProviderPayments } from './payment-details';
import { createOrderReads } from './read';
import * as repo from './repo';

/** The orders service, its use cases built in the order they need each other. */
export function createOrdersService(deps: OrdersServiceDeps) {
  const ctx = createOrdersContext(deps);
  const { db } = ctx;
  const settlement = createSettlement(ctx);
  const expiry = createExpiry(ctx, settlement);
  const providerPayments = createProviderPayments(ctx);
  const create = createOrderCreation(ctx, { ...settlement, ...expiry, ...providerPayments });
  const checks = createPaymentChecks(ctx, { applyOutcome: settlement.applyOutcome, owned: expiry.owned });
  const reads = createOrderReads(ctx, expiry);

  return {
    create,
    payments: settlement.payments,
    applyOutcome: settlement.applyOutcome,
    expireDue: expiry.expireDue,
    sweep: expiry.sweep,
    ...reads,
    cancel: expiry.cancel,
    ...checks,

    async addGameKeys(productCode: string, keys: readonly string[]) {
      const added = await repo.addGameKeys(db, productCode, keys);
      return { product_code: productCode, added, free: await repo.countFreeGameKeys(db, productCode) };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
