import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { Route } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { cacheNames } from './cache-names';
import { isCacheableRequest, isHashedAsset, isImage } from './requests';

const day = 24 * 60 * 60;

// Hashed build output that is not in the precache (lazy chunks of a newer deploy fetched before the
// update prompt is accepted). The precache route is registered first and serves everything it holds.
export const hashedAssetRoute = new Route(
  ({ request, url }) => isCacheableRequest(request, url, self.location.origin) && isHashedAsset(url),
  new CacheFirst({
    cacheName: cacheNames.assets,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 60 * day, purgeOnQuotaError: true }),
    ],
  }),
);

// Product pictures and icons: first use from the network, then from the cache, with a size cap.
export const imageRoute = new Route(
  ({ request, url }) => isCacheableRequest(request, url, self.location.origin) && isImage(url),
  new CacheFirst({
    cacheName: cacheNames.images,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * day, purgeOnQuotaError: true }),
    ],
  }),
);
