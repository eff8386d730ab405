import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiConfig } from '@/api/config';
import { apiEvents } from '@/api/events';
import { MaintenanceGate } from './MaintenanceGate';

const working = { res_status: 'working', response: '', time_in_seconds: 0 };
const shop = <p>The shop</p>;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-01-01T10:00:00Z') });
  setApiConfig();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the lazily loaded controller arrive, then settles effects and pending promises. */
async function flush() {
  await act(async () => {
    await import('./MaintenanceController');
    for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
  });
}

describe('maintenance gate', () => {
  it('renders the shop while the API says working', async () => {
    const checkStatus = vi.fn().mockResolvedValue(working);
    render(<MaintenanceGate checkStatus={checkStatus}>{shop}</MaintenanceGate>);
    await flush();
    expect(checkStatus).toHaveBeenCalledOnce();
    expect(screen.getByText('The shop')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('does not block the shop when the status check fails', async () => {
    const checkStatus = vi.fn().mockRejectedValue(new Error('offline'));
    render(<MaintenanceGate checkStatus={checkStatus}>{shop}</MaintenanceGate>);
    await flush();
    expect(screen.getByText('The shop')).toBeInTheDocument();
  });

  it('replaces the shop with the maintenance screen on a broadcast, and brings it back on WORKING', async () => {
    const checkStatus = vi.fn().mockResolvedValue(working);
    render(<MaintenanceGate checkStatus={checkStatus}>{shop}</MaintenanceGate>);
    await flush();

    act(() => {
      apiEvents.emit('maintenance', {
        res_status: 'SERVER_UNDER_MAINTENANCE',
        response: 'Fitting new stumps',
        time_in_seconds: 3600,
      });
    });
    await flush();
    expect(screen.queryByText('The shop')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Fitting new stumps')).toBeInTheDocument();
    expect(screen.getByTestId('countdown-hours')).toHaveTextContent('01');

    // The screen's 30-second re-check hears "working" and sends WORKING.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(screen.getByText('The shop')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('starts on the maintenance screen when the flag says so, whatever the status', async () => {
    const checkStatus = vi.fn().mockResolvedValue(working);
    render(
      <MaintenanceGate underMaintenance checkStatus={checkStatus}>
        {shop}
      </MaintenanceGate>,
    );
    await flush();
    expect(screen.queryByText('The shop')).not.toBeInTheDocument();
    expect(screen.getByText('under maintenance')).toBeInTheDocument();
    expect(screen.getByTestId('countdown-minutes')).toHaveTextContent('30');
  });

  it('asks GET /api/maintenance/status/v1/ on mount and shows maintenance when the server is down', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            res_status: 'SERVER_UNDER_MAINTENANCE',
            response: 'Back after lunch',
            time_in_seconds: 120,
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<MaintenanceGate>{shop}</MaintenanceGate>);
    await flush();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/maintenance/status/v1/',
      expect.objectContaining({ method: 'GET' }),
    );
    expect(screen.getByText('Back after lunch')).toBeInTheDocument();
    expect(screen.getByTestId('countdown-minutes')).toHaveTextContent('02');
  });
});
