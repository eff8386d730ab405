import type {
  CommerceStatesResponse,
  PickupLocation,
  PincodeAvailability,
  StateCountry,
  StateOption,
} from '@contract/places';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';

/*
 * Shipping and places: the shipping charge to a pincode, whether the shop delivers there, the pickup locations and
 * the states of a country (spec §7). States and pickup locations are reference data the checkout needs offline, so
 * their keys sit under 'catalogue': the app persists exactly those queries to IndexedDB with the catalogue.
 */

/** The contract's schemas load with the first response to check, so zod stays off a page's first load. */
const placesSchemas = () => import('@contract/places');

export const placesKeys = {
  all: ['catalogue', 'places'] as const,
  states: (countryCode: StateCountry) => ['catalogue', 'places', 'states', countryCode] as const,
  pickupLocations: () => ['catalogue', 'places', 'pickupLocations'] as const,
  shippingCharges: (pincode: string, countryCode: StateCountry) =>
    ['shipping', 'charges', pincode, countryCode] as const,
  availability: (pincode: string) => ['shipping', 'availability', pincode] as const,
};

/** GET /shipping_charges/{pincode}/v1/: the charge in major units, 0 where the shop has none (spec §7). */
export async function fetchShippingCharges(
  pincode: string,
  countryCode: StateCountry = 'IN',
  { signal }: { signal?: AbortSignal } = {},
): Promise<number> {
  const { shipping_charges } = await apiRequest({
    service: 'commerce',
    path: `/shipping_charges/${encodeURIComponent(pincode)}/v1/`,
    query: { country_name_enum: countryCode },
    schema: () => placesSchemas().then((schemas) => schemas.shippingChargesResponseSchema),
    auth: false,
    signal,
  });
  return shipping_charges;
}

export function shippingChargesQuery(pincode: string, countryCode: StateCountry = 'IN') {
  return queryOptions({
    queryKey: placesKeys.shippingCharges(pincode, countryCode),
    queryFn: ({ signal }) => fetchShippingCharges(pincode, countryCode, { signal }),
  });
}

/** GET /check_availability_for_pincode/v1/?pincode=…: whether the shop delivers there, and where that is. */
export function pincodeAvailabilityQuery(pincode: string) {
  return queryOptions({
    queryKey: placesKeys.availability(pincode),
    queryFn: ({ signal }): Promise<PincodeAvailability> =>
      apiRequest({
        service: 'invoicing',
        path: '/check_availability_for_pincode/v1/',
        query: { pincode },
        schema: () => placesSchemas().then((schemas) => schemas.pincodeAvailabilityResponseSchema),
        auth: false,
        signal,
      }),
    // The postal directory changes with a deploy at most.
    staleTime: 24 * 60 * 60_000,
  });
}

/** GET /pickup_locations/v1/: where an order can be collected; persisted so an offline checkout has it. */
export function pickupLocationsQuery() {
  return queryOptions({
    queryKey: placesKeys.pickupLocations(),
    queryFn: async ({ signal }): Promise<PickupLocation[]> => {
      const { pickup_locations } = await apiRequest({
        service: 'invoicing',
        path: '/pickup_locations/v1/',
        schema: () => placesSchemas().then((schemas) => schemas.pickupLocationsResponseSchema),
        auth: false,
        signal,
      });
      return pickup_locations;
    },
    staleTime: 60 * 60_000,
  });
}

/** GET /states/v1/?country_name_enum=…: spec §7 caches the state list indefinitely. */
export function statesQuery(countryCode: StateCountry = 'IN') {
  return queryOptions({
    queryKey: placesKeys.states(countryCode),
    queryFn: async ({ signal }): Promise<StateOption[]> => {
      const response: CommerceStatesResponse = await apiRequest({
        service: 'commerce',
        path: '/states/v1/',
        query: { country_name_enum: countryCode },
        schema: () => placesSchemas().then((schemas) => schemas.commerceStatesResponseSchema),
        auth: false,
        signal,
      });
      return response.states_details;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** Spec §4: state names abroad travel with spaces ("NEW_SOUTH_WALES" is sent as "NEW SOUTH WALES"). */
export function stateForWire(stateNameEnum: string, countryCode: StateCountry): string {
  return countryCode === 'IN' ? stateNameEnum : stateNameEnum.replace(/_/g, ' ');
}
