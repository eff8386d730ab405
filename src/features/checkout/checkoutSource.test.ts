import { describe, expect, it } from 'vitest';
import type { AdBookingChoice } from '@/state/adBooking';
import { MUMBAI } from '@/state/adBooking.test-helpers';
import { checkoutSelection } from './checkoutSource';

const BOOKING: AdBookingChoice = {
  ...MUMBAI,
  deviceCodes: ['MUM-ARENA-BAY-1', 'MUM-ARENA-BAY-2'],
  deviceNames: { 'MUM-ARENA-BAY-1': 'Arena bay 1', 'MUM-ARENA-BAY-2': 'Arena bay 2' },
  range: { start: '2026-12-10', end: '2026-12-12' },
  asset: { asset_url: '/images/ad-arena.svg', asset_template_image_config_id: 101, name: null },
  updatedAt: 1,
};

describe('what the checkout buys', () => {
  it('for the ad booking: its ad product at days × devices, no shipping, and the booking for the order', () => {
    const selection = checkoutSelection('adBooking', { items: [], adBooking: BOOKING }, 'IN');
    expect(selection.packages).toEqual([{ packageId: 41, products: [{ productId: 410, quantity: 6 }] }]);
    expect(selection.packageCodes).toEqual(['AD_MUMBAI_ARENA']);
    expect(selection.isShippingRequired).toBe(false);
    expect(selection.adBooking).toEqual({
      details: {
        ad_config_id: 7,
        venue: MUMBAI.venue,
        device_codes: ['MUM-ARENA-BAY-1', 'MUM-ARENA-BAY-2'],
        datetime_range: { from_datetime: '2026-12-10 00:00:00', to_datetime: '2026-12-12 23:59:59' },
      },
      assets: [{ asset_url: '/images/ad-arena.svg', asset_template_image_config_id: 101 }],
    });
  });

  it('for the cart: never the ad booking', () => {
    const selection = checkoutSelection('cart', { items: [], adBooking: BOOKING }, 'IN');
    expect(selection.packages).toEqual([]);
    expect(selection.adBooking).toBeNull();
  });

  it('an ad booking without a creative has nothing to book', () => {
    const selection = checkoutSelection(
      'adBooking',
      { items: [], adBooking: { ...BOOKING, asset: null } },
      'IN',
    );
    expect(selection.adBooking).toBeNull();
  });
});
