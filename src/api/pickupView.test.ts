import type { PickupLocation } from '@contract/places';
import { describe, expect, it, vi } from 'vitest';
import { toPickupDetails, toPickupView } from './pickupView';

const SHOP: PickupLocation = {
  pickup_location_id: 1,
  address1: 'IBC Cricket Experience Centre, 12 Cubbon Road',
  address2: 'Shivaji Nagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pincode: '560001',
  maps_location_id: 'ChIJbU60yXAWrjsR4E9-UejD3_g',
  mobile_number: '9000000000',
  start_datetime: '2025-01-01T04:30:00.000Z',
  end_datetime: '2030-12-31T13:30:00.000Z',
};

describe('the pickup view (spec §3)', () => {
  it("joins the address, keeps the mobile number and shows the hours in the centre's zone", () => {
    expect(toPickupView(SHOP)).toEqual({
      pickupLocationId: 1,
      consolidatedAddress:
        'IBC Cricket Experience Centre, 12 Cubbon Road, Shivaji Nagar, Bengaluru, Karnataka 560001, India',
      mobileNumber: '9000000000',
      timings: '10:00 – 19:00 IST, 1 January 2025 to 31 December 2030',
      locationUrl:
        'https://www.google.com/maps/search/?api=1&query=IBC+Cricket+Experience+Centre%2C+12+Cubbon+Road%2C+Shivaji+Nagar%2C+Bengaluru%2C+Karnataka+560001%2C+India&query_place_id=ChIJbU60yXAWrjsR4E9-UejD3_g',
    });
  });

  it('shows one day with its date first', () => {
    const oneDay = {
      ...SHOP,
      start_datetime: '2026-11-03T04:30:00.000Z',
      end_datetime: '2026-11-03T13:30:00.000Z',
    };
    expect(toPickupView(oneDay).timings).toBe('3 November 2026, 10:00 – 19:00 IST');
  });

  it("reads the centre's day, not the buyer's: an early window is one day in India, two in UTC", () => {
    const early = {
      ...SHOP,
      start_datetime: '2026-11-03T20:30:00.000Z',
      end_datetime: '2026-11-04T02:30:00.000Z',
    };
    expect(toPickupView(early).timings).toBe('4 November 2026, 02:00 – 08:00 IST');
  });

  it('without a second address line or a place id, links a search for the address', () => {
    const view = toPickupView({ ...SHOP, address2: null, maps_location_id: null });
    expect(view.consolidatedAddress).toBe(
      'IBC Cricket Experience Centre, 12 Cubbon Road, Bengaluru, Karnataka 560001, India',
    );
    const url = new URL(view.locationUrl);
    expect(url.searchParams.get('query')).toBe(view.consolidatedAddress);
    expect(url.searchParams.has('query_place_id')).toBe(false);
  });
});

describe('the pickup details', () => {
  it('uses the first of several locations and warns about the others', () => {
    const warn = vi.fn();
    const details = toPickupDetails([SHOP, { ...SHOP, pickup_location_id: 2, city: 'Mumbai' }], { warn });
    expect(details.first?.pickupLocationId).toBe(1);
    expect(details.pickupLocations).toHaveLength(2);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('does not warn about one location, and has no view without any', () => {
    const warn = vi.fn();
    expect(toPickupDetails([SHOP], { warn }).first?.mobileNumber).toBe('9000000000');
    expect(toPickupDetails([], { warn }).first).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
  });
});
