import { describe, expect, it, vi } from 'vitest';
import { ApiEventBus } from './events';

describe('the API event bus', () => {
  it('delivers typed details until the listener unsubscribes', () => {
    const bus = new ApiEventBus();
    const listener = vi.fn();
    const off = bus.on('logout', listener);
    bus.emit('logout', { tokenSet: 'main', reason: 'refresh-failed' });
    off();
    bus.emit('logout', { tokenSet: 'forms', reason: 'session-expired' });
    expect(listener).toHaveBeenCalledExactlyOnceWith({ tokenSet: 'main', reason: 'refresh-failed' });
  });
});
