import type { PriceEstimateRequest } from '@contract/pricing';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MotionGlobalConfig } from 'framer-motion';
import { clear } from 'idb-keyval';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { toEstimateRequest } from '@/api/priceEstimate';
import { errorBody, fakeNetwork, json, resetClient } from '@/api/test-helpers';
import { addPackageToCart, cartStore, disposeCart } from '@/state/cart';
import { customBat, pkg, product, solo, withEstimate } from '@/state/cart.test-helpers';
import { applyCatalogueCheck } from '@/state/cartEdits';
import { countryStore } from '@/state/country';
import { kvStore } from '@/storage/kv';
import { renderAt } from '@/ui/renderAt.test-helpers';
import { CartButton, openCart } from './CartButton';
import { CartDialog } from './CartDialog';
import { cartEstimateFeatures, cartEstimateInputs, cartEstimateQuery } from './estimate';
import { type FakeEstimateOptions, fakeEstimate } from './estimate.test-helpers';
import { closeCart } from './view';

beforeAll(() => {
  MotionGlobalConfig.skipAnimations = true;
});
afterAll(() => {
  MotionGlobalConfig.skipAnimations = false;
});

/** What the fake server prices with (each test may change it), and a switch to make it fail. */
let estimateOptions: FakeEstimateOptions = {};
let estimateFails = false;

function serveEstimates() {
  return fakeNetwork((request) => {
    if (!request.url.includes('/orders/price_estimate/')) return json(404, errorBody(404, 'NOT_FOUND'));
    if (estimateFails) return json(503, errorBody(503, 'SERVICE_UNAVAILABLE'));
    return json(200, fakeEstimate(request.body as PriceEstimateRequest, estimateOptions));
  });
}

const estimateRequests = <T extends { url: string }>(requests: T[]) =>
  requests.filter((request) => request.url.includes('/orders/price_estimate/'));

/** The cart in a router (its Checkout action navigates), once the router has rendered it. */
async function renderCart(client = new QueryClient()) {
  const view = renderAt(
    <>
      <CartButton />
      <CartDialog />
    </>,
    '/ibc-kit',
    (router) => <QueryClientProvider client={client}>{router}</QueryClientProvider>,
  );
  await screen.findByRole('button', { name: /^Cart, / });
  return view;
}

/** A query client holding the estimate of the cart as it is now, from `at` (as restored from the device). */
function seedLastKnown(at: number) {
  const client = new QueryClient();
  const inputs = cartEstimateInputs(cartStore.items, 'INR', 'IN');
  const { queryKey } = cartEstimateQuery(inputs, true);
  client.setQueryData(
    queryKey,
    fakeEstimate(toEstimateRequest(inputs, cartEstimateFeatures), estimateOptions),
    {
      updatedAt: at,
    },
  );
  return client;
}

async function openTheCart() {
  await userEvent.click(screen.getByRole('button', { name: /^Cart, / }));
  return screen.findByRole('dialog', { name: 'Your cart' });
}

describe('cart view', () => {
  beforeEach(async () => {
    resetClient();
    estimateOptions = {};
    estimateFails = false;
    disposeCart();
    closeCart();
    await clear(kvStore());
  });
  afterEach(() => {
    onlineManager.setOnline(true);
    countryStore.countryCode = 'IN';
    vi.unstubAllGlobals();
  });

  it('shows an empty state', async () => {
    await renderCart();
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
    const dialog = await openTheCart();
    expect(within(dialog).getByText('Your cart is empty.')).toBeInTheDocument();
  });

  it('lists a fixed package as a titled group split at the first hyphen, with the key at quantity 1', async () => {
    serveEstimates();
    act(() => {
      addPackageToCart(solo());
      addPackageToCart(solo());
    });
    await renderCart();
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
    // Two headsets with GST: 79,998 + 18 % (14,399.64) = 94,397.64.
    expect(await within(headset).findByText('₹94,397.64')).toBeInTheDocument();

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

  it('goes on to /checkout with the Checkout action, closing the cart', async () => {
    act(() => addPackageToCart(solo()));
    await renderCart();
    const dialog = await openTheCart();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your cart' })).toBeNull());
  });

  it('edits a customizable line with its stepper; 0 removes it', async () => {
    serveEstimates();
    act(() => addPackageToCart(customBat(), { 91: 1 }));
    await renderCart();
    const dialog = await openTheCart();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Increase Custom bat quantity' }));
    expect(within(dialog).getByRole('status', { name: 'Custom bat quantity' })).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decrease Custom bat quantity' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decrease Custom bat quantity' }));
    expect(within(dialog).getByText('Your cart is empty.')).toBeInTheDocument();
  });

  it('flags a price change and an out-of-stock line, which stays until the buyer removes it', async () => {
    serveEstimates();
    estimateOptions = { packages: [solo(44_999), customBat()] };
    act(() => {
      addPackageToCart(solo());
      addPackageToCart(customBat(), { 91: 1 });
    });
    await renderCart();
    const bat = customBat();
    const [custom] = bat.products;
    if (custom) custom.is_out_of_stock = true;
    act(() => applyCatalogueCheck([withEstimate(solo(44_999)), withEstimate(bat)], 'IN'));
    const dialog = await openTheCart();
    // Unit prices with GST, as the product page shows them: 39,999 × 1.18 = 47,198.82; 44,999 × 1.18 = 53,098.82.
    expect(
      await within(dialog).findByText('Price changed from ₹47,198.82 to ₹53,098.82'),
    ).toBeInTheDocument();
    const row = within(dialog).getByRole('row', { name: /Custom bat/ });
    expect(within(row).getByText('Out of stock')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Remove Custom bat' }));
    expect(within(dialog).queryByRole('row', { name: /Custom bat/ })).toBeNull();
  });

  it('keeps a fixed package whole: one Remove and one count for the group, none on its parts', async () => {
    serveEstimates();
    act(() => addPackageToCart(solo()));
    await renderCart();
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
    serveEstimates();
    act(() => {
      addPackageToCart(solo());
      addPackageToCart(solo());
    });
    await renderCart();
    const dialog = await openTheCart();
    const key = within(dialog).getByRole('row', { name: /Game, 1 profile/ });
    expect(within(key).getByText('1')).toBeInTheDocument();
    expect(
      within(key).getByText('A game key is listed once per order; the price covers all 2'),
    ).toBeInTheDocument();
  });

  it("shows the total and every line in the buyer's currency after a switch to USD", async () => {
    serveEstimates();
    const game = pkg({
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
    });
    estimateOptions = { packages: [game] };
    await act(async () =>
      addPackageToCart(pkg({ ...solo(), package_id: 3, package_code: 'SOLO_EMI', available_in: ['IN'] })),
    );
    act(() => {
      countryStore.countryCode = 'US';
      applyCatalogueCheck([], 'US');
    });
    await renderCart();
    const dialog = await openTheCart();
    const total = () => within(dialog).getByText('Total').parentElement;
    expect(total()).toHaveTextContent('$0');
    act(() => addPackageToCart(game));
    // No GST on export: the estimate's line and total are the price.
    expect(
      await within(await within(dialog).findByRole('row', { name: /Game key/ })).findByText('$59'),
    ).toBeInTheDocument();
    await waitFor(() => expect(total()).toHaveTextContent('$59'));
    const headset = within(dialog).getByRole('row', { name: /VR headset/ });
    expect(within(headset).getByText('No longer sold in your country')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('₹');
  });

  it('says offline that the prices are the last known, from when, and that they update online', async () => {
    const { requests } = serveEstimates();
    // Noon of a fixed day (local time); the last estimate came at 9:05 that morning.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 2, 1, 12, 0) });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    act(() => addPackageToCart(solo()));
    const client = seedLastKnown(new Date(2026, 2, 1, 9, 5).getTime());
    act(() => onlineManager.setOnline(false));
    await renderCart(client);
    act(() => openCart());
    const dialog = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(
      within(dialog).getByText(/^Last known prices, as of 09:05: they will update when you are back online$/),
    ).toBeInTheDocument();
    expect(estimateRequests(requests)).toHaveLength(0);
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(within(dialog).queryByText(/Last known prices/)).toBeNull());
    await waitFor(() => expect(estimateRequests(requests)).toHaveLength(1));
  });

  it("shows the server's estimate: GST in every line, the total with GST, and no before-GST note", async () => {
    const { requests } = serveEstimates();
    act(() => addPackageToCart(solo()));
    await renderCart();
    const dialog = await openTheCart();
    const row = (name: RegExp) => within(dialog).getByRole('row', { name });
    // 39,999 + 18 % = 47,198.82; 4,999 + 899.82 = 5,898.82; 1,999 + 359.82 = 2,358.82.
    expect(await within(row(/VR headset/)).findByText('₹47,198.82')).toBeInTheDocument();
    expect(within(row(/Tracked bat/)).getByText('₹5,898.82')).toBeInTheDocument();
    expect(within(row(/Game, 1 profile/)).getByText('₹2,358.82')).toBeInTheDocument();
    // 46,997 before GST + 8,459.46 GST = 55,456.46.
    expect(within(dialog).getByText('Total').parentElement).toHaveTextContent('₹55,456.46');
    expect(within(dialog).getByText(/^Includes GST of/)).toHaveTextContent('Includes GST of ₹8,459.46');
    expect(within(dialog).getByText('Shipping is calculated at checkout')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/before GST/i);
    const [estimate] = estimateRequests(requests);
    expect(estimate?.method).toBe('POST');
    expect(estimate?.body).toMatchObject({
      country_name: 'IN',
      packages: [
        {
          package_id: 1,
          products: [
            { product_id: 11, quantity: 1 },
            { product_id: 12, quantity: 1 },
            { product_id: 13, quantity: 1 },
          ],
        },
      ],
    });
  });

  it('holds the place of the amounts while they load, and offers a retry when the estimate fails', async () => {
    let answer: (() => void) | undefined;
    estimateFails = true;
    fakeNetwork(async (request) => {
      await new Promise<void>((resolve) => {
        answer = resolve;
      });
      if (estimateFails) return json(503, errorBody(503, 'SERVICE_UNAVAILABLE'));
      return json(200, fakeEstimate(request.body as PriceEstimateRequest));
    });
    act(() => addPackageToCart(customBat(), { 91: 1 }));
    await renderCart();
    const dialog = await openTheCart();
    expect(within(dialog).getByText('Loading the total')).toBeInTheDocument();
    expect(within(dialog).getByRole('row', { name: /Custom bat/ })).toHaveTextContent('Price loading');
    await waitFor(() => expect(answer).toBeDefined());
    act(() => answer?.());
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('message for SERVICE_UNAVAILABLE');
    estimateFails = false;
    answer = undefined;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(answer).toBeDefined());
    act(() => answer?.());
    // 2,500 + 18 % = 2,950.
    await waitFor(() => expect(within(dialog).getByText('Total').parentElement).toHaveTextContent('₹2,950'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('a cart changed offline keeps the amounts of unchanged lines but never shows the old total as its own', async () => {
    const { requests } = serveEstimates();
    act(() => {
      addPackageToCart(solo());
      addPackageToCart(customBat(), { 91: 1 });
    });
    const client = seedLastKnown(Date.now());
    act(() => onlineManager.setOnline(false));
    await renderCart(client);
    const dialog = await openTheCart();
    const total = () => within(dialog).getByText('Total').parentElement;
    // 55,456.46 for the kit + 2,950 for the bat.
    expect(total()).toHaveTextContent('₹58,406.46');
    expect(within(dialog).getByText(/^Last known prices/)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Increase Custom bat quantity' }));
    expect(
      within(dialog).getByText(
        'Your cart changed while you were offline: its prices will update when you are back online',
      ),
    ).toBeInTheDocument();
    expect(total()).not.toHaveTextContent('₹');
    expect(total()).toHaveTextContent('Not known yet');
    expect(within(dialog).getByRole('row', { name: /Custom bat/ })).toHaveTextContent('Price not known yet');
    expect(within(dialog).getByRole('row', { name: /VR headset/ })).toHaveTextContent('₹47,198.82');
    expect(estimateRequests(requests)).toHaveLength(0);

    // Back online: the changed cart is priced by itself. Two bats: 5,000 + 900 = 5,900.
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(total()).toHaveTextContent('₹61,356.46'));
    expect(within(dialog).getByRole('row', { name: /Custom bat/ })).toHaveTextContent('₹5,900');
    expect(within(dialog).queryByText(/offline/)).toBeNull();
  });

  it("tells each line's stock from the estimate as the product page does, and stops at what is left", async () => {
    serveEstimates();
    estimateOptions = {
      stock: {
        11: { availability_type: 'LIMITED', available_quantity: 3 },
        91: { availability_type: 'LIMITED', available_quantity: 2 },
        92: { availability_type: 'LIMITED', available_quantity: 0 },
      },
    };
    act(() => {
      addPackageToCart(solo());
      addPackageToCart(customBat(), { 91: 2, 92: 1 });
    });
    await renderCart();
    const dialog = await openTheCart();
    const row = (name: RegExp) => within(dialog).getByRole('row', { name });
    expect(await within(row(/VR headset/)).findByText('Only 3 left')).toBeInTheDocument();
    expect(within(row(/Tracked bat/)).queryByText(/left|Out of stock/)).toBeNull();
    expect(within(row(/Custom bat/)).getByText('Only 2 left')).toBeInTheDocument();
    expect(within(row(/Grip/)).getByText('Out of stock')).toBeInTheDocument();
    // Two bats are all there are: no third.
    expect(within(dialog).getByRole('button', { name: 'Increase Custom bat quantity' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Decrease Custom bat quantity' })).toBeEnabled();
  });
});
