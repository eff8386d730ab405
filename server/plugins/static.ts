import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEFERRED_PRELOADS_ID } from '@contract/constants';
import { isServerPath } from '@contract/paths';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pathnameOf } from './errors';
import { loadPrerenderedPages } from './prerendered';
import { loadRouteTable } from './route-preload';

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';
export const CACHE_MODEST = 'public, max-age=86400';

/** Files that must be revalidated on every load, or a deploy would never reach the buyer. */
const REVALIDATED_FILES = new Set([
  'index.html',
  'sw.js',
  'manifest.webmanifest',
  'registerSW.js',
  'robots.txt',
]);

/** Cache-Control for a file of the Vite build, by its path relative to the build's root. */
export function cacheControlFor(relativePath: string): string {
  // A precompressed copy (sw.js.br) is cached like the file it stands for.
  const rel = relativePath
    .split(path.sep)
    .join('/')
    .replace(/\.(?:br|gz)$/, '');
  const name = rel.slice(rel.lastIndexOf('/') + 1);
  // Vite puts content-hashed files under assets/: their name changes when they do.
  if (rel.startsWith('assets/')) return CACHE_IMMUTABLE;
  if (REVALIDATED_FILES.has(name) || name.startsWith('workbox-') || name.endsWith('.html')) {
    return CACHE_REVALIDATE;
  }
  return CACHE_MODEST;
}

/** A request for something that looks like a file gets a 404 when missing, never the HTML shell. */
const FILE_EXTENSION =
  /\.(?:js|mjs|css|map|json|webmanifest|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|txt|xml|wasm|mp4|webm)$/i;

/**
 * The path without trailing slashes ("/" stays "/"). Leading slashes collapse to one, so
 * "//evil.example/" redirects to "/evil.example", never off-site.
 */
export function withoutTrailingSlash(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '').replace(/^\/+/, '/');
  return trimmed === '' ? '/' : trimmed;
}

export interface StaticPluginOptions {
  /** The Vite build (dist/). When it is missing the API still works. */
  root: string;
}

/** Serves the built PWA: cache headers per file kind, trailing slashes removed, the SPA shell for routes. */
export const storefrontPlugin = fp<StaticPluginOptions>(async (app, options) => {
  const root = path.resolve(options.root);

  // Storefront paths have no trailing slash (spec §9); API paths keep theirs (spec §7).
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const pathname = pathnameOf(request.url);
    if (pathname === '/' || !pathname.endsWith('/') || isServerPath(pathname)) return;
    const query = request.url.slice(pathname.length);
    return reply.redirect(`${withoutTrailingSlash(pathname)}${query}`, 301);
  });

  if (!existsSync(root) || !statSync(root).isDirectory()) {
    app.log.warn({ staticDir: root }, 'static directory missing: serving the API only (run npm run build)');
    return;
  }

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    // "/" is a route like any other: the not-found handler's SPA fallback answers it, with its preloads.
    index: false,
    allowedPath: (pathname) => pathname !== '/',
    // We set Cache-Control ourselves, per file kind.
    cacheControl: false,
    // `npm run build` writes .br and .gz copies (scripts/precompress.ts): sent as they are, never recompressed.
    preCompressed: true,
    dotfiles: 'ignore',
    redirect: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(path.relative(root, filePath)));
    },
  });
});

/**
 * The SPA fallback for the not-found handler: any storefront path gets HTML (no-cache) and the client router
 * takes over. A product or content page comes prerendered (scripts/prerender.ts), a path no route matches gets
 * the prerendered "Page not found" with status 404, and the rest (sign-in screens) the plain shell. Server
 * paths (@contract/paths) never get HTML. The HTML
 * names the route's own chunks so the browser fetches them with the entry (see route-preload.ts).
 */
export function createSpaFallback(
  staticDir: string,
): (request: FastifyRequest, reply: FastifyReply) => Promise<boolean> {
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, 'index.html');
  // Read once: a deploy replaces dist/ and restarts the process.
  const shell = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const routes = loadRouteTable(root);
  const prerendered = loadPrerenderedPages(root);
  return async (request, reply) => {
    const pathname = pathnameOf(request.url);
    if (isServerPath(pathname) || FILE_EXTENSION.test(pathname) || pathname.startsWith('/assets/'))
      return false;
    if (shell === null) return false;
    // Matched exactly, as the client router does (spec §2): "/IBC-KIT" is no route, so it is not found.
    const prerenderedPage = prerendered.page(pathname);
    const isRoute = prerenderedPage !== undefined || routes.isRoute(pathname);
    const page = prerenderedPage ?? (isRoute ? undefined : prerendered.notFound(pathname));
    const { stylesheets, modules } = routes.preloadsFor(pathname);
    // The shell needs its scripts to show anything: it fetches them at once. A prerendered page is painted
    // from its HTML first; its scripts wait in a <template> (inert) until src/main.tsx asks for them.
    const head = page
      ? `${stylesheets}<template id="${DEFERRED_PRELOADS_ID}">${modules}</template>`
      : `${stylesheets}${modules}`;
    // The same page either way, but a path that is no route says so to crawlers and link checkers.
    await reply
      .code(isRoute ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', CACHE_REVALIDATE)
      .send((page ?? shell).replace('</head>', `${head}</head>`));
    return true;
  };
}
