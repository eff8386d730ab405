import type { OrderCancelResponse, OrderCreateResponse, OrderStatus } from '@contract/orders';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MotionGlobalConfig } from 'framer-motion';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { deferred } from '../machines.test-helpers';
import { paymentMachine } from '../paymentMachine';
import { PaymentOverlays } from './PaymentOverlays';

beforeAll(() => {
  MotionGlobalConfig.skipAnimations = true;
});
afterAll(() => {
  MotionGlobalConfig.skipAnimations = false;
});

const order: OrderCreateResponse = {
  order_id: 'ord-3',
  customer_order_id: 'IBC-3',
  order_status: 'CREATED',
  total_amount: 9999,
  currency: 'INR',
  payment_service: 'CARD_MODAL',
  payment_details: {
    kind: 'modal',
    provider: 'sandbox',
    key: 'k',
    provider_order_id: 'p',
    checkout_script_url: '/pay/sandbox/checkout.js',
    amount_minor: 999_900,
    currency: 'INR',
  },
};

function start({
  prior = null as string | null,
  script = deferred<unknown>(),
  status = 'SUCCESS' as OrderStatus,
} = {}) {
  const create = deferred<OrderCreateResponse>();
  const cancels = [deferred<OrderCancelResponse>(), deferred<OrderCancelResponse>()];
  let cancelCalls = 0;
  const issue = vi.fn(async (_: { orderId: string }) => ({}));
  const actor = createActor(
    paymentMachine.provide({
      actors: {
        cancelOrder: fromPromise(() => (cancels[cancelCalls++] ?? deferred<OrderCancelResponse>()).promise),
        createOrder: fromPromise(() => create.promise),
        rememberOrder: fromPromise(async (): Promise<void> => undefined),
        redirectToPaymentLink: fromPromise(() => new Promise<void>(() => undefined)),
        loadProviderScript: fromPromise(() => script.promise),
        openPaymentModal: fromCallback(() => undefined),
        confirmPayment: fromPromise(async () => ({ order_status: 'SUCCESS' as OrderStatus })),
        fetchOrderStatus: fromPromise(async () => ({ order_status: status })),
        submitIssueForm: fromPromise(({ input }) => issue(input)),
      },
    }),
    {
      input: {
        request: {} as never,
        priorOrderIdToCancel: prior,
        newIdempotencyKey: () => 'key-1',
      },
    },
  ).start();
  render(<PaymentOverlays payment={actor} />);
  return { actor, create, cancels, cancelCalls: () => cancelCalls, script, issue };
}

describe('PaymentOverlays', () => {
  it('the overlay spinner says what is happening while the order is created', () => {
    start();
    expect(screen.getByRole('status')).toHaveTextContent('Creating your order…');
  });

  it('a failed cancel of the earlier order: a dialog with the reason, Try again and Go back', async () => {
    const user = userEvent.setup();
    const h = start({ prior: 'ord-1' });
    expect(screen.getByRole('status')).toHaveTextContent('Cancelling your earlier order…');
    await act(async () => h.cancels[0]?.reject(new Error('offline')));
    const dialog = await screen.findByRole('dialog', { name: 'We could not cancel your earlier order' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Check your connection and try again.');
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(h.actor.getSnapshot().matches({ cancellingPriorOrder: 'pending' })).toBe(true);
    expect(h.cancelCalls()).toBe(2);
    expect(await screen.findByRole('status')).toHaveTextContent('Cancelling your earlier order…');
    await act(async () => h.cancels[1]?.reject(new Error('offline')));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'We could not cancel your earlier order' })).getByRole(
        'button',
        { name: 'Go back' },
      ),
    );
    expect(h.actor.getSnapshot().output).toMatchObject({ kind: 'backToEstimate', orderId: null });
  });

  it('the earlier order cancelled while its bank still holds a payment: says it is refunded if it completes', async () => {
    const h = start({ prior: 'ord-1' });
    await act(async () =>
      h.cancels[0]?.resolve({ order_id: 'ord-1', order_status: 'CANCELLED', payment_in_flight: true }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Creating your order…');
    expect(
      screen.getByText(
        'Your earlier order is cancelled. If your bank still completes this payment, we refund it automatically.',
      ),
    ).toBeInTheDocument();
  });

  it('the earlier order cancelled with no payment under way: no refund note', async () => {
    const h = start({ prior: 'ord-1' });
    await act(async () =>
      h.cancels[0]?.resolve({ order_id: 'ord-1', order_status: 'CANCELLED', payment_in_flight: false }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Creating your order…');
    expect(screen.queryByText(/we refund it automatically/)).toBeNull();
  });

  it('the gateway-issue dialog submits the issue form with the order and says what happens next', async () => {
    const user = userEvent.setup();
    const h = start();
    await act(async () => h.create.resolve(order));
    expect(screen.getByRole('status')).toHaveTextContent('Opening secure payment…');
    await act(async () => h.script.reject(new Error('blocked')));
    const dialog = await screen.findByRole('dialog', { name: 'The payment window did not open' });
    expect(dialog).toHaveTextContent('nothing has been charged');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Report the problem' }));
    expect(h.issue).toHaveBeenCalledWith({ orderId: 'ord-3' });
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'We have your report for order IBC-3. Our team will get in touch within one working day',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(h.actor.getSnapshot().output).toMatchObject({ kind: 'backToEstimate', orderId: 'ord-3' });
  });

  it('a pending payment says once what is happening, that the page may be closed, and offers notifications and My orders', async () => {
    const requestPermission = vi.fn(async () => 'granted' as const);
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    const user = userEvent.setup();
    const h = start({ status: 'PENDING' });
    await act(async () => h.create.resolve(order));
    await act(async () => h.script.resolve(undefined));
    act(() => h.actor.send({ type: 'PAYMENT_PENDING' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Your bank is confirming your payment');
    expect(status).toHaveTextContent('You can close this page');
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getAllByText('Your bank is confirming your payment')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Your bank is confirming your payment' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'See my orders' })).toHaveAttribute('href', '/my-orders');
    expect(requestPermission).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Notify me when it’s confirmed' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('We will notify you when it is confirmed.')).toBeInTheDocument();
    h.actor.stop();
    vi.unstubAllGlobals();
  });

  it('nothing covers the provider’s own modal', async () => {
    const h = start();
    await act(async () => h.create.resolve(order));
    await act(async () => h.script.resolve(undefined));
    expect(h.actor.getSnapshot().value).toBe('paymentModalOpen');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
