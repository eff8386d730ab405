// Which requests the service worker may answer from a cache. Pure predicates, tested in requests.test.ts.
// Relative, not @contract/: tsconfig.json leaves src/sw out, so Vite's tsconfig paths do not apply here.
import { isServerPath, SERVER_PATH_PATTERNS } from '../../contract/paths';

// Paths the server answers itself (API, hosted payment pages, configuration, health) are never app pages:
// the navigation route leaves them to the network, and the runtime caches never keep them.
export const navigationDenylist: readonly RegExp[] = SERVER_PATH_PATTERNS;

export function isNavigationToApp(url: URL): boolean {
  return !navigationDenylist.some((pattern) => pattern.test(url.pathname));
}

// A request we may store: a same-origin GET that carries no credentials of its own.
export function isCacheableRequest(request: Request, url: URL, origin: string): boolean {
  return (
    request.method === 'GET' &&
    url.origin === origin &&
    !request.headers.has('authorization') &&
    !isServerPath(url.pathname)
  );
}

// Vite emits content-hashed build output under /assets/, so a cached copy never goes stale.
export function isHashedAsset(url: URL): boolean {
  return url.pathname.startsWith('/assets/');
}

export function isImage(url: URL): boolean {
  return url.pathname.startsWith('/images/') || url.pathname.startsWith('/icons/');
}

// Catalogue reads: packages, price estimates and last sales under /api/commerce/packages/, and the static
// availability list. (Other /api/ paths stay with the server.)
const catalogueApiPath = /^\/api\/commerce\/packages\/./;
export const availabilityConfigPath = '/config/packagesAvailabilityConfig.json';

/** A caller that needs the server's own answer (the cart's price check) says so with Cache-Control: no-cache. */
export function wantsFreshResponse(request: Request): boolean {
  return /no-cache|no-store/i.test(request.headers.get('cache-control') ?? '');
}

// A catalogue GET we may keep for offline use: same origin, anonymous, and not a demand for a fresh answer.
export function isCatalogueRequest(request: Request, url: URL, origin: string): boolean {
  return (
    request.method === 'GET' &&
    url.origin === origin &&
    !request.headers.has('authorization') &&
    !wantsFreshResponse(request) &&
    (catalogueApiPath.test(url.pathname) || url.pathname === availabilityConfigPath)
  );
}

// Product artwork and the how-it-works video posters (never the videos: range requests and their size).
export function isProductImage(url: URL): boolean {
  return (
    url.pathname.startsWith('/images/products/') ||
    (url.pathname.startsWith('/videos/') && /\.(?:avif|webp|jpe?g|png|svg)$/i.test(url.pathname))
  );
}

// Pages (the navigation route's saved HTML for offline starts): an app page, never a server path, requested
// without credentials of its own. The response must be HTML the server did not mark no-store; the route's
// CacheableResponsePlugin keeps status 200 only.
export function isPageToKeep(request: Request, url: URL, origin: string): boolean {
  return isCacheableRequest(request, url, origin) && isNavigationToApp(url);
}

export function isHtmlPage(response: Response): boolean {
  return (
    /^text\/html\b/i.test(response.headers.get('content-type') ?? '') &&
    !/no-store/i.test(response.headers.get('cache-control') ?? '')
  );
}

/**
 * A page is saved under its path alone: ad and home-screen parameters (?utm_source=…, the manifest's
 * start_url "/?source=pwa") name the same page, and each would otherwise fill the capped cache with a copy.
 */
export function pageCacheKey(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/**
 * Pages to save when a worker activates: "/" (where the home-screen icon starts) and the app pages open in its
 * windows, whose first load came before any worker and so never passed through the navigation route.
 */
export function pagesToSeed(windowUrls: readonly string[], origin: string): string[] {
  const keys = new Set<string>([pageCacheKey(new URL('/', origin))]);
  for (const href of windowUrls) {
    const url = new URL(href);
    if (url.origin === origin && isNavigationToApp(url)) keys.add(pageCacheKey(url));
  }
  return [...keys];
}
