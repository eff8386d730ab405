import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MotionGlobalConfig } from 'framer-motion';
import { clear } from 'idb-keyval';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { addPackageToCart, applyCatalogueCheck, cartStore, disposeCart } from '@/state/cart';
import { customBat, pkg, product, solo, withEstimate } from '@/state/cart.test-helpers';
import { countryStore } from '@/state/country';
import { kvStore } from '@/storage/kv';
import { CartButton, openCart } from './CartButton';
import { CartDialog } from './CartDialog';
import { closeCart } from './view';

beforeAll(() => {
  MotionGlobalConfig.skipAnimations = true;
});
afterAll(() => {
  MotionGlobalConfig.skipAnimations = false;
});

function renderCart() {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <CartButton />
      <CartDialog />
    </QueryClientProvider>,
  );
}

async function openTheCart() {
  await userEvent.click(screen.getByRole('button', { name: /^Cart, / }));
  return screen.findByRole('dialog', { name: 'Your cart' });
}

describe('cart view', () => {
  beforeEach(async () => {
    disposeCart();
    closeCart();
    await clear(kvStore());
  });
  afterEach(() => {
    onlineManager.setOnline(true);
    countryStore.countryCode = 'IN';
  });

  it('shows an empty state', async () => {
    renderCart();
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
    const dialog = await openTheCart();
    expect(within(dialog).getByText('Your cart is empty.')).toBeInTheDocument();
  });

  it('lists a fixed package as a titled group split at the first hyphen, with the key at quantity 1', async () => {
    act(() => {
      addPackageToCart(solo());
      addPackageToCart(solo());
    });
    renderCart();
    // The badge counts what the buyer added: two kits, not their six parts.
    expect(screen.getByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
    const dialog = await openTheCart();
    for (const column of ['Product', 'Quantity', 'Price']) {
      expect(within(dialog).getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    const group = within(dialog).getByRole('rowgroup', { name: 'IBC home kit - Solo' });
    // Spec §2: white before the first hyphen, the rest in the accent colour (the tone cart.css reads).
    const before = within(group).getByText('IBC home kit');
    const after = within(group).getByText('Solo');
    expect(before).not.toHaveAttribute('data-tone');
    expect(after).toHaveAttribute('data-tone', 'accent');
    expect(before.parentElement).toHaveTextContent('IBC home kit Solo');

    const key = within(group).getByRole('row', { name: /Game, 1 profile/ });
    expect(within(key).queryByRole('button')).toBeNull();
    expect(within(key).getByText('1')).toBeInTheDocument();
    const headset = within(group).getByRole('row', { name: /VR headset/ });
    expect(within(headset).getByText('2')).toBeInTheDocument();
    expect(within(headset).getByText('₹79,998')).toBeInTheDocument();

    // The group moves together: − takes the package count back to 1, and again removes it.
    await userEvent.click(
      within(group).getByRole('button', { name: 'Decrease IBC home kit - Solo quantity' }),
    );
    expect(within(headset).getByText('1')).toBeInTheDocument();
    await userEvent.click(
      within(group).getByRole('button', { name: 'Decrease IBC home kit - Solo quantity' }),
    );
    expect(within(dialog).getByText('Your cart is empty.')).toBeInTheDocument();
  });

  it('edits a customizable line with its stepper; 0 removes it', async () => {
    act(() => addPackageToCart(customBat(), { 91: 1 }));
    renderCart();
    const dialog = await openTheCart();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Increase Custom bat quantity' }));
    expect(within(dialog).getByRole('status', { name: 'Custom bat quantity' })).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decrease Custom bat quantity' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decrease Custom bat quantity' }));
    expect(within(dialog).getByText('Your cart is empty.')).toBeInTheDocument();
  });

  it('flags a price change and an out-of-stock line, which stays until the buyer removes it', async () => {
    act(() => {
      addPackageToCart(solo());
      addPackageToCart(customBat(), { 91: 1 });
    });
    renderCart();
    const bat = customBat();
    const [custom] = bat.products;
    if (custom) custom.is_out_of_stock = true;
    act(() => applyCatalogueCheck([withEstimate(solo(44_999)), withEstimate(bat)], 'IN'));
    const dialog = await openTheCart();
    expect(within(dialog).getByText('Price changed from ₹39,999 to ₹44,999')).toBeInTheDocument();
    const row = within(dialog).getByRole('row', { name: /Custom bat/ });
    expect(within(row).getByText('Out of stock')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Remove Custom bat' }));
    expect(within(dialog).queryByRole('row', { name: /Custom bat/ })).toBeNull();
  });

  it('keeps a fixed package whole: one Remove and one count for the group, none on its parts', async () => {
    act(() => addPackageToCart(solo()));
    renderCart();
    const headsetGone = solo();
    const [headset] = headsetGone.products;
    if (headset) headset.is_out_of_stock = true;
    act(() => applyCatalogueCheck([withEstimate(headsetGone)], 'IN'));
    const dialog = await openTheCart();
    const group = within(dialog).getByRole('rowgroup', { name: 'IBC home kit - Solo' });
    for (const part of within(group).getAllByRole('row', {
      name: /VR headset|Tracked bat|Game, 1 profile/,
    })) {
      expect(within(part).queryByRole('button')).toBeNull();
    }
    expect(within(group).getAllByRole('button', { name: /^Remove/ })).toHaveLength(1);
    expect(
      within(group).getByRole('button', { name: 'Increase IBC home kit - Solo quantity' }),
    ).toBeDisabled();
    await userEvent.click(within(group).getByRole('button', { name: 'Remove IBC home kit - Solo' }));
    expect(within(dialog).getByText('Your cart is empty.')).toBeInTheDocument();
  });

  it('says why two kits show their game key once', async () => {
    act(() => {
      addPackageToCart(solo());
      addPackageToCart(solo());
    });
    renderCart();
    const dialog = await openTheCart();
    const key = within(dialog).getByRole('row', { name: /Game, 1 profile/ });
    expect(within(key).getByText('1')).toBeInTheDocument();
    expect(
      within(key).getByText('A game key is listed once per order; the price covers all 2'),
    ).toBeInTheDocument();
  });

  it("shows the total and every line in the buyer's currency after a switch to USD", async () => {
    await act(async () =>
      addPackageToCart(pkg({ ...solo(), package_id: 3, package_code: 'SOLO_EMI', available_in: ['IN'] })),
    );
    act(() => {
      countryStore.countryCode = 'US';
      applyCatalogueCheck([], 'US');
    });
    renderCart();
    const dialog = await openTheCart();
    const total = () => within(dialog).getByText('Total').parentElement;
    expect(total()).toHaveTextContent('$0');
    act(() =>
      addPackageToCart(
        pkg({
          package_id: 5,
          package_code: 'GAME',
          name: 'IBC game - 1 profile',
          currency: 'USD',
          products: [
            product({
              product_id: 51,
              product_code: 'IBC_GAME_1_PROFILE_KEY',
              name: 'Game key',
              taxable_amount: 59,
            }),
          ],
        }),
      ),
    );
    expect(
      within(await within(dialog).findByRole('row', { name: /Game key/ })).getByText('$59'),
    ).toBeInTheDocument();
    expect(total()).toHaveTextContent('$59');
    const headset = within(dialog).getByRole('row', { name: /VR headset/ });
    expect(within(headset).getByText('No longer sold in your country')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('₹');
  });

  it('says offline that prices will be checked when back online', async () => {
    // Noon of a fixed day (local time), prices checked at 9:05 that morning.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 2, 1, 12, 0) });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    act(() => {
      addPackageToCart(solo());
      cartStore.metadata.pricesCheckedAt = new Date(2026, 2, 1, 9, 5).getTime();
    });
    renderCart();
    act(() => onlineManager.setOnline(false));
    act(() => openCart());
    const dialog = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(
      within(dialog).getByText(/^Prices as of 09:05 will be checked when you are back online$/),
    ).toBeInTheDocument();
    act(() => onlineManager.setOnline(true));
    expect(within(dialog).queryByText(/will be checked when you are back online/)).toBeNull();
  });
});
