import { afterEach, describe, expect, it, vi } from 'vitest';
import { onIdle } from './idle';

describe('onIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs the task through the idle callback with its timeout, and cancels it', () => {
    const requestIdleCallback = vi.fn((callback: () => void) => {
      callback();
      return 7;
    });
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
    const task = vi.fn();
    const cancel = onIdle(task, 3000);
    expect(task).toHaveBeenCalledOnce();
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 3000 });
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('falls back to a zero timeout where there is no idle callback, and can be cancelled before it runs', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const ran = vi.fn();
    onIdle(ran, 2000);
    const cancelled = vi.fn();
    onIdle(cancelled, 2000)();
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(ran).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
  });
});
