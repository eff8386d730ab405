import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { clear } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, json, resetClient } from '@/api/test-helpers';
import { addPackageToCart, cartStore, disposeCart, hydrateCart } from '@/state/cart';
import { solo, withEstimate } from '@/state/cart.test-helpers';
import { kvStore } from '@/storage/kv';
import { useCartRevalidation } from './revalidate';

function Revalidate({ country }: { country: string }) {
  useCartRevalidation(country);
  return null;
}

function mount(country = 'IN') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Revalidate country={country} />
    </QueryClientProvider>,
  );
}

const headset = () => cartStore.items.find((l) => l.productCode === 'IBC_VR_HEADSET');

describe('cart revalidation', () => {
  beforeEach(async () => {
    resetClient();
    disposeCart();
    await clear(kvStore());
    await hydrateCart();
    act(() => addPackageToCart(solo()));
  });
  afterEach(() => {
    onlineManager.setOnline(true);
    vi.unstubAllGlobals();
  });

  it('asks the server for the cart packages in the buyer country, past the service worker cache', async () => {
    const { requests } = fakeNetwork(() =>
      json(200, { country_code: 'IN', currency: 'INR', packages: [withEstimate(solo(41_000))] }),
    );
    mount('IN');
    await waitFor(() => expect(headset()?.priceChangedFrom).toBe(3_999_900));
    expect(headset()?.price).toBe(4_100_000);
    const url = new URL(requests[0]?.url ?? '', 'http://x');
    expect(url.pathname).toMatch(/\/packages\/available\/price_estimate\/v1\/$/);
    expect(url.searchParams.get('package_codes')).toBe('SOLO');
    expect(url.searchParams.get('country_name_enum')).toBe('IN');
    expect(requests[0]?.headers.get('cache-control')).toBe('no-cache');
  });

  it('waits while offline and checks as soon as the connection returns', async () => {
    const { requests } = fakeNetwork(() =>
      json(200, { country_code: 'IN', currency: 'INR', packages: [withEstimate(solo(41_000))] }),
    );
    act(() => onlineManager.setOnline(false));
    vi.useFakeTimers();
    try {
      mount('IN');
      // Everything the check could have scheduled has run, and nothing was asked while offline.
      await act(() => vi.runAllTimersAsync());
    } finally {
      vi.useRealTimers();
    }
    expect(requests).toHaveLength(0);
    expect(headset()?.price).toBe(3_999_900);
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(headset()?.price).toBe(4_100_000));
    expect(cartStore.metadata.pricesCheckedAt).not.toBeNull();
  });
});
