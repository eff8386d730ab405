import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { WorkboxPlugin } from 'workbox-core/types';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { matchPrecache } from 'workbox-precaching';
import { NavigationRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { appShellUrl } from './app-shell';
import { isOutdatedPagesCache, pagesCacheName } from './cache-names';
import { isHtmlPage, isPageToKeep, navigationDenylist, pageCacheKey, pagesToSeed } from './requests';

declare const self: ServiceWorkerGlobalScope;

const day = 24 * 60 * 60;
const networkTimeoutSeconds = 3;
const pageExpiration = { maxEntries: 50, maxAgeSeconds: 7 * day, purgeOnQuotaError: true };

// Saved under its path, and only a 200 HTML answer to an anonymous request for an app page (requests.ts).
const pageRules: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => pageCacheKey(new URL(request.url)),
  cacheWillUpdate: async ({ request, response }) =>
    isPageToKeep(request, new URL(request.url), self.location.origin) && isHtmlPage(response)
      ? response
      : null,
};

/** The precached app shell (the server's /app-shell of this build). */
async function appShell(): Promise<Response> {
  return (await matchPrecache(appShellUrl)) ?? Response.error();
}

/**
 * Every app page tries the network for up to 3 s, then its last saved HTML (so an offline start paints the page
 * from its HTML while the scripts boot); a page this build never saved gets the precached app shell, whose
 * router renders it. Server paths are denylisted: the network answers them, never a cache.
 */
export function createPages(revision: string) {
  const pages = new NetworkFirst({
    cacheName: pagesCacheName(revision),
    networkTimeoutSeconds,
    plugins: [
      pageRules,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin(pageExpiration),
    ],
  });

  const route = new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        return appShell();
      }
    },
    { denylist: [...navigationDenylist] },
  );

  /** On activate: save "/" and the open windows' pages, whose first load no worker saw. Failures are fine. */
  async function seed(event: ExtendableEvent): Promise<void> {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const urls = pagesToSeed(
      windows.map((client) => client.url),
      self.location.origin,
    );
    await Promise.allSettled(
      urls.map((url) => Promise.allSettled(pages.handleAll({ event, request: new Request(url) }))),
    );
  }

  // Pages saved by an older build name hashed scripts its precache removed: drop them with their expiry data.
  async function deleteOutdated(): Promise<void> {
    const outdated = (await caches.keys()).filter((name) => isOutdatedPagesCache(name, revision));
    await Promise.all(
      outdated.map(async (name) => {
        await new CacheExpiration(name, pageExpiration).delete();
        await caches.delete(name);
      }),
    );
  }

  return { route, seed, deleteOutdated };
}
