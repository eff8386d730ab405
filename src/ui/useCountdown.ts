import { useEffect, useReducer } from 'react';

/**
 * Whole seconds left until `until` (epoch ms), ticking each second; 0 once it has passed. Worked out in render, so the
 * render that brings a new `until` already counts from it (a state set by an effect would lag one render behind).
 */
export function useCountdown(until: number): number {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      tick();
      if (until <= Date.now()) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

/** 0:27, 1:05 */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
