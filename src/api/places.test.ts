import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shouldPersistQuery } from '@/storage/persister';
import { ApiError, setErrorReporter } from './errors';
import {
  fetchShippingCharges,
  pickupLocationsQuery,
  pincodeAvailabilityQuery,
  shippingChargesQuery,
  stateForWire,
  statesQuery,
} from './places';
import { errorBody, fakeNetwork, json, resetClient } from './test-helpers';

let restoreReporter: () => void;

beforeEach(() => {
  resetClient();
  restoreReporter = setErrorReporter(vi.fn());
});

afterEach(() => {
  restoreReporter();
  vi.unstubAllGlobals();
});

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

const PICKUP = {
  pickup_location_id: 1,
  address1: '12 Cubbon Road',
  address2: null,
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pincode: '560001',
  maps_location_id: null,
  mobile_number: '9000000000',
  start_datetime: '2025-01-01T04:30:00.000Z',
  end_datetime: '2030-12-31T13:30:00.000Z',
};

describe('shipping charges', () => {
  it('asks the commerce service for the pincode in the buyer country and answers the amount', async () => {
    const { requests } = fakeNetwork(() => json(200, { shipping_charges: 149 }));
    await expect(fetchShippingCharges('110001')).resolves.toBe(149);
    expect(requests[0]?.url).toBe('/api/commerce/shipping_charges/110001/v1/?country_name_enum=IN');
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
  });

  it("puts the server's message on the failure, for the pincode field", async () => {
    fakeNetwork(() => json(400, errorBody(400, 'BAD_REQUEST', { field: 'pincode' })));
    const error = await newClient()
      .fetchQuery(shippingChargesQuery('11000x'))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).field).toBe('pincode');
  });

  it('rejects an answer that does not match the contract', async () => {
    fakeNetwork(() => json(200, { shipping_charges: 'free' }));
    const error = await fetchShippingCharges('110001').catch((caught: unknown) => caught);
    expect((error as ApiError).kind).toBe('invalid-response');
  });
});

describe('availability by pincode', () => {
  it('asks the invoicing service with the pincode in the query', async () => {
    const answer = {
      pincode: '560001',
      is_available: true,
      message: 'Delivered to Bengaluru, Karnataka in 1–2 working days',
      district: 'Bangalore',
      city: 'Bengaluru',
      state: 'Karnataka',
      min_days: 1,
      max_days: 2,
    };
    const { requests } = fakeNetwork(() => json(200, answer));
    await expect(newClient().fetchQuery(pincodeAvailabilityQuery('560001'))).resolves.toEqual(answer);
    expect(requests[0]?.url).toBe('/api/invoicing/check_availability_for_pincode/v1/?pincode=560001');
  });
});

describe('states and pickup locations', () => {
  it('answers the states of the country asked for', async () => {
    const { requests } = fakeNetwork(() =>
      json(200, { states_details: [{ state_name: 'New South Wales', state_name_enum: 'NEW_SOUTH_WALES' }] }),
    );
    await expect(newClient().fetchQuery(statesQuery('AU'))).resolves.toEqual([
      { state_name: 'New South Wales', state_name_enum: 'NEW_SOUTH_WALES' },
    ]);
    expect(requests[0]?.url).toBe('/api/commerce/states/v1/?country_name_enum=AU');
  });

  it('keeps the states for good once fetched: a second read does not ask again', async () => {
    const { requests } = fakeNetwork(() => json(200, { states_details: [] }));
    const client = newClient();
    await client.fetchQuery(statesQuery());
    await client.fetchQuery(statesQuery());
    expect(requests).toHaveLength(1);
  });

  it('answers the pickup locations list', async () => {
    const { requests } = fakeNetwork(() => json(200, { pickup_locations: [PICKUP] }));
    await expect(newClient().fetchQuery(pickupLocationsQuery())).resolves.toEqual([PICKUP]);
    expect(requests[0]?.url).toBe('/api/invoicing/pickup_locations/v1/');
  });

  it('persists states and pickup locations to IndexedDB with the catalogue, not shipping answers', async () => {
    fakeNetwork((request) =>
      json(
        200,
        request.url.includes('states')
          ? { states_details: [] }
          : request.url.includes('pickup')
            ? { pickup_locations: [PICKUP] }
            : { shipping_charges: 99 },
      ),
    );
    const client = newClient();
    await client.fetchQuery(statesQuery());
    await client.fetchQuery(pickupLocationsQuery());
    await client.fetchQuery(shippingChargesQuery('560034'));
    const persisted = client
      .getQueryCache()
      .getAll()
      .filter(shouldPersistQuery)
      .map((query) => query.queryKey);
    expect(persisted).toEqual([statesQuery().queryKey, pickupLocationsQuery().queryKey]);
  });
});

describe('state names on the wire', () => {
  it('sends state names abroad with spaces, India’s enums as they are', () => {
    expect(stateForWire('NEW_SOUTH_WALES', 'AU')).toBe('NEW SOUTH WALES');
    expect(stateForWire('TAMIL_NADU', 'IN')).toBe('TAMIL_NADU');
  });
});
