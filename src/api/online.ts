import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

function subscribeOnline(onChange: () => void): () => void {
  return onlineManager.subscribe(onChange);
}

/**
 * Whether TanStack Query believes requests can reach the network (it follows the browser's online and offline
 * events; the app sets the starting value from navigator.onLine). Queries pause and resume on the same answer.
 */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => onlineManager.isOnline(),
    () => true,
  );
}
