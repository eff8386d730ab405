import { pricingCountry } from '@contract/constants';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDeps } from './context';
import { type CatalogueService, createCatalogueService } from './modules/catalogue/service';
import type { CatalogueVersion } from './modules/catalogue/version';
import { type CheckoutService, createCheckoutService } from './modules/checkout/service';
import { createOrdersService, type OrdersService } from './modules/orders/service';
import { createPayments, type Payments } from './modules/payments/providers';
import { createPlacesService, type PlacesService } from './modules/places/service';
import { createFileStorage, type FileStorage } from './storage';

/** The domain services one module serves to another: built once per app, each handed to the modules that use it. */
export interface Services {
  /** The catalogue's version every in-memory answer is keyed by. */
  catalogueVersion: CatalogueVersion;
  /** The catalogue in memory: the checkout and the orders price from this one. */
  catalogue: CatalogueService;
  /** The reference data in memory: the checkout prices shipping from this one. */
  places: PlacesService;
  /** The checkout's pricing: the orders module prices orders with this very estimate. */
  checkout: CheckoutService;
  payments: Payments;
  /** The orders: the payment routes apply verified outcomes through them. */
  orders: OrdersService;
  /** Where uploads live: the modules that take them and the retention sweep that deletes unused ones share it. */
  storage: FileStorage;
}

/** Builds the services in the order they need each other, so no module depends on another's registration. */
export function buildServices(
  deps: Omit<AppDeps, 'logger' | 'now'> & { now: () => Date },
  app: Pick<FastifyInstance, 'inject'> & { log: FastifyBaseLogger },
  catalogueVersion: CatalogueVersion,
): Services {
  const { config, db, now } = deps;
  // One snapshot in memory, one reload per catalogue version.
  const catalogue = createCatalogueService({
    db,
    now,
    internationalPayments: config.features.internationalPayments,
    version: catalogueVersion,
  });
  const places = createPlacesService({ db, log: app.log });
  const checkout = createCheckoutService({
    db,
    now,
    findPackage: catalogue.findPackage,
    contentVersion: catalogue.contentVersion,
    shippingChargeMinor: (pincode, countryCode) =>
      places.shippingChargeMinor(pincode, pricingCountry(countryCode)),
    deliversTo: (pincode) => places.availability(pincode),
    features: {
      selfPickup: config.features.selfPickup,
      internationalUsers: config.features.internationalUsers,
      availabilityCheckByPincode: config.features.availabilityCheckByPincode,
    },
    version: catalogueVersion,
  });
  const payments = createPayments(deps, app);
  const orders = createOrdersService({
    db,
    now,
    log: app.log.child({ module: 'orders' }),
    checkout,
    findPackage: catalogue.findPackage,
    pickupLocations: () => places.pickupLocations(),
    provider: payments.provider,
    refundMaxAttempts: config.REFUND_MAX_ATTEMPTS,
    limits: {
      maxQuantity: config.ORDER_MAX_QUANTITY,
      unpaidUnits: config.ORDER_UNPAID_UNITS_PER_BUYER,
      unpaidScreenDays: config.ORDER_UNPAID_SCREEN_DAYS_PER_BUYER,
      screenDaysPerDay: config.ORDER_AD_SCREEN_DAYS_PER_DAY,
      perAccountPerHour: config.ORDER_CREATE_LIMIT_PER_HOUR,
      perAddressPerHour: config.ORDER_CREATE_IP_LIMIT_PER_HOUR,
    },
    catalogueVersion,
    stockTaken: catalogue.stockTaken,
  });
  return {
    catalogueVersion,
    catalogue,
    places,
    checkout,
    payments,
    orders,
    storage: createFileStorage(config),
  };
}
