import { Workbox } from 'workbox-window';
import { pageLoad } from '@/lib/pageLoad';
import { watchInstallPrompt } from './install';
import { serviceWorkerUpdate } from './updateState';

let workbox: Workbox | null = null;
let lastUpdateCheck = 0;
const updateCheckInterval = 30 * 60 * 1000;

/**
 * Boots the PWA side of the shell: the install-prompt listener everywhere, and in a production
 * build the service worker at /sw.js (scope /). Called once the page is live (../boot/order.ts).
 */
export function registerServiceWorker(): void {
  watchInstallPrompt();
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (workbox) return;

  // dist/sw.js is one self-contained bundle without import statements, so it registers as a classic
  // worker, which every browser with service workers runs.
  workbox = new Workbox('/sw.js', { scope: '/' });
  // Fires for a worker that finished installing while this page runs and for one left waiting by an
  // earlier visit; either way the running app is older than the one waiting.
  workbox.addEventListener('waiting', () => {
    serviceWorkerUpdate.updateReady = true;
    serviceWorkerUpdate.dismissed = false;
  });
  void workbox.register().then(() => {
    lastUpdateCheck = Date.now();
  });

  // An installed app can stay open for days: look for a new build when it comes back to the foreground.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || !workbox) return;
    if (Date.now() - lastUpdateCheck < updateCheckInterval) return;
    lastUpdateCheck = Date.now();
    void workbox.update();
  });
}

/**
 * Activates the waiting build and reloads once it controls the page. When nothing is waiting any more
 * (another tab already took the update), the page is running old code under the new worker: reload now.
 */
export async function applyServiceWorkerUpdate(): Promise<void> {
  const registration = workbox ? await navigator.serviceWorker.getRegistration('/') : undefined;
  if (!workbox || !registration?.waiting) {
    pageLoad.reload();
    return;
  }
  let reloading = false;
  workbox.addEventListener('controlling', () => {
    if (reloading) return;
    reloading = true;
    pageLoad.reload();
  });
  workbox.messageSkipWaiting();
}
