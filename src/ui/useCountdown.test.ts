import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown, useCountdown } from './useCountdown';

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('counts whole seconds down to zero and stays there', () => {
    const until = Date.now() + 2500;
    const { result } = renderHook(() => useCountdown(until));
    expect(result.current).toBe(3);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(2);
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(0);
  });

  it('is zero for a moment already past', () => {
    const { result } = renderHook(() => useCountdown(Date.now() - 1000));
    expect(result.current).toBe(0);
  });

  it('restarts when given a new moment', () => {
    const { result, rerender } = renderHook(({ until }) => useCountdown(until), {
      initialProps: { until: 0 },
    });
    expect(result.current).toBe(0);
    rerender({ until: Date.now() + 30_000 });
    expect(result.current).toBe(30);
  });

  it('counts from a new moment in the very render that brings it', () => {
    const seen: number[] = [];
    const { rerender } = renderHook(
      ({ until }) => {
        const seconds = useCountdown(until);
        seen.push(seconds);
        return seconds;
      },
      { initialProps: { until: 0 } },
    );
    seen.length = 0;
    rerender({ until: Date.now() + 30_000 });
    // No render in between says 0: a button disabled by the countdown never flickers enabled.
    expect(seen).not.toContain(0);
    expect(seen.at(-1)).toBe(30);
  });
});

describe('formatCountdown', () => {
  it('shows minutes and two-digit seconds', () => {
    expect(formatCountdown(27)).toBe('0:27');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
