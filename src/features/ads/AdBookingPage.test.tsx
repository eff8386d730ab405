import type { SlotDetailsRequest } from '@contract/ads';
import type { PriceEstimateRequest } from '@contract/pricing';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clear } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/api/queryClient';
import { fakeNetwork, json, resetClient } from '@/api/test-helpers';
import { fakeEstimate } from '@/features/cart/estimate.test-helpers';
import { adBookingStore, disposeAdBooking } from '@/state/adBooking';
import { pkg, product, withEstimate } from '@/state/cart.test-helpers';
import { kvStore } from '@/storage/kv';
import { AdBookingPage } from './AdBookingPage';

const ARENA = pkg({
  package_id: 41,
  package_code: 'AD_MUMBAI_ARENA',
  name: 'Ads at IBC Cricket Arena, Mumbai',
  package_type: 'ad',
  is_shipping_required: false,
  products: [
    product({
      product_id: 410,
      product_code: 'IBC_AD_SLOT_MUMBAI_ARENA',
      taxable_amount: 1500,
      product_type: 'ad',
    }),
  ],
  ad_details: {
    ad_config_id: 7,
    ad_name: 'Arena bay screens',
    venue: 'IBC Cricket Arena, Lower Parel, Mumbai',
    start_date: '2099-01-01',
    end_date: '2099-03-31',
    devices: [
      { device_id: 'BAY-1', device_name: 'Arena bay 1' },
      { device_id: 'BAY-2', device_name: 'Arena bay 2' },
    ],
    ad_assets: [{ asset_url: '/images/ad-arena.svg', asset_template_image_config_id: 101 }],
    cost_per_device_per_day: 1500,
  },
});

const SLOTS = {
  package_id: 41,
  ad_config_id: 7,
  ad_name: 'Arena bay screens',
  venue: 'IBC Cricket Arena, Lower Parel, Mumbai',
  bookable_from: '2099-01-01',
  bookable_to: '2099-03-31',
  devices: [
    {
      device_code: 'BAY-1',
      device_name: 'Arena bay 1',
      booked: [{ from_datetime: '2099-01-10 00:00:00', to_datetime: '2099-01-12 23:59:59' }],
    },
    { device_code: 'BAY-2', device_name: 'Arena bay 2', booked: [] },
  ],
};

function network() {
  return fakeNetwork(({ url, body }) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/packages/available/price_estimate/v1/'))
      return json(200, { country_code: 'IN', currency: 'INR', packages: [withEstimate(ARENA)] });
    if (path.endsWith('/get_available_slots_details_for_rental_package/v1/')) return json(200, SLOTS);
    if (path.endsWith('/get_available_slot_details/v1/')) {
      const asked = body as SlotDetailsRequest;
      const day = asked.datetime_range.from_datetime.slice(0, 10);
      const taken = (code: string) => code === 'BAY-1' && day <= '2099-01-12';
      return json(200, {
        available: asked.device_codes.every((code) => !taken(code)),
        days: 1,
        devices: asked.device_codes.map((code) => ({
          device_code: code,
          device_name: code,
          available: !taken(code),
          clashes: [],
        })),
      });
    }
    if (path.includes('price_estimate'))
      return json(200, fakeEstimate(body as PriceEstimateRequest, { packages: [ARENA] }));
    return json(404, {});
  });
}

function mount({ signedIn = false } = {}) {
  const onContinue = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdBookingPage
        packageCode="AD_MUMBAI_ARENA"
        countryCode="IN"
        signedIn={signedIn}
        signInHref="/sign-in?redirect=%2Fbusiness%2Fad-booking%3Fpackage%3DAD_MUMBAI_ARENA"
        summary={(price, choice) => (
          <p>
            {choice.deviceCodes.length} devices, total {price.subtotal}
          </p>
        )}
        onChoosePackage={vi.fn()}
        onContinue={onContinue}
      />
    </QueryClientProvider>,
  );
  return { onContinue };
}

beforeEach(async () => {
  resetClient();
  disposeAdBooking();
  await clear(kvStore());
});
afterEach(() => vi.unstubAllGlobals());

describe('the ad booking page', () => {
  it('offers the venue at its price per device per day, and sign-in to upload one’s own ad', async () => {
    network();
    mount();
    expect(
      await screen.findByRole('radio', { name: /IBC Cricket Arena, Lower Parel, Mumbai/ }),
    ).toBeChecked();
    expect(screen.getByText(/per device per day \+ GST/)).toHaveTextContent('₹1,500');
    const ad = await screen.findByRole('group', { name: 'Your ad' });
    expect(within(ad).getByRole('radio', { name: 'Template 1' })).not.toBeChecked();
    expect(within(ad).getByRole('link', { name: 'sign in' })).toHaveAttribute(
      'href',
      '/sign-in?redirect=%2Fbusiness%2Fad-booking%3Fpackage%3DAD_MUMBAI_ARENA',
    );
    expect(within(ad).queryByText('Upload your own')).toBeNull();
  });

  it('greys out the days a chosen device is taken', async () => {
    network();
    const user = userEvent.setup();
    mount();
    const devices = await screen.findByRole('group', { name: 'Devices' });
    const dates = screen.getByRole('group', { name: 'Dates' });
    expect(within(dates).getByRole('button', { name: /10 January 2099/ })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(within(devices).getByRole('checkbox', { name: 'Arena bay 1' }));
    await waitFor(() =>
      expect(within(dates).getByRole('button', { name: /10 January 2099/ })).toHaveAttribute(
        'aria-disabled',
        'true',
      ),
    );
    expect(within(dates).getByRole('button', { name: /13 January 2099/ })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('says which devices are free for the chosen days and keeps a taken one from being added', async () => {
    network();
    const user = userEvent.setup();
    const { onContinue } = mount();
    const dates = await screen.findByRole('group', { name: 'Dates' });
    await user.click(within(dates).getByRole('button', { name: /11 January 2099/ }));
    await user.click(within(dates).getByRole('button', { name: /11 January 2099/ }));
    const devices = screen.getByRole('group', { name: 'Devices' });
    await waitFor(() =>
      expect(within(devices).getByRole('checkbox', { name: 'Arena bay 1' })).toBeDisabled(),
    );
    expect(within(devices).getByRole('checkbox', { name: 'Arena bay 1' })).toHaveAccessibleDescription(
      'Taken on some of your dates',
    );
    const free = within(devices).getByRole('checkbox', { name: 'Arena bay 2' });
    expect(free).toHaveAccessibleDescription('Free on your dates');

    await user.click(free);
    await user.click(screen.getByRole('radio', { name: 'Template 1' }));
    // 1 day × 1 device at ₹1,500 + 18 % GST.
    expect(await screen.findByText('1 devices, total 177000')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Continue to checkout' });
    await waitFor(() => expect(next).toBeEnabled());
    await user.click(next);
    expect(onContinue).toHaveBeenCalled();
    expect(adBookingStore.choice).toMatchObject({
      deviceCodes: ['BAY-2'],
      range: { start: '2099-01-11', end: '2099-01-11' },
      asset: { asset_template_image_config_id: 101 },
    });
  });
});
