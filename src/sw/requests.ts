// Which requests the service worker may answer from a cache. Pure predicates, tested in requests.test.ts.

// Navigations under these prefixes belong to the server (API, hosted payment pages, health), never the app shell.
export const serverOwnedPaths: readonly RegExp[] = [/^\/api(\/|$)/, /^\/pay(\/|$)/, /^\/healthz(\/|$)/];

export function isServerOwnedPath(pathname: string): boolean {
  return serverOwnedPaths.some((pattern) => pattern.test(pathname));
}

// A request we may store: a same-origin GET that carries no credentials of its own.
export function isCacheableRequest(request: Request, url: URL, origin: string): boolean {
  return (
    request.method === 'GET' &&
    url.origin === origin &&
    !request.headers.has('authorization') &&
    !isServerOwnedPath(url.pathname)
  );
}

// Vite emits content-hashed build output under /assets/, so a cached copy never goes stale.
export function isHashedAsset(url: URL): boolean {
  return url.pathname.startsWith('/assets/');
}

export function isImage(url: URL): boolean {
  return url.pathname.startsWith('/images/') || url.pathname.startsWith('/icons/');
}
