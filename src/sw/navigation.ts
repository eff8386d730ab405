import { matchPrecache } from 'workbox-precaching';
import { NavigationRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { navigationDenylist } from './requests';

// The SPA answers every storefront path with the same index.html, so the offline fallback is the
// precached shell of this service worker's own build: its hashed assets are in the same precache.
// A per-URL page cache could hand back HTML from an older deploy whose assets are already gone.
export const appShellUrl = '/index.html';
const networkTimeoutSeconds = 3;

const network = new NetworkOnly({ networkTimeoutSeconds });

export const navigationRoute = new NavigationRoute(
  async (options) => {
    try {
      return await network.handle(options);
    } catch {
      return (await matchPrecache(appShellUrl)) ?? Response.error();
    }
  },
  { denylist: [...navigationDenylist] },
);
