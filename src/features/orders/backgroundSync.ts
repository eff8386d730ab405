import { ORDER_STATUS_SYNC_TAG } from '@/lib/orderReturn';

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
  periodicSync?: {
    register(tag: string, options: { minInterval: number }): Promise<void>;
    unregister(tag: string): Promise<void>;
  };
}

/** How often an installed app may re-check a pending order with the app closed (the browser may wait longer). */
export const PERIODIC_CHECK_MS = 15 * 60 * 1000;

/**
 * Hands the order check to the service worker: a one-off Background Sync (fired now when online, else on
 * reconnect) and, where the installed app was granted it, a Periodic Background Sync. True when the worker
 * will check. The worker reads the access token through the Cookie Store API, so without it the page checks.
 */
export async function registerOrderStatusSync(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  if (!navigator.serviceWorker.controller || !('cookieStore' in globalThis)) return false;
  try {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration &
      SyncRegistration;
    if (!registration.sync) return false;
    await registration.sync.register(ORDER_STATUS_SYNC_TAG);
    void registerPeriodicCheck(registration);
    return true;
  } catch {
    // Background Sync refused (e.g. disabled by the browser's settings): the page checks itself.
    return false;
  }
}

async function registerPeriodicCheck(registration: SyncRegistration): Promise<void> {
  if (!registration.periodicSync) return;
  try {
    const state = await navigator.permissions.query({ name: 'periodic-background-sync' as PermissionName });
    if (state.state === 'granted')
      await registration.periodicSync.register(ORDER_STATUS_SYNC_TAG, { minInterval: PERIODIC_CHECK_MS });
  } catch {
    // Only installed apps with enough engagement get it; the one-off sync and the page still check.
  }
}

/** Stops the periodic check once the order is final. */
export async function unregisterPeriodicCheck(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const registration = (await navigator.serviceWorker.getRegistration()) as
      | (ServiceWorkerRegistration & SyncRegistration)
      | undefined;
    await registration?.periodicSync?.unregister(ORDER_STATUS_SYNC_TAG);
  } catch {
    // Nothing registered.
  }
}
