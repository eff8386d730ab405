import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  countryRegions,
  countryShippingCharges,
  indiaStates,
  pickupLocations,
  shippingCharges,
} from '../../db/schema';

/** Every shipping charge row (a few dozen at most). */
export function loadShippingCharges(db: Executor) {
  return db
    .select({
      pincodePrefix: shippingCharges.pincodePrefix,
      currency: shippingCharges.currency,
      amountMinor: shippingCharges.amountMinor,
    })
    .from(shippingCharges);
}

/** The charge of each country abroad (a handful). */
export function loadCountryShippingCharges(db: Executor) {
  return db
    .select({
      countryCode: countryShippingCharges.countryCode,
      currency: countryShippingCharges.currency,
      amountMinor: countryShippingCharges.amountMinor,
    })
    .from(countryShippingCharges);
}

/** The active pickup locations, oldest first: the first is the one the checkout shows. */
export function loadPickupLocations(db: Executor) {
  return db
    .select()
    .from(pickupLocations)
    .where(eq(pickupLocations.active, true))
    .orderBy(asc(pickupLocations.id));
}

/** India's states and union territories by name. */
export function loadIndiaStates(db: Executor) {
  return db
    .select({ name: indiaStates.stateName, nameEnum: indiaStates.stateNameEnum })
    .from(indiaStates)
    .orderBy(asc(indiaStates.stateName));
}

/** The regions of the countries abroad, by country and name. */
export function loadCountryRegions(db: Executor) {
  return db
    .select({
      countryCode: countryRegions.countryCode,
      name: countryRegions.regionName,
      nameEnum: countryRegions.regionNameEnum,
    })
    .from(countryRegions)
    .orderBy(asc(countryRegions.countryCode), asc(countryRegions.regionName));
}
