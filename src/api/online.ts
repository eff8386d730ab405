import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/*
 * Whether the shop can reach the network, in one place: TanStack Query's onlineManager, which follows the browser's
 * online and offline events, so every screen, the HTTP client and the paused queries agree on the same answer.
 */

/** Whether requests can reach the network now. */
export function isOnline(): boolean {
  return onlineManager.isOnline();
}

/** Calls back on every change of the answer; returns the unsubscribe. */
export function subscribeOnline(onChange: (online: boolean) => void): () => void {
  return onlineManager.subscribe(onChange);
}

/**
 * Takes the browser's own answer. onlineManager assumes "online" until an event says otherwise: a page opened
 * offline must start offline, so paused queries wait for the connection and the cart says its prices are not re-checked.
 */
export function adoptBrowserOnline(): void {
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
}

/** isOnline() for a component; the server renders online. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
