/*
 * The paths the server answers itself, never the storefront's router: the API services, the hosted payment
 * pages, the static configuration files and the health check. The server's not-found handler and SPA fallback,
 * the dev proxy and the service worker all read this one list. Zod-free, so the service worker can import it.
 */

/** Path prefixes owned by the server; a prefix matches itself and anything below it ("/api", "/api/…"). */
export const SERVER_PATH_PREFIXES = ['/api', '/pay', '/config', '/healthz', '/app-shell'] as const;

/**
 * The app shell: the page's frame (header, footer, scripts) without a route's content, rendered by the server in
 * the router's shell mode. The service worker precaches it and answers a navigation it has never seen with it offline.
 */
export const APP_SHELL_PATH = '/app-shell';

export type ServerPathPrefix = (typeof SERVER_PATH_PREFIXES)[number];

/** Whether a pathname (no query) belongs to the server: "/pay/sandbox/x" does, "/payments-help" does not. */
export function isServerPath(pathname: string): boolean {
  return SERVER_PATH_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** One RegExp per prefix, for routers that take patterns (Workbox's denylist, Vite's proxy). */
export const SERVER_PATH_PATTERNS: readonly RegExp[] = SERVER_PATH_PREFIXES.map(
  (prefix) => new RegExp(`^${prefix}(?:/|$)`),
);
