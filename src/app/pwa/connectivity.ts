import { proxy } from 'valtio';

/** Whether the browser believes it has a network; mirrors navigator.onLine and its events. */
export const connectivity = proxy({ online: true });

let watching = false;

/** Starts mirroring the connection state; safe to call more than once. */
export function watchConnectivity(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  connectivity.online = navigator.onLine;
  window.addEventListener('online', () => {
    connectivity.online = true;
  });
  window.addEventListener('offline', () => {
    connectivity.online = false;
  });
}
