import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeNetwork, json, resetClient } from '@/api/test-helpers';
import { deliveryPincodeStore, readDeliveryPincode } from '@/state/deliveryPincode';
import { DeliveryCheck } from './DeliveryCheck';

const MUMBAI = {
  pincode: '400001',
  is_available: true,
  message: 'Delivered to Mumbai, Maharashtra in 3–5 working days',
  district: 'Mumbai',
  city: 'Mumbai',
  state: 'Maharashtra',
  min_days: 3,
  max_days: 5,
};

function mount() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DeliveryCheck />
    </QueryClientProvider>,
  );
  return screen.getByRole('textbox', { name: 'Delivery pincode' });
}

describe('DeliveryCheck', () => {
  beforeEach(() => {
    resetClient();
    deliveryPincodeStore.pincode = null;
  });
  afterEach(() => {
    deliveryPincodeStore.pincode = null;
  });

  it('refuses a pincode that is not 6 digits without asking the server', async () => {
    const { requests } = fakeNetwork(() => json(200, MUMBAI));
    const user = userEvent.setup();
    await user.type(mount(), '4000');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByRole('textbox', { name: 'Delivery pincode' })).toHaveAccessibleDescription(
      'enter a valid pincode',
    );
    expect(requests.filter((r) => r.url.includes('check_availability'))).toHaveLength(0);
  });

  it('says whether and when it delivers, and keeps the pincode for the checkout', async () => {
    const { requests } = fakeNetwork(() => json(200, MUMBAI));
    const user = userEvent.setup();
    await user.type(mount(), '400001{Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(MUMBAI.message));
    expect(requests.at(-1)?.url).toBe('/api/invoicing/check_availability_for_pincode/v1/?pincode=400001');
    await expect(readDeliveryPincode()).resolves.toBe('400001');
  });

  it('says when the check itself failed', async () => {
    fakeNetwork(() =>
      json(503, { data: { message: 'down', response: '', res_status: 'X', http_status_code: 503 } }),
    );
    const user = userEvent.setup();
    await user.type(mount(), '400001{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'We could not check 400001 just now. Please try again.',
      ),
    );
  });
});
