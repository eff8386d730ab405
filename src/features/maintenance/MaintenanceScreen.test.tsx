import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { pageLoad } from '@/lib/pageLoad';
import { countdownParts, MaintenanceScreen } from './MaintenanceScreen';

const NOW = new Date('2025-01-01T10:00:00Z').getTime();
let reload: MockInstance<() => void>;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  reload = vi.spyOn(pageLoad, 'reload').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const shown = () =>
  ['hours', 'minutes', 'seconds']
    .map((unit) => screen.getByTestId(`countdown-${unit}`).textContent)
    .join(' ');

const working = { res_status: 'working', response: '', time_in_seconds: 0 };
const down = { res_status: 'SERVER_UNDER_MAINTENANCE', response: 'x', time_in_seconds: 100 };

describe('maintenance screen', () => {
  it('splits the time into zero-padded hours, minutes and seconds', () => {
    expect(countdownParts(0)).toEqual({ hours: '00', minutes: '00', seconds: '00' });
    expect(countdownParts(1800)).toEqual({ hours: '00', minutes: '30', seconds: '00' });
    expect(countdownParts(3 * 86_400 + 3661)).toEqual({ hours: '73', minutes: '01', seconds: '01' });
  });

  it('shows the heading, the message, the get-back text and a countdown that ticks', () => {
    render(<MaintenanceScreen message="under maintenance" timeInSeconds={3661} receivedAt={NOW} />);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByText('under maintenance')).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: "We'll get back to you in" })).toBeInTheDocument();
    expect(shown()).toBe('01Hours 01Minutes 01Seconds');

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(shown()).toBe('01Hours 01Minutes 00Seconds');
    act(() => {
      vi.advanceTimersByTime(61_000);
    });
    expect(shown()).toBe('00Hours 59Minutes 59Seconds');
  });

  it('announces the time politely once a minute, not every second', () => {
    const { container } = render(<MaintenanceScreen message="m" timeInSeconds={125} receivedAt={NOW} />);
    const live = container.querySelector('[aria-live="polite"]');
    expect(live?.textContent).toBe('About 3 minutes until we are back.');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(live?.textContent).toBe('About 3 minutes until we are back.');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(live?.textContent).toBe('About 2 minutes until we are back.');
  });

  it('reloads the page once when the countdown reaches zero', () => {
    render(<MaintenanceScreen message="m" timeInSeconds={3} receivedAt={NOW} />);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(reload).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(shown()).toBe('00Hours 00Minutes 00Seconds');
    expect(reload).toHaveBeenCalledOnce();
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(reload).toHaveBeenCalledOnce();
  });

  it('re-checks the status every 30 s and calls onWorking when the shop is back', async () => {
    const checkStatus = vi.fn().mockResolvedValueOnce(down).mockResolvedValueOnce(working);
    const onWorking = vi.fn();
    render(
      <MaintenanceScreen
        message="m"
        timeInSeconds={600}
        receivedAt={NOW}
        onWorking={onWorking}
        checkStatus={checkStatus}
      />,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29_999);
    });
    expect(checkStatus).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(checkStatus).toHaveBeenCalledTimes(1);
    expect(onWorking).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(checkStatus).toHaveBeenCalledTimes(2);
    expect(onWorking).toHaveBeenCalledOnce();
  });
});
