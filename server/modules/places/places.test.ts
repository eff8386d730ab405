import { errorBodySchema } from '@contract/common';
import {
  commerceStatesResponseSchema,
  pickupLocationsResponseSchema,
  pincodeAvailabilityResponseSchema,
  postalLookupResponseSchema,
} from '@contract/places';
import { cityOfOffice, pincodeDistrict } from '@contract/postal';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import * as schema from '../../db/schema';
import { seed } from '../../db/seed/index';
import { COUNTRY_REGIONS, COUNTRY_SHIPPING_CHARGES, SHIPPING_CHARGES } from '../../db/seed/places';
import { memoryLogger, type TestApp, testApp } from '../../testing';

let shop: TestApp;
let app: App;

beforeAll(async () => {
  shop = await testApp();
  app = shop.app;
});

afterAll(async () => {
  await shop.close();
});

/** Bad pincodes: letters, 5 digits, 7 digits, far too long, a space. */
const BAD_PINCODES = ['abcdef', '56000', '5600011', '5'.repeat(60), '56000%20'];

async function expectBadPincode(url: string) {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, url).toBeLessThan(500);
  const body = errorBodySchema.parse(res.json());
  expect(body.data.http_status_code).toBe(res.statusCode);
  return body;
}

describe('the places seed', () => {
  it('runs again on every start without adding a second pickup location or duplicate rows', async () => {
    await seed(shop.db);
    expect(await shop.db.select().from(schema.pickupLocations)).toHaveLength(1);
    expect(await shop.db.select().from(schema.shippingCharges)).toHaveLength(SHIPPING_CHARGES.length);
    expect(await shop.db.select().from(schema.countryRegions)).toHaveLength(COUNTRY_REGIONS.length);
    expect(await shop.db.select().from(schema.countryShippingCharges)).toHaveLength(
      COUNTRY_SHIPPING_CHARGES.length,
    );
  });
});

describe('GET /api/commerce/shipping_charges/{pincode}/v1/', () => {
  const charge = async (pincode: string, query = '') => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/commerce/shipping_charges/${pincode}/v1/${query}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { shipping_charges: number };
  };

  it('answers the seeded charge in rupees, the longest prefix winning', async () => {
    expect(await charge('110001')).toEqual({ shipping_charges: 149 });
    expect(await charge('400001')).toEqual({ shipping_charges: 129 });
    expect(await charge('576104')).toEqual({ shipping_charges: 99 });
    // 560 (Bengaluru) is free although 5 costs ₹99.
    expect(await charge('560001')).toEqual({ shipping_charges: 0 });
  });

  it('answers 0 where the shop has no charge: an unlisted zone or a country without a row', async () => {
    expect(await charge('999999')).toEqual({ shipping_charges: 0 });
    await shop.db
      .delete(schema.countryShippingCharges)
      .where(eq(schema.countryShippingCharges.countryCode, 'CA'));
    const fresh = shop.build();
    try {
      const res = await fresh.inject({
        method: 'GET',
        url: '/api/commerce/shipping_charges/K1A%200B1/v1/?country_name_enum=CA',
      });
      expect(res.json()).toEqual({ shipping_charges: 0 });
    } finally {
      await fresh.close();
      await seed(shop.db);
    }
  });

  it('prices a postal code abroad by its country, in dollars, whatever its format', async () => {
    const usd = (code: string) =>
      COUNTRY_SHIPPING_CHARGES.find((row) => row.countryCode === code)?.amountMinor;
    expect(await charge('10118', '?country_name_enum=US')).toEqual({
      shipping_charges: (usd('US') ?? 0) / 100,
    });
    expect(await charge('10118-0110', '?country_name_enum=US')).toEqual({
      shipping_charges: (usd('US') ?? 0) / 100,
    });
    expect(await charge('SW1A%201AA', '?country_name_enum=GB')).toEqual({
      shipping_charges: (usd('GB') ?? 0) / 100,
    });
    expect(await charge('2000', '?country_name_enum=AU')).toEqual({
      shipping_charges: (usd('AU') ?? 0) / 100,
    });
    // A six-digit code abroad is a postal code of that country, not an Indian pincode.
    expect(await charge('110001', '?country_name_enum=US')).toEqual({
      shipping_charges: (usd('US') ?? 0) / 100,
    });
  });

  it('refuses an Indian pincode that is not six digits with its own words, naming the field', async () => {
    const body = await expectBadPincode('/api/commerce/shipping_charges/10118/v1/?country_name_enum=IN');
    expect(body.data.field).toBe('pincode');
    expect(body.data.message).toBe('Enter a 6-digit pincode');
  });

  it('refuses what is no postal code anywhere', async () => {
    for (const code of ['%20', '-1', '5'.repeat(13), 'SW1A%25AA'])
      await expectBadPincode(`/api/commerce/shipping_charges/${code}/v1/?country_name_enum=GB`);
  });

  it('reads a charge the operator set in paise, on the next load', async () => {
    await shop.db
      .insert(schema.shippingCharges)
      .values({ pincodePrefix: '110001', currency: 'INR', amountMinor: 4_950 });
    const fresh = shop.build();
    try {
      const res = await fresh.inject({ method: 'GET', url: '/api/commerce/shipping_charges/110001/v1/' });
      expect(res.json()).toEqual({ shipping_charges: 49.5 });
    } finally {
      await fresh.close();
      await shop.db
        .delete(schema.shippingCharges)
        .where((await import('drizzle-orm')).eq(schema.shippingCharges.pincodePrefix, '110001'));
    }
  });

  it('refuses a pincode that is not 6 digits with a 400 naming the field', async () => {
    for (const pincode of BAD_PINCODES) {
      const body = await expectBadPincode(`/api/commerce/shipping_charges/${pincode}/v1/`);
      expect(body.data.http_status_code).toBe(400);
      expect(body.data.field).toBe('pincode');
    }
  });

  it('refuses a country the shop does not sell to', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/commerce/shipping_charges/110001/v1/?country_name_enum=FR',
    });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).data.field).toBe('country_name_enum');
  });
});

/** A sample of metro pincodes: the city a buyer names, and the state. */
const METROS = [
  { pincode: '400001', city: 'Mumbai', state: 'Maharashtra' },
  { pincode: '110001', city: 'New Delhi', state: 'Delhi' },
  { pincode: '560001', city: 'Bengaluru', state: 'Karnataka' },
  { pincode: '600001', city: 'Chennai', state: 'Tamil Nadu' },
  { pincode: '700001', city: 'Kolkata', state: 'West Bengal' },
  { pincode: '500001', city: 'Hyderabad', state: 'Telangana' },
] as const;

describe('GET /api/postal/pincode/{pincode}: the metros', () => {
  it.each(METROS)('$pincode is in $city, $state', async ({ pincode, city, state }) => {
    const res = await app.inject({ method: 'GET', url: `/api/postal/pincode/${pincode}` });
    expect(res.statusCode).toBe(200);
    const [result] = postalLookupResponseSchema.parse(res.json());
    const offices = result?.PostOffice ?? [];
    const district = pincodeDistrict(offices);
    const office = offices.find((o) => o.District === district);
    expect(office && cityOfOffice(office)).toBe(city);
    expect(office?.State).toBe(state);
  });
});

describe('GET /api/invoicing/check_availability_for_pincode/v1/', () => {
  const availability = async (pincode: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/invoicing/check_availability_for_pincode/v1/?pincode=${pincode}`,
    });
    expect(res.statusCode).toBe(200);
    return pincodeAvailabilityResponseSchema.parse(res.json());
  };

  it('delivers to a pincode the postal directory knows, naming the city and roughly when', async () => {
    expect(await availability('560001')).toEqual({
      pincode: '560001',
      is_available: true,
      message: 'Delivered to Bengaluru, Karnataka in 1–2 working days',
      district: 'Bangalore',
      city: 'Bengaluru',
      state: 'Karnataka',
      min_days: 1,
      max_days: 2,
    });
  });

  it.each(METROS)('names $city, $state for $pincode', async ({ pincode, city, state }) => {
    const answer = await availability(pincode);
    expect(answer).toMatchObject({ is_available: true, city, state });
    expect(answer.message).toBe(
      `Delivered to ${city}, ${state} in ${answer.min_days}–${answer.max_days} working days`,
    );
  });

  it('takes longer the farther the pincode is from the Bengaluru warehouse', async () => {
    const days = async (pincode: string) => (await availability(pincode)).max_days ?? 0;
    expect(await days('560001')).toBeLessThan(await days('600001'));
    expect(await days('600001')).toBeLessThan(await days('400001'));
    expect(await days('400001')).toBeLessThan(await days('110001'));
    expect(await days('110001')).toBeLessThan(await days('700001'));
  });

  it('does not deliver to a pincode no post office has', async () => {
    expect(await availability('999999')).toMatchObject({
      pincode: '999999',
      is_available: false,
      district: null,
      city: null,
      state: null,
      min_days: null,
      max_days: null,
      message: '999999 is not a pincode we know. Check it, or choose self pickup',
    });
  });

  it('refuses a missing or malformed pincode with 400', async () => {
    for (const query of ['', '?pincode=', ...BAD_PINCODES.map((p) => `?pincode=${p}`)]) {
      const body = await expectBadPincode(`/api/invoicing/check_availability_for_pincode/v1/${query}`);
      expect(body.data.http_status_code).toBe(400);
      expect(body.data.field).toBe('pincode');
    }
  });
});

describe('GET /api/invoicing/pickup_locations/v1/', () => {
  it("answers the shop's pickup location with every spec field", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/invoicing/pickup_locations/v1/' });
    expect(res.statusCode).toBe(200);
    const { pickup_locations } = pickupLocationsResponseSchema.parse(res.json());
    expect(pickup_locations).toHaveLength(1);
    expect(pickup_locations[0]).toMatchObject({
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'India',
      pincode: '560001',
      mobile_number: '9000000000',
      start_datetime: '2025-01-01T04:30:00.000Z',
      end_datetime: '2030-12-31T13:30:00.000Z',
    });
  });

  it('logs a warning when more than one location is active, and still answers them all, first first', async () => {
    const [second] = await shop.db
      .insert(schema.pickupLocations)
      .values({
        address1: '4 Marine Drive',
        address2: null,
        city: 'Mumbai',
        state: 'Maharashtra',
        country: 'India',
        pincode: '400020',
        mapsLocationId: 'ChIJ-second',
        mobileNumber: '9000000001',
        startsAt: new Date('2026-01-01T04:30:00Z'),
        endsAt: new Date('2026-12-31T13:30:00Z'),
      })
      .returning();
    const log = memoryLogger('warn');
    const fresh = shop.build({ logger: log.logger });
    try {
      for (let i = 0; i < 2; i += 1) {
        const res = await fresh.inject({ method: 'GET', url: '/api/invoicing/pickup_locations/v1/' });
        expect(res.json().pickup_locations.map((l: { city: string }) => l.city)).toEqual([
          'Bengaluru',
          'Mumbai',
        ]);
      }
      const warnings = log.lines().filter((line) => String(line.msg).includes('pickup location'));
      // Read once, warned once: later answers come from memory.
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ level: 40, pickup_location_ids: [1, second?.id] });
    } finally {
      await fresh.close();
      if (second) await shop.db.update(schema.pickupLocations).set({ active: false });
    }
  });
});

describe('GET /api/commerce/states/v1/', () => {
  const states = async (query = '') => {
    const res = await app.inject({ method: 'GET', url: `/api/commerce/states/v1/${query}` });
    expect(res.statusCode).toBe(200);
    return commerceStatesResponseSchema.parse(res.json()).states_details;
  };

  it("answers India's 36 states and union territories by default", async () => {
    const india = await states();
    expect(india).toHaveLength(36);
    expect(india).toContainEqual({ state_name: 'Tamil Nadu', state_name_enum: 'TAMIL_NADU' });
    expect(india).toContainEqual({ state_name: 'Ladakh', state_name_enum: 'LADAKH' });
    expect(await states('?country_name_enum=IN')).toEqual(india);
  });

  it('answers the regions abroad with spaces in the name and underscores in the enum', async () => {
    const us = await states('?country_name_enum=US');
    expect(us).toHaveLength(51);
    expect(us).toContainEqual({ state_name: 'New York', state_name_enum: 'NEW_YORK' });
    expect(await states('?country_name_enum=gb')).toEqual([
      { state_name: 'England', state_name_enum: 'ENGLAND' },
      { state_name: 'Northern Ireland', state_name_enum: 'NORTHERN_IRELAND' },
      { state_name: 'Scotland', state_name_enum: 'SCOTLAND' },
      { state_name: 'Wales', state_name_enum: 'WALES' },
    ]);
    expect(await states('?country_name_enum=CA')).toHaveLength(13);
    expect(await states('?country_name_enum=AU')).toContainEqual({
      state_name: 'New South Wales',
      state_name_enum: 'NEW_SOUTH_WALES',
    });
  });

  it('lets caches keep the list', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/commerce/states/v1/' });
    expect(res.headers['cache-control']).toContain('max-age=');
  });

  it('refuses a country the shop does not sell to', async () => {
    for (const country of ['FR', 'INDIA', '']) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/commerce/states/v1/?country_name_enum=${country}`,
      });
      expect(res.statusCode).toBe(400);
      expect(errorBodySchema.parse(res.json()).data.field).toBe('country_name_enum');
    }
  });
});

describe('GET /api/postal/pincode/{pincode}', () => {
  const lookup = async (pincode: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/postal/pincode/${pincode}` });
    expect(res.statusCode).toBe(200);
    return postalLookupResponseSchema.parse(res.json());
  };

  it('answers 110001 as the public lookup does: 21 offices in Delhi, the GPO a head office', async () => {
    const [result] = await lookup('110001');
    expect(result?.Status).toBe('Success');
    expect(result?.Message).toBe('Number of pincode(s) found:21');
    const offices = result?.PostOffice ?? [];
    expect(offices).toHaveLength(21);
    expect(offices).toContainEqual({
      Name: 'Connaught Place',
      Description: null,
      BranchType: 'Sub Post Office',
      DeliveryStatus: 'Delivery',
      Circle: 'Delhi',
      District: 'Central Delhi',
      Division: 'New Delhi Central',
      Region: 'Delhi',
      Block: 'New Delhi',
      State: 'Delhi',
      Country: 'India',
      Pincode: '110001',
    });
    expect(offices.find((o) => o.Name === 'New Delhi')).toMatchObject({
      BranchType: 'Head Post Office',
      District: 'New Delhi',
    });
    expect(offices.find((o) => o.Name === 'Sansad Marg')?.BranchType).toBe('Head Post Office');
  });

  it('answers 400001 in Mumbai, Maharashtra, with its branch office', async () => {
    const offices = (await lookup('400001'))[0]?.PostOffice ?? [];
    expect(offices.map((o) => o.State)).toEqual(offices.map(() => 'Maharashtra'));
    expect(offices.find((o) => o.Name === 'Mumbai')).toMatchObject({
      BranchType: 'Head Post Office',
      District: 'Mumbai',
    });
    expect(offices.find((o) => o.Name === 'Elephanta Caves Po')).toMatchObject({
      BranchType: 'Branch Post Office',
      Block: 'Uran',
    });
  });

  it('answers 560001 in Bangalore, Karnataka', async () => {
    const offices = (await lookup('560001'))[0]?.PostOffice ?? [];
    expect(offices).toHaveLength(10);
    expect(new Set(offices.map((o) => `${o.District}, ${o.State}`))).toEqual(
      new Set(['Bangalore, Karnataka']),
    );
    expect(offices.find((o) => o.Name === 'Bangalore')?.BranchType).toBe('Head Post Office');
    expect(offices.filter((o) => o.BranchType === 'Sub Post Office')).toHaveLength(9);
  });

  it('uses the current state names: Leh is in Ladakh, Raipur in Chhattisgarh', async () => {
    const leh = (await lookup('194101'))[0]?.PostOffice ?? [];
    expect(leh.length).toBeGreaterThan(0);
    expect(new Set(leh.map((o) => o.State))).toEqual(new Set(['Ladakh']));
    const raipur = (await lookup('492001'))[0]?.PostOffice ?? [];
    expect(new Set(raipur.map((o) => o.State))).toEqual(new Set(['Chhattisgarh']));
  });

  it('answers an unknown pincode with 200 and the public Error shape', async () => {
    expect(await lookup('999999')).toEqual([
      { Message: 'No records found', Status: 'Error', PostOffice: null },
    ]);
  });

  it('refuses a pincode that is not 6 digits with a 400, never a 500', async () => {
    for (const pincode of BAD_PINCODES) {
      const body = await expectBadPincode(`/api/postal/pincode/${pincode}`);
      expect(body.data.http_status_code).toBe(400);
    }
  });
});
