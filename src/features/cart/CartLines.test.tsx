import type { PriceEstimateRequest } from '@contract/pricing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { clear } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorBody, fakeNetwork, json, resetClient } from '@/api/test-helpers';
import { addPackageToCart, disposeCart } from '@/state/cart';
import { customBat, solo } from '@/state/cart.test-helpers';
import { kvStore } from '@/storage/kv';
import { CartLines } from './CartLines';
import { fakeEstimate } from './estimate.test-helpers';

function serveEstimates() {
  return fakeNetwork((request) => {
    if (!request.url.includes('/orders/price_estimate/')) return json(404, errorBody(404, 'NOT_FOUND'));
    return json(200, fakeEstimate(request.body as PriceEstimateRequest, {}));
  });
}

function renderLines(editable?: boolean) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <CartLines editable={editable} />
    </QueryClientProvider>,
  );
}

describe('CartLines', () => {
  beforeEach(async () => {
    resetClient();
    disposeCart();
    await clear(kvStore());
  });

  it('shows the checkout the same lines and prices as the cart, with nothing to change', async () => {
    serveEstimates();
    act(() => {
      addPackageToCart(solo());
      addPackageToCart(solo());
      addPackageToCart(customBat(), { 91: 2 });
    });
    renderLines(false);
    for (const column of ['Product', 'Quantity', 'Price']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    const kit = screen.getByRole('rowgroup', { name: 'IBC home kit - Solo' });
    expect(within(kit).getByText('× 2')).toBeInTheDocument();
    const headset = within(kit).getByRole('row', { name: /VR headset/ });
    expect(within(headset).getByText('2')).toBeInTheDocument();
    // Two headsets with GST, as the cart shows them: 79,998 + 18 % (14,399.64) = 94,397.64.
    expect(await within(headset).findByText('₹94,397.64')).toBeInTheDocument();
    const bat = screen.getByRole('row', { name: /Custom bat/ });
    expect(within(bat).getByText('2')).toBeInTheDocument();
    // Read-only: no stepper, no Remove, anywhere.
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('keeps the cart’s steppers when editable', () => {
    serveEstimates();
    act(() => addPackageToCart(customBat(), { 91: 1 }));
    renderLines();
    expect(screen.getByRole('button', { name: 'Increase Custom bat quantity' })).toBeInTheDocument();
  });
});
