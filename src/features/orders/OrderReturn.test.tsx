import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clear } from 'idb-keyval';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, json, resetClient } from '@/api/test-helpers';
import { setTokens } from '@/api/tokens';
import { readLastOrderId, writeLastOrderId } from '@/storage/checkoutDraft';
import { kvStore } from '@/storage/kv';
import { isQuietPath, OrderReturnMount } from './OrderReturnMount';
import { wireOrder } from './orders.test-helpers';

/** The server: the order's reconciled status is `status`; the order reads as IBC1001. */
function server(status: string) {
  return fakeNetwork((request) =>
    request.url.includes('/fetch_and_update_payment_status/')
      ? json(200, { order_id: 'ord_1', order_status: status })
      : json(200, { order: wireOrder({ order_status: 'SUCCESS' }) }),
  );
}

/** Notification with the given permission; records what was shown and what was asked. */
function notifications(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const shown: { title: string; options?: NotificationOptions }[] = [];
  const requestPermission = vi.fn(async () => answer);
  class FakeNotification {
    static permission = permission;
    static requestPermission = requestPermission;
    onclick: (() => void) | null = null;
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, options });
    }
  }
  vi.stubGlobal('Notification', FakeNotification);
  return { shown, requestPermission };
}

let goTo: (next: string) => void = () => {};
let readOrderIdForTest: (() => Promise<string | null>) | undefined;
let firstPath = '/';

/** The shell: the mount on the current page, which `goTo` changes. */
function Shell() {
  const [pathname, setPathname] = useState(firstPath);
  goTo = setPathname;
  return <OrderReturnMount pathname={pathname} readOrderId={readOrderIdForTest} />;
}

function mount(path = '/', readOrderId?: () => Promise<string | null>) {
  firstPath = path;
  readOrderIdForTest = readOrderId;
  const router = createRouter({
    routeTree: createRootRoute({ component: Shell }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const view = render(<RouterProvider router={router} />);
  return { view, goTo: (next: string) => act(() => goTo(next)) };
}

beforeEach(async () => {
  await clear(kvStore());
  resetClient();
  setTokens('main', { accessToken: 'a.b.c', refreshToken: 'r', userId: 'u-1', expires: null });
});
afterEach(() => vi.unstubAllGlobals());

describe('the push-like return', () => {
  it('loads nothing and asks nothing for a buyer with no stored order', async () => {
    const { requests } = server('SUCCESS');
    const read = vi.fn(async () => null);
    mount('/', read);
    await waitFor(() => expect(read).toHaveBeenCalled());
    await act(async () => {});
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('tells the buyer, unasked, that their pending order is confirmed, with a link to it', async () => {
    await writeLastOrderId('ord_1');
    const { requests } = server('SUCCESS');
    notifications('default');
    mount();
    const banner = await screen.findByRole('status');
    await waitFor(() => expect(banner).toHaveTextContent('Your order IBC1001 is confirmed — View order'));
    expect(banner).toHaveAttribute('aria-live', 'polite');
    expect(within(banner).getByRole('link', { name: 'View order' })).toHaveAttribute(
      'href',
      '/order/ord_1/success',
    );
    // The server was asked to reconcile with the provider, as the signed-in buyer.
    const check = requests.find((r) => r.url.includes('/fetch_and_update_payment_status/'));
    expect(check?.method).toBe('POST');
    expect(check?.url).toContain('/api/invoicing/orders/ord_1/fetch_and_update_payment_status/v1/');
    expect(check?.body).toEqual({ payment_result: null });
    expect(check?.headers.get('authorization')).toBe('Bearer a.b.c');
    await waitFor(async () => expect(await readLastOrderId()).toBeNull());
  });

  it('raises a notification too where the buyer allowed them, and none where they did not', async () => {
    await writeLastOrderId('ord_1');
    server('FAILED');
    const allowed = notifications('granted');
    const { view } = mount();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Payment for order IBC1001 failed — Try again'),
    );
    expect(allowed.shown).toEqual([
      {
        title: 'Payment failed',
        options: expect.objectContaining({ body: 'Payment for order IBC1001 failed. Tap to try again.' }),
      },
    ]);
    view.unmount();

    await clear(kvStore());
    await writeLastOrderId('ord_1');
    const refused = notifications('denied');
    mount();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Payment for order IBC1001 failed'),
    );
    expect(refused.shown).toEqual([]);
    expect(refused.requestPermission).not.toHaveBeenCalled();
  });

  it('offers "Notify me" while the payment is pending, asking only when tapped', async () => {
    await writeLastOrderId('ord_1');
    server('PENDING');
    const { requestPermission } = notifications('default', 'granted');
    const user = userEvent.setup();
    mount();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Payment for order IBC1001 is still being confirmed',
      ),
    );
    expect(requestPermission).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Notify me when it’s confirmed' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('We will notify you when it is confirmed.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('knows the screens that tell the buyer about their payment themselves', () => {
    for (const path of ['/checkout', '/success', '/failure', '/order/ord_1/success'])
      expect(isQuietPath(path), path).toBe(true);
    for (const path of ['/', '/my-orders', '/ibc-kit', '/order/ord_1'])
      expect(isQuietPath(path), path).toBe(false);
  });

  it('stays quiet on the checkout and result screens', async () => {
    await writeLastOrderId('ord_1');
    const { requests } = server('SUCCESS');
    const read = vi.fn(async () => 'ord_1');
    const { goTo } = mount('/checkout', read);
    await waitFor(() => expect(screen.queryByRole('status')).toBeInTheDocument());
    await act(async () => {});
    expect(requests).toEqual([]);
    goTo('/');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Your order IBC1001 is confirmed'),
    );
  });
});
