/**
 * The router's server manifest (TanStack Router's `ServerManifest`, read by server/plugins/pages.ts and given to
 * `createRequestHandler`): the entry script, and for each route the stylesheets to link when the server
 * renders it, so a page arrives with its own CSS. Built from the client bundle in the same
 * build, the route files mapped to route ids by TanStack Router's generator. The build prints the JavaScript a first
 * load of each route transfers, gzip and brotli (quality 11, as scripts/precompress.ts writes what the server
 * sends), and writes each route's first-load files to FIRST_LOAD_FILE, from which `npm test` holds the gzip figure to
 * its budget.
 */
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Generator, getConfig } from '@tanstack/router-generator';
import type { Plugin } from 'vite';

export const ROUTER_MANIFEST_FILE = '.vite/router-manifest.json';
const ROOT_ROUTE_ID = '/__root';

/** Every route's first-load scripts, read by the JavaScript budget of `npm test` (tests/audit/js-budget.ts). */
export const FIRST_LOAD_FILE = '.vite/first-load.json';

/** The content of FIRST_LOAD_FILE: the files (paths under dist/) a first load of each route runs. */
export interface FirstLoadManifest {
  routes: Record<string, string[]>;
}

export interface Chunk {
  type: 'chunk';
  fileName: string;
  code: string;
  imports: string[];
  dynamicImports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
  /** The modules in the chunk; a chunk of stylesheets alone is dropped by Vite after this plugin sees it. */
  moduleIds?: string[];
  viteMetadata?: { importedCss: Set<string> };
}

export interface ManifestRoute {
  css?: string[];
  scripts?: { attrs: Record<string, string | boolean> }[];
}

/** Every chunk a chunk needs before it runs (itself and its static imports, transitively), imports first. */
function closure(
  bundle: ReadonlyMap<string, Chunk>,
  roots: readonly string[],
  into = new Set<string>(),
): Set<string> {
  const visit = (file: string) => {
    if (into.has(file)) return;
    const chunk = bundle.get(file);
    if (!chunk) return;
    for (const imported of chunk.imports) visit(imported);
    into.add(file);
  };
  for (const root of roots) visit(root);
  return into;
}

function cssOf(bundle: ReadonlyMap<string, Chunk>, files: Iterable<string>): string[] {
  const css = new Set<string>();
  for (const file of files)
    for (const sheet of bundle.get(file)?.viteMetadata?.importedCss ?? []) css.add(sheet);
  return [...css];
}

const url = (file: string) => `/${file}`;

/**
 * The manifest from the client bundle: the root route gets the entry script and the stylesheets of the entry and the
 * app it starts; every route whose code-split chunk is in the bundle gets the stylesheets of that chunk and of what
 * it imports beyond the root's. No script is preloaded: the page paints from its HTML and CSS, and scripts fetched
 * with them would only take bandwidth from the stylesheets and the largest picture (Lighthouse's LCP on the product
 * pages went from 2.6 s with them to 1.1 s without); the entry fetches the app once the page has loaded. Route ids come from the router's generator, so a route with parameters or a splat
 * (`/order/$id/success`, `/business-licence/$`) is keyed as the router matches it. Also returns, for every route
 * the generator knows, every file of its first load (only the entry and the app for a route without a chunk).
 */
export function buildRouterManifest(
  bundle: ReadonlyMap<string, Chunk>,
  entry: Chunk,
  routeIdOfFile: ReadonlyMap<string, string>,
): { routes: Record<string, ManifestRoute>; firstLoad: Record<string, string[]> } {
  // The entry runs first; the app it starts after the first paint (its dynamic imports) is every page's too.
  const inEntry = closure(bundle, [entry.fileName]);
  const app = closure(bundle, entry.dynamicImports);
  for (const file of inEntry) app.delete(file);
  const shared = new Set([...inEntry, ...app]);
  const routes: Record<string, ManifestRoute> = {
    __root__: {
      css: cssOf(bundle, shared).map(url),
      scripts: [{ attrs: { type: 'module', src: url(entry.fileName), async: true } }],
    },
  };
  const firstLoad: Record<string, string[]> = {};
  // The generator keys the root route's file as ROOT_ROUTE_ID: it is every page's layout, not a page of its own.
  for (const routeId of routeIdOfFile.values())
    if (routeId !== ROOT_ROUTE_ID) firstLoad[routeId] = [...shared];
  for (const chunk of bundle.values()) {
    const moduleId = chunk.facadeModuleId?.split('?')[0];
    const routeId = moduleId ? routeIdOfFile.get(moduleId) : undefined;
    if (!routeId || chunk.isEntry || !chunk.facadeModuleId?.includes('?')) continue;
    const own = [...closure(bundle, [chunk.fileName])].filter((file) => !shared.has(file));
    const ownCss = cssOf(bundle, own).filter((sheet) => !routes.__root__?.css?.includes(url(sheet)));
    const route = routes[routeId] ?? {};
    routes[routeId] = route;
    route.css = [...new Set([...(route.css ?? []), ...ownCss.map(url)])];
    firstLoad[routeId] = [...new Set([...(firstLoad[routeId] ?? []), ...shared, ...own])];
  }
  // A stylesheet-only chunk ships no script (its CSS is counted above, through its importers).
  const stylesOnly = (file: string) => {
    const ids = bundle.get(file)?.moduleIds ?? [];
    return ids.length > 0 && ids.every((id) => /\.css(\?|$)/.test(id));
  };
  for (const [routeId, files] of Object.entries(firstLoad))
    firstLoad[routeId] = files.filter((file) => !stylesOnly(file));
  return { routes, firstLoad };
}

export function routerManifest(options: {
  routerConfig: Parameters<typeof getConfig>[0];
  entry: string;
}): Plugin {
  let root = process.cwd();
  let firstLoadOfBuild: FirstLoadManifest | undefined;
  return {
    name: 'router-server-manifest',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, output) {
      if (this.environment.name !== 'client') return;
      const generator = new Generator({ config: getConfig(options.routerConfig, root), root });
      await generator.run();
      const routeIdOfFile = new Map(
        [...generator.getRoutesByFileMap()].map(([file, { routeId }]) => [path.resolve(file), routeId]),
      );
      const bundle = new Map<string, Chunk>();
      for (const item of Object.values(output))
        if (item.type === 'chunk') bundle.set(item.fileName, item as Chunk);
      const entryId = path.resolve(root, options.entry);
      const entry = [...bundle.values()].find((chunk) => chunk.isEntry && chunk.facadeModuleId === entryId);
      if (!entry) this.error(`router manifest: no entry chunk for ${options.entry}`);

      const { routes, firstLoad } = buildRouterManifest(bundle, entry, routeIdOfFile);
      this.emitFile({
        type: 'asset',
        fileName: ROUTER_MANIFEST_FILE,
        source: `${JSON.stringify({ routes }, null, 2)}\n`,
      });
      const sortedFirstLoad: FirstLoadManifest = {
        routes: Object.fromEntries(Object.entries(firstLoad).sort(([a], [b]) => a.localeCompare(b))),
      };
      this.emitFile({
        type: 'asset',
        fileName: FIRST_LOAD_FILE,
        source: `${JSON.stringify(sortedFirstLoad, null, 2)}\n`,
      });
      firstLoadOfBuild = sortedFirstLoad;
    },
    // The sizes are printed once the bundle is final: Vite's preload helper is added to chunks after generateBundle.
    writeBundle(_options, output) {
      if (this.environment.name !== 'client' || !firstLoadOfBuild) return;
      const firstLoad = firstLoadOfBuild.routes;
      const codeOf = new Map<string, string>();
      for (const item of Object.values(output))
        if (item.type === 'chunk') codeOf.set(item.fileName, item.code);
      const compressed = new Map<string, { gzip: number; brotli: number }>();
      const sizesOf = (file: string) => {
        let sizes = compressed.get(file);
        if (!sizes) {
          const code = Buffer.from(codeOf.get(file) ?? '');
          sizes = {
            gzip: gzipSync(code, { level: 9 }).length,
            brotli: brotliCompressSync(code, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: code.length,
              },
            }).length,
          };
          compressed.set(file, sizes);
        }
        return sizes;
      };
      const kb = (files: readonly string[], codec: 'gzip' | 'brotli') =>
        (files.reduce((sum, file) => sum + sizesOf(file)[codec], 0) / 1024).toFixed(1).padStart(6);
      const lines = Object.entries(firstLoad).map(
        ([routeId, files]) => `  ${routeId.padEnd(42)} ${kb(files, 'gzip')} KB ${kb(files, 'brotli')} KB`,
      );
      process.stdout.write(
        `JavaScript of a first load per route (gzip, brotli):\n  ${'route'.padEnd(42)} ${'gzip'.padStart(9)} ${'brotli'.padStart(9)}\n${lines.join('\n')}\n`,
      );
    },
  };
}
