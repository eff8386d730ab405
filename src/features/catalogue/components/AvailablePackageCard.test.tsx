import type { PackageWithEstimate } from '@contract/catalogue';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, json, resetClient } from '@/api/test-helpers';
import { packageFixture } from '../testData';

const onBuy = vi.fn();
const adopting = vi.hoisted(() => ({ now: false }));
vi.mock('@/lib/serverPage', async (original) => ({
  ...(await original<typeof import('@/lib/serverPage')>()),
  isAdoptingServerPage: () => adopting.now,
}));

// The machine's module loads after the first paint; a cold test run transforms XState for it first.
const LOADED = { timeout: 10_000 };

const outOfStock = packageFixture({ is_out_of_stock: true });
const lastSale = {
  package_id: outOfStock.package_id,
  package_code: outOfStock.package_code,
  last_sale_datetime: null,
  units_sold_last_30_days: 2,
  expected_restock_date: null,
};

function card(
  Card: typeof import('./AvailablePackageCard').AvailablePackageCard,
  pkg: PackageWithEstimate,
  listUpdatedAt: number,
) {
  return (
    <Card
      pkg={pkg}
      countryCode="IN"
      pageCodes={[pkg.package_code]}
      listUpdatedAt={listUpdatedAt}
      onBuy={onBuy}
    />
  );
}

async function renderCard(pkg = packageFixture()) {
  const { AvailablePackageCard } = await import('./AvailablePackageCard');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (node: ReactNode) => <QueryClientProvider client={client}>{node}</QueryClientProvider>;
  const view = render(wrap(card(AvailablePackageCard, pkg, 1)));
  return {
    card: screen.getByRole('article'),
    /** The page's list read again, with this package as it now reads. */
    listUpdated: (next: PackageWithEstimate, at: number) =>
      view.rerender(wrap(card(AvailablePackageCard, next, at))),
  };
}

beforeEach(() => {
  resetClient();
  adopting.now = false;
  onBuy.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.doUnmock('./AvailabilityDriver');
  vi.resetModules();
});

describe('AvailablePackageCard', () => {
  it('paints a server-rendered package ready to buy, asking nothing and loading no machine until its list changes', async () => {
    adopting.now = true;
    let machineLoads = 0;
    vi.doMock('./AvailabilityDriver', async (original) => {
      machineLoads++;
      return original();
    });
    const { requests } = fakeNetwork((request) =>
      request.url.includes('/last_sale/') ? json(200, lastSale) : json(200, { package: outOfStock }),
    );
    const { card, listUpdated } = await renderCard();
    const buy = within(card).getByRole('button', { name: 'Add to cart' });
    expect(buy).toBeEnabled();
    await userEvent.click(buy);
    expect(onBuy).toHaveBeenCalledOnce();
    // Every import the card started has settled: a machine asked for would have loaded by now.
    await act(() => vi.dynamicImportSettled());
    expect(machineLoads).toBe(0);
    expect(requests).toHaveLength(0);

    // A newer list says it sold out: the machine loads and checks with the server.
    listUpdated(outOfStock, 2);
    expect(await within(card).findByText(/2 sold in the last 30 days/, {}, LOADED)).toBeInTheDocument();
    expect(machineLoads).toBe(1);
    expect(requests[0]?.url).toContain(`/packages/${outOfStock.package_id}/v1/`);
  });

  it('hands the card to its machine: an out-of-stock package shows its last sale and the notify-me form', async () => {
    const { requests } = fakeNetwork((request) =>
      request.url.includes('/last_sale/') ? json(200, lastSale) : json(200, { package: outOfStock }),
    );
    const { card } = await renderCard(outOfStock);
    expect(await within(card).findByText(/2 sold in the last 30 days/, {}, LOADED)).toBeInTheDocument();
    expect(
      await within(card).findByRole('form', { name: 'Tell me when it is back' }, LOADED),
    ).toBeInTheDocument();
    expect(requests.map((r) => new URL(r.url, 'http://x').pathname)).toEqual([
      `/api/commerce/packages/${outOfStock.package_id}/v1/`,
      `/api/commerce/packages/${outOfStock.package_id}/last_sale/v1/`,
    ]);
  });

  it('offers to try again when its machine cannot load, and then runs it', async () => {
    vi.doMock('./AvailabilityDriver', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    fakeNetwork((request) =>
      request.url.includes('/last_sale/') ? json(200, lastSale) : json(200, { package: outOfStock }),
    );
    const { card } = await renderCard(outOfStock);
    const retry = await within(card).findByRole('button', { name: 'Retry' }, LOADED);
    vi.doUnmock('./AvailabilityDriver');
    await userEvent.click(retry);
    expect(await within(card).findByText(/2 sold in the last 30 days/, {}, LOADED)).toBeInTheDocument();
  });
});
