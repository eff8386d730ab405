import type { Order } from '@contract/orders';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/api/queryClient';
import { errorBody, fakeNetwork, json, resetClient } from '@/api/test-helpers';
import { setTokens } from '@/api/tokens';
import { createQueryPersister, QUERY_PERSIST_BUSTER, shouldPersistQuery } from '@/storage/persister';
import { MyOrdersPage } from './MyOrdersPage';
import { wireOrder } from './orders.test-helpers';
import { licencesQuery, myOrdersQuery } from './queries';

const ZONE = 'Asia/Kolkata';
/** 3 November 2026, 20:00 in Kolkata. */
const NOW = Date.parse('2026-11-03T14:30:00.000Z');
/** 18:52 the same day in Kolkata: when the saved copy was fetched. */
const SYNCED_AT = Date.parse('2026-11-03T13:22:00.000Z');

const older = wireOrder({
  order_id: 'ord_1',
  customer_order_id: 'IBC1001',
  creation_datetime: '2026-10-01T04:30:00.000Z',
});
const newer = wireOrder({
  order_id: 'ord_2',
  customer_order_id: 'IBC1002',
  creation_datetime: '2026-11-02T18:45:00.000Z',
  order_status: 'SUCCESS',
  total_amount: 49.5,
  total_taxable_amount: 49.5,
  total_taxes: 0,
  gst: { supply: 'export', cgst: 0, sgst: 0, igst: 0 },
  currency: 'USD',
  order_game_keys_status: { is_game_keys_required: true, game_keys_assigned_status: 'ASSIGNED' },
  game_keys: ['GAME-KEY-7Q2X'],
  payment_id: 'pay_S4nDb0x1',
  packages: [
    {
      package_id: 2,
      package_code: 'IBC_GAME',
      quantity: 1,
      name: 'IBC game',
      description: 'The game',
      pic_url: '/images/products/game.webp',
      package_type: 'fixed',
      products: [
        {
          product_id: 21,
          product_code: 'GAME',
          name: 'IBC cricket game',
          description: 'The VR cricket game for your headset',
          pic_url: '/images/products/game.webp',
          product_type: 'game',
          quantity: 1,
          total_amount_for_each_product: 49.5,
          vendor_details: { vendor_type: 'SELF', vendor_name: 'IBC' },
          category: null,
        },
      ],
    },
  ],
});

function mount({
  client = createQueryClient(),
  internationalUsers = true,
}: {
  client?: ReturnType<typeof createQueryClient>;
  internationalUsers?: boolean;
} = {}) {
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <MyOrdersPage userId="u-1" internationalUsers={internationalUsers} timeZone={ZONE} now={() => NOW} />
      ),
    }),
    history: createMemoryHistory({ initialEntries: ['/my-orders'] }),
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return client;
}

/** A client that gives up at once (the app's retries wait a real second). */
function clientWithoutRetries() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}

beforeEach(() => {
  resetClient();
  setTokens('main', { accessToken: 'a.b.c', refreshToken: 'r', userId: 'u-1', expires: null });
  onlineManager.setOnline(true);
});
afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

describe('My orders', () => {
  it("lists the buyer's orders newest first, with what was bought, the total, status, number and date", async () => {
    const { requests } = fakeNetwork(() => json(200, { orders: [older, newer] }));
    mount();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Order IBC1002',
      'Order IBC1001',
    ]);
    expect(requests[0]?.url).toContain('/api/commerce/user/orders/v1/');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer a.b.c');

    const [latest, first] = cards as [HTMLElement, HTMLElement];
    expect(within(latest).getByText('IBC cricket game')).toBeInTheDocument();
    expect(within(latest).getByText('Quantity: 1')).toBeInTheDocument();
    expect(within(latest).getByText('The VR cricket game for your headset')).toBeInTheDocument();
    expect(within(latest).getByText('Confirmed')).toBeInTheDocument();
    expect(within(latest).getByText('$49.50')).toBeInTheDocument();
    // 18:45 UTC on 2 November is past midnight in Kolkata.
    expect(within(latest).getByText('3 November 2026, 00:15')).toBeInTheDocument();
    // The picture is decorative beside the product's name (alt="").
    expect(latest.querySelector('img')).toHaveAttribute('src', '/images/products/game.webp');

    expect(within(first).getByText('VR home kit')).toBeInTheDocument();
    expect(within(first).getByText('Quantity: 2')).toBeInTheDocument();
    expect(within(first).getByText('Headset mount, bat sensor and charging dock')).toBeInTheDocument();
    expect(within(first).getByText('₹10,000')).toBeInTheDocument();
    expect(within(first).getByText('1 October 2026, 10:00')).toBeInTheDocument();
    expect(screen.getByText(/International users are enabled/)).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it("shows each order's GST as its invoice does: CGST + SGST, IGST, none on export, one GST row on older orders", async () => {
    const toDelhi = wireOrder({
      order_id: 'ord_3',
      customer_order_id: 'IBC1003',
      creation_datetime: '2026-11-03T10:00:00.000Z',
      gst: { supply: 'inter_state', cgst: 0, sgst: 0, igst: 1525.42 },
    });
    const unsplit = wireOrder({
      order_id: 'ord_0',
      customer_order_id: 'IBC1000',
      creation_datetime: '2026-09-01T10:00:00.000Z',
      gst: null,
    });
    fakeNetwork(() => json(200, { orders: [older, newer, toDelhi, unsplit] }));
    mount();
    await screen.findAllByRole('article');
    const card = (number: string) => screen.getByRole('article', { name: `Order ${number}` });
    const taxOf = (number: string) =>
      within(card(number))
        .queryAllByRole('term')
        .filter((term) => /GST/.test(term.textContent ?? ''))
        .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);

    expect(taxOf('IBC1001')).toEqual(['CGST ₹762.71', 'SGST ₹762.71']);
    expect(taxOf('IBC1003')).toEqual(['IGST ₹1,525.42']);
    expect(taxOf('IBC1002')).toEqual(['GST No GST (export)']);
    expect(taxOf('IBC1000')).toEqual(['GST ₹1,525.42']);
  });

  it('shows the status of each order in words', async () => {
    fakeNetwork(() =>
      json(200, {
        orders: [
          wireOrder({ order_id: 'a', customer_order_id: 'IBC1', order_status: 'PENDING' }),
          wireOrder({ order_id: 'b', customer_order_id: 'IBC2', order_status: 'FAILED' }),
          wireOrder({ order_id: 'c', customer_order_id: 'IBC3', order_status: 'EXPIRED' }),
        ],
      }),
    );
    mount({ internationalUsers: false });
    await screen.findAllByRole('article');
    expect(screen.getByText('Payment being confirmed')).toBeInTheDocument();
    expect(screen.getByText('Payment failed')).toBeInTheDocument();
    expect(screen.getByText('Expired unpaid')).toBeInTheDocument();
    expect(screen.queryByText(/International users are enabled/)).not.toBeInTheDocument();
  });

  it('says Refund pending and Refunded for a payment that completed after its order was cancelled', async () => {
    fakeNetwork(() =>
      json(200, {
        orders: [
          wireOrder({ order_id: 'r', customer_order_id: 'IBC7', order_status: 'REFUND_PENDING' }),
          wireOrder({ order_id: 's', customer_order_id: 'IBC8', order_status: 'REFUNDED' }),
        ],
      }),
    );
    mount({ internationalUsers: false });
    await screen.findAllByRole('article');
    expect(screen.getByText('Refund pending')).toBeInTheDocument();
    expect(screen.getByText('Refunded')).toBeInTheDocument();
    expect(screen.getAllByText(/completed after this order was cancelled or had expired/)).toHaveLength(2);
    expect(screen.getByText(/we are refunding it in full/)).toBeInTheDocument();
    expect(screen.getByText(/so we refunded it in full/)).toBeInTheDocument();
  });

  it('shows an ad booking with its venue, devices, dates, status and creative', async () => {
    fakeNetwork(() =>
      json(200, {
        orders: [
          wireOrder({
            order_id: 'ad',
            customer_order_id: 'IBC9',
            order_status: 'SUCCESS',
            ad_booking: {
              order_id: 'ad',
              ad_config_id: 7,
              ad_name: 'Arena bay screens',
              venue: 'IBC Cricket Arena, Lower Parel, Mumbai',
              devices: [
                { device_code: 'MUM-ARENA-BAY-1', device_name: 'Arena bay 1' },
                { device_code: 'MUM-ARENA-BAY-2', device_name: 'Arena bay 2' },
              ],
              datetime_range: { from_datetime: '2026-12-10 00:00:00', to_datetime: '2026-12-12 23:59:59' },
              days: 3,
              status: 'BOOKED',
              ad_assets: [
                { asset_url: '/images/products/ad-arena.svg', asset_template_image_config_id: 101 },
              ],
            },
          }),
        ],
      }),
    );
    mount({ internationalUsers: false });
    const booking = await screen.findByRole('region', { name: 'Ad booking' });
    const row = (term: string) => within(booking).getByText(term).nextElementSibling;
    expect(row('Venue')).toHaveTextContent('IBC Cricket Arena, Lower Parel, Mumbai');
    expect(row('Devices')).toHaveTextContent('Arena bay 1, Arena bay 2');
    expect(row('Dates')).toHaveTextContent('10 Dec 2026 – 12 Dec 2026 (3 days)');
    expect(row('Booking')).toHaveTextContent('Booked');
    expect(within(booking).getByRole('img', { name: 'Your ad' })).toHaveAttribute(
      'src',
      '/images/products/ad-arena.svg',
    );
  });

  it('shows the game key with a button that copies it', async () => {
    fakeNetwork(() => json(200, { orders: [newer] }));
    const user = userEvent.setup();
    mount();
    expect(await screen.findByText('GAME-KEY-7Q2X')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy game key GAME-KEY-7Q2X' }));
    expect(await navigator.clipboard.readText()).toBe('GAME-KEY-7Q2X');
    expect(await screen.findByText('Copied')).toBeInTheDocument();
  });

  it('says when a paid game key is still being assigned', async () => {
    fakeNetwork(() =>
      json(200, {
        orders: [
          wireOrder({
            order_game_keys_status: {
              is_game_keys_required: true,
              game_keys_assigned_status: 'NOT_ASSIGNED',
            },
          }),
        ],
      }),
    );
    mount();
    expect(
      await screen.findByText('Your game key is being assigned and will appear here.'),
    ).toBeInTheDocument();
  });

  it('offers the way to the shop when there are no orders', async () => {
    fakeNetwork(() => json(200, { orders: [] }));
    mount();
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/');
  });

  it('shows an error with a retry that loads the orders', async () => {
    let fail = true;
    fakeNetwork(() =>
      fail ? json(500, errorBody(500, 'INTERNAL_SERVER_ERROR')) : json(200, { orders: [older] }),
    );
    const user = userEvent.setup();
    mount({ client: clientWithoutRetries() });
    expect(await screen.findByRole('heading', { name: 'We could not load your orders' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Order IBC1001' })).toBeInTheDocument();
  });

  it('shows the last synced orders offline, marked as such', async () => {
    fakeNetwork(() => Promise.reject(new TypeError('Failed to fetch')));
    onlineManager.setOnline(false);
    const client = createQueryClient();
    client.setQueryData(myOrdersQuery('u-1').queryKey, [older], { updatedAt: SYNCED_AT });
    mount({ client });
    expect(await screen.findByRole('heading', { name: 'Order IBC1001' })).toBeInTheDocument();
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('You are offline. Showing your orders as last synced 18:52.');
    expect(within(note).queryByRole('button')).not.toBeInTheDocument();
  });

  it('marks the saved orders when the refresh fails online, with a retry', async () => {
    let fail = true;
    fakeNetwork(() =>
      fail ? json(503, errorBody(503, 'SERVICE_UNAVAILABLE')) : json(200, { orders: [older, newer] }),
    );
    const user = userEvent.setup();
    const client = clientWithoutRetries();
    client.setQueryData(myOrdersQuery('u-1').queryKey, [older], {
      updatedAt: Date.parse('2026-11-01T13:22:00.000Z'),
    });
    mount({ client });
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(
      'Could not refresh. Showing your orders as last synced 1 November 2026, 18:52.',
    );
    fail = false;
    await user.click(within(note).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('note')).not.toBeInTheDocument());
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });
});

describe('business licences in My orders', () => {
  const licenceOrder = wireOrder({
    order_id: 'ord_lic',
    customer_order_id: 'IBC2001',
    packages: [{ ...(newer.packages[0] as Order['packages'][number]), package_code: 'BUSINESS_LICENCE' }],
  });
  const pin = (n: number, device: { device_id: string; device_name: string | null } | null = null) => ({
    user_business_licence_id: n,
    order_id: 'ord_lic',
    product_code: 'IBC_PREMIUM_LICENCE',
    pin: n,
    device: device && { ...device, device_code: null },
  });

  it('lists each pin of a paid licence and registers its device, a refusal under the field', async () => {
    let registered = false;
    const { requests } = fakeNetwork((request) => {
      if (request.url.includes('/user/orders/v1/')) return json(200, { orders: [licenceOrder] });
      if (request.url.includes('/user/business_licences/v1/'))
        return json(200, {
          licences: [pin(1, registered ? { device_id: 'VR-BAY-1', device_name: 'Bay 1' } : null), pin(2)],
        });
      const body = request.body as { device_id: string };
      if (body.device_id === 'VR-TAKEN')
        return json(
          409,
          errorBody(409, 'CONFLICT', {
            message: 'This device already runs another licence',
            field: 'device_id',
          }),
        );
      registered = true;
      return json(200, { licence: pin(1, { device_id: 'VR-BAY-1', device_name: 'Bay 1' }) });
    });
    const user = userEvent.setup();
    mount();
    const region = await screen.findByRole('region', { name: 'Licences and their devices' });
    const first = within(region).getByRole('form', { name: 'Pin 1' });
    expect(first).toHaveTextContent('Pin 1: no device yet');
    expect(within(region).getByRole('form', { name: 'Pin 2' })).toHaveTextContent('Pin 2: no device yet');

    await user.type(within(first).getByLabelText('Device ID'), 'VR-TAKEN');
    await user.click(within(first).getByRole('button', { name: 'Register device' }));
    expect(await within(first).findByText('This device already runs another licence')).toBeInTheDocument();
    expect(within(first).getByLabelText('Device ID')).toHaveValue('VR-TAKEN');

    await user.clear(within(first).getByLabelText('Device ID'));
    await user.type(within(first).getByLabelText('Device ID'), 'VR-BAY-1');
    await user.type(within(first).getByLabelText('Device name (optional)'), 'Bay 1');
    await user.click(within(first).getByRole('button', { name: 'Register device' }));
    expect(await within(first).findByRole('status')).toHaveTextContent('Device VR-BAY-1 registered to pin 1');
    await waitFor(() => expect(first).toHaveTextContent('Pin 1: runs on Bay 1'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      user_business_licence_id: 1,
      device_id: 'VR-TAKEN',
      device_name: null,
      device_code: null,
    });
  });

  it('a device registered just before a reload shows after it: the saved copy is asked for again', async () => {
    // The saved cache was written before the device was registered, moments before the page was reloaded.
    const persister = createQueryPersister({ throttleMs: 0 });
    const saved = createQueryClient();
    saved.setQueryData(myOrdersQuery('u-1').queryKey, [licenceOrder]);
    saved.setQueryData(licencesQuery('u-1', true).queryKey, [pin(1), pin(2)]);
    await persistQueryClientSave({
      queryClient: saved,
      persister,
      buster: QUERY_PERSIST_BUSTER,
      dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
    });
    await persister.flush();
    const { requests } = fakeNetwork((request) =>
      request.url.includes('/user/orders/v1/')
        ? json(200, { orders: [licenceOrder] })
        : json(200, { licences: [pin(1, { device_id: 'VR-BAY-1', device_name: 'Bay 1' }), pin(2)] }),
    );
    const client = createQueryClient();
    await persistQueryClientRestore({ queryClient: client, persister, buster: QUERY_PERSIST_BUSTER });
    mount({ client });
    const region = await screen.findByRole('region', { name: 'Licences and their devices' });
    await waitFor(() =>
      expect(within(region).getByRole('form', { name: 'Pin 1' })).toHaveTextContent('Pin 1: runs on Bay 1'),
    );
    expect(requests.filter((r) => r.url.includes('/user/business_licences/v1/'))).toHaveLength(1);
  });

  it('asks for licences only when a paid order holds one', async () => {
    const { requests } = fakeNetwork(() => json(200, { orders: [older, newer] }));
    mount();
    await screen.findAllByRole('article');
    expect(requests.some((r) => r.url.includes('business_licences'))).toBe(false);
  });
});
