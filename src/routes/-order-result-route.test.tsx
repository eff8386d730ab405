import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetClient } from '@/api/test-helpers';
import { renderScreen } from '@/features/auth/testing.test-helpers';
import { OrderResultRoute } from './-order-result';

beforeEach(() => {
  resetClient();
});

describe('a result page visited signed out', () => {
  it.each([
    ['success', '/success'],
    ['failure', '/failure?order_id=ord-1'],
  ] as const)('/%s goes to the sign-in once, with itself to come back to', async (at, path) => {
    const orderId = path.includes('order_id') ? 'ord-1' : undefined;
    renderScreen(<OrderResultRoute orderId={orderId} at={at} />, path);
    expect(await screen.findByRole('heading', { name: 'page /sign-in' })).toBeInTheDocument();
    const back = `/sign-in?redirect=${encodeURIComponent(path)}`;
    // Exactly there: the redirect is not wrapped in another one (it was, again on every render, until the tab froze).
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(back));
  });
});
