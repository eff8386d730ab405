import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { isServerPath } from '@contract/paths';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { pathnameOf, searchOf } from './errors';

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';
export const CACHE_MODEST = 'public, max-age=86400';

/** Files that must be revalidated on every load, or a deploy would never reach the buyer. */
const REVALIDATED_FILES = new Set(['sw.js', 'manifest.webmanifest', 'registerSW.js', 'robots.txt']);

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
export const FILE_EXTENSION =
  /\.(?:js|mjs|css|map|json|webmanifest|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|txt|xml|wasm|mp4|webm)$/i;

/**
 * The path without trailing slashes ("/" stays "/"). Leading slashes and backslashes collapse to one slash
 * (browsers read "/\\host" as "//host"), so "//evil.example/" and "/\\evil.example/" redirect to
 * "/evil.example", never off-site.
 */
export function withoutTrailingSlash(pathname: string): string {
  const trimmed = pathname.replace(/[/\\]+$/, '').replace(/^[/\\]+/, '/');
  return trimmed === '' ? '/' : trimmed;
}

export interface StaticPluginOptions {
  /** The Vite build (dist/). When it is missing the API still works. */
  root: string;
}

/** Serves the built PWA's files: cache headers per file kind, trailing slashes removed. */
export const storefrontPlugin = fp<StaticPluginOptions>(async (app, options) => {
  const root = path.resolve(options.root);

  // Storefront paths have no trailing slash (spec §9); API paths keep theirs (spec §7).
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const pathname = pathnameOf(request.url);
    // Server paths are never files: one no route matched (e.g. a path parameter over its length) is a JSON 404.
    if (request.routeOptions.url === '/*' && isServerPath(pathname)) return reply.callNotFound();
    if (pathname === '/' || !pathname.endsWith('/') || isServerPath(pathname)) return;
    // Only the path and query: an absolute-form target's host never reaches the Location.
    return reply.redirect(`${withoutTrailingSlash(pathname)}${searchOf(request.url)}`, 301);
  });

  if (!existsSync(root) || !statSync(root).isDirectory()) {
    app.log.warn({ staticDir: root }, 'static directory missing: serving the API only (run npm run build)');
    return;
  }

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    // "/" is a page like any other: the not-found handler renders it (server/plugins/pages.ts).
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
