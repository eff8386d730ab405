import { type Currency, currencyForCountry, toMajor } from '@contract/money';
import type {
  CommerceStatesResponse,
  PickupLocation,
  PincodeAvailability,
  PostalLookupResponse,
  StateCountry,
  StateOption,
} from '@contract/places';
import { cityOfOffice, pincodeDistrict } from '@contract/postal';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { deliveryDays } from './deliveryDays';
import { type PostalDirectory, postalDirectory } from './directory';
import {
  loadCountryRegions,
  loadCountryShippingCharges,
  loadIndiaStates,
  loadPickupLocations,
  loadShippingCharges,
} from './repo';

/** Reference data as answered: read from the database once, then served from memory. */
interface PlacesData {
  /** Per currency, longest prefix first. */
  charges: Map<Currency, { prefix: string; amountMinor: number }[]>;
  /** Abroad: one charge a country, in its currency. */
  countryCharges: Map<string, { currency: Currency; amountMinor: number }>;
  pickupLocations: PickupLocation[];
  states: Map<string, StateOption[]>;
}

export interface PlacesServiceDeps {
  db: Database;
  log: FastifyBaseLogger;
  /** The postal directory; by default the committed one, read on the first lookup. */
  directory?: () => Promise<PostalDirectory>;
}

/** The delivery status of an office that delivers mail (the public lookup's wording). */
const DELIVERY = 'Delivery';

export function createPlacesService({ db, log, directory = postalDirectory }: PlacesServiceDeps) {
  let data: Promise<PlacesData> | undefined;
  let generation = 0;

  async function read(): Promise<PlacesData> {
    const [chargeRows, countryChargeRows, pickupRows, indiaRows, regionRows] = await Promise.all([
      loadShippingCharges(db),
      loadCountryShippingCharges(db),
      loadPickupLocations(db),
      loadIndiaStates(db),
      loadCountryRegions(db),
    ]);

    const charges = new Map<Currency, { prefix: string; amountMinor: number }[]>();
    for (const row of chargeRows) {
      const list = charges.get(row.currency) ?? [];
      list.push({ prefix: row.pincodePrefix, amountMinor: row.amountMinor });
      charges.set(row.currency, list);
    }
    for (const list of charges.values()) list.sort((a, b) => b.prefix.length - a.prefix.length);
    const countryCharges = new Map(
      countryChargeRows.map((row) => [
        row.countryCode,
        { currency: row.currency, amountMinor: row.amountMinor },
      ]),
    );

    // Spec §7: one location is expected; the checkout shows the first of several.
    if (pickupRows.length > 1) {
      log.warn(
        { pickup_location_ids: pickupRows.map((row) => row.id) },
        'more than one pickup location is active; the checkout shows the first',
      );
    }
    const pickupLocations = pickupRows.map(
      (row): PickupLocation => ({
        pickup_location_id: row.id,
        address1: row.address1,
        address2: row.address2,
        city: row.city,
        state: row.state,
        country: row.country,
        pincode: row.pincode,
        maps_location_id: row.mapsLocationId,
        mobile_number: row.mobileNumber,
        start_datetime: row.startsAt.toISOString(),
        end_datetime: row.endsAt.toISOString(),
      }),
    );

    const states = new Map<string, StateOption[]>();
    states.set(
      'IN',
      indiaRows.map((row) => ({ state_name: row.name, state_name_enum: row.nameEnum })),
    );
    for (const row of regionRows) {
      const list = states.get(row.countryCode) ?? [];
      list.push({ state_name: row.name, state_name_enum: row.nameEnum });
      states.set(row.countryCode, list);
    }
    return { charges, countryCharges, pickupLocations, states };
  }

  /** Loads the reference data on first use; a failed load is retried by the next call. */
  function reference(): Promise<PlacesData> {
    data ??= read().catch((error: unknown) => {
      data = undefined;
      throw error;
    });
    return data;
  }

  /**
   * Spec §7: the shipping charge to a postal code in the country's currency, in minor units, 0 when none is set:
   * in India by the pincode's leading digits, abroad the country's one charge.
   */
  async function shippingChargeMinor(pincode: string, countryCode: StateCountry): Promise<number> {
    const currency = currencyForCountry(countryCode);
    const data = await reference();
    if (countryCode !== 'IN') {
      const charge = data.countryCharges.get(countryCode);
      return charge && charge.currency === currency ? charge.amountMinor : 0;
    }
    const rows = data.charges.get(currency) ?? [];
    return rows.find((row) => pincode.startsWith(row.prefix))?.amountMinor ?? 0;
  }

  /** The same in major units, as the wire has it. */
  async function shippingCharges(pincode: string, countryCode: StateCountry): Promise<number> {
    return toMajor(await shippingChargeMinor(pincode, countryCode), currencyForCountry(countryCode));
  }

  /** Each known pincode's answer, built once: the directory does not change while the process runs (~19,000). */
  const answered = new Map<string, PincodeAvailability>();

  /** The shop delivers where the postal directory knows a delivery office for the pincode; deliveryDays says when. */
  async function availability(pincode: string): Promise<PincodeAvailability> {
    const known = answered.get(pincode);
    if (known) return known;
    const answer = await findAvailability(pincode);
    if (answer.district !== null) answered.set(pincode, answer);
    return answer;
  }

  async function findAvailability(pincode: string): Promise<PincodeAvailability> {
    const offices = (await directory()).lookup(pincode);
    const district = pincodeDistrict(offices) ?? offices[0]?.District ?? null;
    const place = offices.find((office) => office.District === district);
    const city = place ? cityOfOffice(place) : null;
    const state = place?.State ?? null;
    if (place && offices.some((office) => office.DeliveryStatus === DELIVERY)) {
      const days = deliveryDays(pincode);
      return {
        pincode,
        is_available: true,
        message: `Delivered to ${city}, ${state} in ${days.min}–${days.max} working days`,
        district,
        city,
        state,
        min_days: days.min,
        max_days: days.max,
      };
    }
    return {
      pincode,
      is_available: false,
      message:
        offices.length > 0
          ? `We cannot deliver to ${pincode}: no post office delivers there`
          : `${pincode} is not a pincode we know. Check it, or choose self pickup`,
      district,
      city,
      state,
      min_days: null,
      max_days: null,
    };
  }

  /** The public India Post lookup's answer for a pincode, from the directory. */
  async function postalLookup(pincode: string): Promise<PostalLookupResponse> {
    const offices = (await directory()).lookup(pincode);
    if (offices.length === 0) return [{ Message: 'No records found', Status: 'Error', PostOffice: null }];
    return [
      { Message: `Number of pincode(s) found:${offices.length}`, Status: 'Success', PostOffice: offices },
    ];
  }

  return {
    shippingCharges,
    shippingChargeMinor,
    availability,
    postalLookup,
    pickupLocations: async (): Promise<PickupLocation[]> => (await reference()).pickupLocations,
    states: async (countryCode: StateCountry): Promise<CommerceStatesResponse> => ({
      states_details: (await reference()).states.get(countryCode) ?? [],
    }),
    /** Drops the reference data, so the next call reads it again (after an operator's change). */
    invalidate: () => {
      data = undefined;
      generation += 1;
    },
    /** Bumped by invalidate: the answers built from the reference data are kept per generation. */
    generation: () => generation,
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
