import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { COUNTRY_COOKIE, DEFAULT_COUNTRY } from '@contract/constants';
import { APP_SHELL_PATH, isServerPath } from '@contract/paths';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pathnameOf } from './errors';
import { type CspSources, setPageCspNonce } from './security';
import { CACHE_REVALIDATE, FILE_EXTENSION } from './static';

/*
 * The storefront's pages, rendered on the server by the PWA's own server bundle (src/entry-server.tsx, built by
 * `npm run build` into dist/.server/) with TanStack Router's manifest of each route's scripts and stylesheets. A
 * page is rendered once per catalogue version, country and URL and then served from memory: an operator's price or
 * stock change bumps the version, and the next request renders the page afresh.
 */

export const SERVER_BUNDLE_FILE = path.join('.server', 'entry-server.js');
export const ROUTER_MANIFEST_FILE = path.join('.vite', 'router-manifest.json');

/** What the server bundle exports (src/entry-server.tsx). */
export interface ServerBundle {
  renderPage(options: {
    request: Request;
    countryCode: string;
    nonce: string;
    manifest: unknown;
    shell?: boolean;
  }): Promise<Response>;
  setServerFetch(send: typeof fetch): void;
}

interface RenderedPage {
  status: number;
  headers: [string, string][];
  body: string;
}

/** Pages kept per catalogue version; the oldest go first beyond this many (URLs with their query strings). */
const MAX_CACHED_PAGES = 500;
const COUNTRY_CODE = /^[A-Z]{2}$/;

/** The buyer's country from its cookie (src/state/country.ts writes it), else the shop's default. */
export function countryOf(cookieHeader: string | undefined): string {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === COUNTRY_COOKIE && value && COUNTRY_CODE.test(value)) return value;
  }
  return DEFAULT_COUNTRY;
}

export interface PagesOptions {
  /** The Vite build (dist/): its server bundle and router manifest. */
  root: string;
  /** The catalogue's version as this process knows it (bumped by every price or stock change); read from memory. */
  catalogueVersion: () => number | undefined;
  /** The payment provider's CSP origins, in every page's policy. */
  csp?: CspSources;
}

export interface Pages {
  /** Registers the app shell's route and points the bundle's API calls at this server. */
  plugin: FastifyPluginAsync;
  /** Answers a storefront path with its page; false when there is no server bundle (API-only). */
  render: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
}

/** A fetch that answers the server bundle's API calls in process (Fastify's inject), never over the network. */
function injectFetch(app: Pick<FastifyInstance, 'inject'>): typeof fetch {
  return async (input, init) => {
    const target = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(target, 'http://localhost');
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers,
    });
  };
}

export function createPages(options: PagesOptions): Pages {
  const root = path.resolve(options.root);
  const bundleFile = path.join(root, SERVER_BUNDLE_FILE);
  const manifestFile = path.join(root, ROUTER_MANIFEST_FILE);
  // Read once: a deploy replaces dist/ and restarts the process.
  const available = existsSync(bundleFile) && existsSync(manifestFile);
  let bundle: ServerBundle | undefined;
  let manifest: unknown;
  // Pages are rendered with this placeholder, and each response gets its own nonce in its place.
  const renderNonce = randomBytes(18).toString('base64url');
  let cachedVersion = -1;
  const cache = new Map<string, Promise<RenderedPage>>();

  async function renderToMemory(url: string, countryCode: string, shell: boolean): Promise<RenderedPage> {
    if (!bundle) throw new Error('the server bundle is not loaded');
    const response = await bundle.renderPage({
      request: new Request(new URL(url, 'http://localhost')),
      countryCode,
      nonce: renderNonce,
      manifest,
      shell,
    });
    return { status: response.status, headers: [...response.headers], body: await response.text() };
  }

  async function pageFor(url: string, countryCode: string, shell = false): Promise<RenderedPage> {
    const version = options.catalogueVersion();
    // Until the version is known nothing is kept: a page could hold prices of any version.
    if (version === undefined) return renderToMemory(url, countryCode, shell);
    if (version !== cachedVersion) {
      cache.clear();
      cachedVersion = version;
    }
    const key = `${shell ? 'shell' : 'page'} ${countryCode} ${url}`;
    let page = cache.get(key);
    if (!page) {
      page = renderToMemory(url, countryCode, shell);
      cache.set(key, page);
      if (cache.size > MAX_CACHED_PAGES) cache.delete(cache.keys().next().value as string);
      // A failed render is not kept: the next request tries again.
      page.catch(() => cache.delete(key));
    }
    return page;
  }

  async function send(reply: FastifyReply, page: RenderedPage): Promise<void> {
    reply.code(page.status);
    for (const [name, value] of page.headers) reply.header(name, value);
    const nonce = setPageCspNonce(reply, options.csp);
    await reply
      .type('text/html; charset=utf-8')
      .header('cache-control', CACHE_REVALIDATE)
      // The prices are in the currency of the country cookie.
      .header('vary', 'cookie')
      .send(page.body.replaceAll(renderNonce, nonce));
  }

  const plugin = fp(async (app) => {
    if (!available) {
      app.log.warn({ staticDir: root }, 'no server bundle: pages are not rendered (run npm run build)');
      return;
    }
    bundle = (await import(pathToFileURL(bundleFile).href)) as ServerBundle;
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as unknown;
    bundle.setServerFetch(injectFetch(app));
    app.get(APP_SHELL_PATH, async (request, reply) => {
      await send(reply, await pageFor('/', countryOf(request.headers.cookie), true));
      return reply;
    });
  });

  return {
    plugin,
    render: async (request, reply) => {
      const pathname = pathnameOf(request.url);
      if (
        !bundle ||
        isServerPath(pathname) ||
        FILE_EXTENSION.test(pathname) ||
        pathname.startsWith('/assets/')
      )
        return false;
      await send(reply, await pageFor(request.url, countryOf(request.headers.cookie)));
      return true;
    },
  };
}
