import { type ParsedLocation, redirect } from '@tanstack/react-router';

/*
 * Spec §2 guarded routes: a guarded route renders its page only when the current navigation key equals the
 * expected key, otherwise it redirects to its fallback path. The flow that navigates to a guarded route asks
 * for a fresh key, stores it as the expected one (this tab's sessionStorage) and carries it in the history
 * entry's state; a reload of that entry keeps its state, while a typed URL, a bookmark, another tab or an old
 * entry after the flow moved on carries none or another, and is sent to the fallback.
 */

declare module '@tanstack/history' {
  interface HistoryState {
    /** The navigation key a flow gave this history entry (src/lib/guard.ts). */
    navigationKey?: string;
  }
}

const STORE_PREFIX = 'navigation-key:';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function newKey(): string {
  // getRandomValues works on plain http too (randomUUID needs a secure context).
  return Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(36)).join('');
}

/**
 * Called by the flow as it navigates to the guarded route: the history state to navigate with,
 * e.g. `navigate({ to: '/sign-in/verify', state: expectNavigation('sign-in-verify') })`.
 */
export function expectNavigation(guard: string): { navigationKey: string } {
  const navigationKey = newKey();
  try {
    storage()?.setItem(STORE_PREFIX + guard, navigationKey);
  } catch {
    // No quota (private mode): the guard then sends the buyer to the fallback, as for any unknown key.
  }
  return { navigationKey };
}

/** Whether a history entry's state carries the key the guard expects now. */
export function navigationKeyMatches(guard: string, state: unknown): boolean {
  const expected = storage()?.getItem(STORE_PREFIX + guard);
  if (!expected || typeof state !== 'object' || state === null) return false;
  return (state as { navigationKey?: unknown }).navigationKey === expected;
}

/** The flow is over: no entry opens the guarded route any more. */
export function forgetNavigation(guard: string): void {
  storage()?.removeItem(STORE_PREFIX + guard);
}

/** A route's beforeLoad: renders only with the expected navigation key, else redirects to `fallback`. */
export function guardRoute(guard: string, fallback: string) {
  return ({ location }: { location: ParsedLocation }): void => {
    if (!navigationKeyMatches(guard, location.state)) throw redirect({ href: fallback, replace: true });
  };
}
