/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { buildRevision } from './app-shell';
import { catalogueRoute, productImageRoute } from './catalogue';
import { createPages } from './navigation';
import { registerOrderStatusSync } from './order-status';
import { registerOutboxSync } from './outbox';
import { hashedAssetRoute, imageRoute } from './static-assets';

declare const self: ServiceWorkerGlobalScope;

// The update prompt (src/app/pwa) asks a waiting worker to take over; nothing else skips waiting,
// so a deploy never swaps the app under a buyer without their consent.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

// The first install controls the open tab at once, so it works offline without a reload.
clientsClaim();

const manifest = self.__WB_MANIFEST;
const pages = createPages(buildRevision(manifest));

// A new build's worker drops the saved pages of older builds and saves the open pages under its own build.
self.addEventListener('activate', (event) => {
  event.waitUntil(pages.deleteOutdated().then(() => pages.seed(event)));
});

// Routes match in registration order. Navigations come first so every page (including "/") tries the
// network, then its saved HTML, then the precached shell; then the precache serves the shell's own files.
registerRoute(pages.route);

precacheAndRoute(manifest);
cleanupOutdatedCaches();

registerRoute(hashedAssetRoute);
// Product artwork before the general image route, so it lives in its own capped cache.
registerRoute(productImageRoute);
registerRoute(imageRoute);
// Catalogue GETs (NetworkFirst, 4 s, 7 days; see catalogue.ts). Only GETs are routed at all, so POSTs and
// other writes always go to the network; requests carrying an Authorization header or Cache-Control:
// no-cache, and every other server path (@contract/paths), are never cached (requests.ts).
registerRoute(catalogueRoute);

// The push-like return: the page registers a sync while the buyer's last order waits for its payment; the
// worker re-checks it when the browser fires the sync (connectivity back, or later with the app closed).
registerOrderStatusSync(self);

// The outbox (forms, analytics, associate-code views made offline): the page registers a sync when one waits; the
// worker sends the anonymous entries and asks the open pages to send the signed-in ones (they hold the tokens).
registerOutboxSync(self);
