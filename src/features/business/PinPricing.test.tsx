import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/ui/renderAt.test-helpers';
import { pinRateOf } from './licencePricing';
import { PinPricing } from './PinPricing';

const hardware = pinRateOf(
  {
    product_id: 10,
    product_code: 'IBC_BUSINESS_EDITION_GAME',
    name: 'IBC business edition game',
    taxable_amount: 50_000,
    gst_rate: 18,
    availability_type: 'LIMITED',
    available_quantity: 3,
    is_out_of_stock: false,
  },
  'INR',
);
const premium = pinRateOf(
  {
    product_id: 11,
    product_code: 'IBC_PREMIUM_LICENCE',
    name: 'IBC premium licence',
    taxable_amount: 1_00_000,
    gst_rate: 18,
    availability_type: 'UNLIMITED',
    available_quantity: 0,
    is_out_of_stock: false,
  },
  'INR',
);

/** The first year's total, announced as it changes (the stepper's own count is the other status). */
const total = () => screen.getByText(/^First year for/).textContent;

async function renderPanel(onBuy = vi.fn()) {
  renderAt(
    <PinPricing
      id="ibc-business-pricing-section"
      title="Licence pricing"
      currency="INR"
      oneTime={[{ rate: hardware, label: 'Hardware, one-time' }]}
      yearly={[{ rate: premium, label: 'Annual licence fee' }]}
      invite="licence"
      onBuy={onBuy}
    />,
    '/business',
  );
  return screen.findByRole('region', { name: 'Licence pricing' });
}

describe('the licence pricing panel', () => {
  it('shows the hardware one-time and the annual licence fee per pin, from the catalogue prices', async () => {
    const panel = await renderPanel();
    expect(panel.id).toBe('ibc-business-pricing-section');
    expect(screen.getByText('Hardware, one-time').nextElementSibling?.textContent).toBe('₹50,000 per pin');
    expect(screen.getByText('Annual licence fee').nextElementSibling?.textContent).toBe(
      '₹1,00,000 per pin per year',
    );
    expect(total()).toBe('First year for 1 pin: ₹1,50,000 before GST');
    expect(screen.getByText('First year with GST').nextElementSibling?.textContent).toBe('₹1,77,000');
  });

  it("scales the first year's total with the pins, up to the hardware left, and buys that many", async () => {
    const user = userEvent.setup();
    const onBuy = vi.fn();
    await renderPanel(onBuy);
    const add = screen.getByRole('button', { name: 'Add one pin' });
    await user.click(add);
    await user.click(add);
    await waitFor(() => expect(total()).toBe('First year for 3 pins: ₹4,50,000 before GST'));
    expect(screen.getByText('GST').nextElementSibling?.textContent).toBe('₹81,000');
    expect(screen.getByText(/to renew 3 pins/).textContent).toContain('₹3,00,000');
    // Three business edition units are left: no fourth pin.
    expect(add).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Buy 3 pins with an invite code' }));
    expect(onBuy).toHaveBeenCalledWith([hardware, premium], 3);
  });

  it('links to the invite request for a licence', async () => {
    await renderPanel();
    expect(screen.getByRole('link', { name: 'Ask for an invite' }).getAttribute('href')).toBe(
      '/form/get-invite?product=licence',
    );
  });
});
