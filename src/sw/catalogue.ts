import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { Route } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { cacheNames } from './cache-names';
import { isCacheableRequest, isCatalogueRequest, isProductImage } from './requests';

const day = 24 * 60 * 60;

/*
 * Catalogue GETs: NetworkFirst with a short timeout, not StaleWhileRevalidate. The persisted query cache
 * (IndexedDB) is what paints the shop offline at once; this cache is the second source, for a query the
 * persister never saw or a reload on lie-fi. SWR would answer the first request after a reconnect with the
 * price from before the outage, exactly when prices must refresh; NetworkFirst gives the server's answer
 * whenever it arrives within the timeout and falls back to the last copy when it does not.
 */
export const catalogueRoute = new Route(
  ({ request, url }) => isCatalogueRequest(request, url, self.location.origin),
  new NetworkFirst({
    cacheName: cacheNames.catalogue,
    networkTimeoutSeconds: 4,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * day, purgeOnQuotaError: true }),
    ],
  }),
);

// Product pictures and video posters never change under the same name: cache first, capped and expiring.
export const productImageRoute = new Route(
  ({ request, url }) => isCacheableRequest(request, url, self.location.origin) && isProductImage(url),
  new CacheFirst({
    cacheName: cacheNames.productImages,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * day, purgeOnQuotaError: true }),
    ],
  }),
);
