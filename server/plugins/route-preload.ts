import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/*
 * The PWA splits every route's component into its own chunk, which the browser would only discover after the
 * entry script has run: one more round trip on a slow phone network. The server knows the path it is answering
 * for, so it names that route's chunks (and their CSS) in the HTML it sends, with the app the entry starts after
 * the first paint. The page paints from its prerendered HTML and CSS, so the scripts are fetched at low priority:
 * they must not take bandwidth from the stylesheets and the largest image.
 */

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    imports: z.array(z.string()).optional(),
    dynamicImports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
    isEntry: z.boolean().optional(),
  }),
);
type Manifest = z.infer<typeof manifestSchema>;

const ROUTE_CHUNK = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/;

interface RoutePattern {
  segments: string[];
  keys: string[];
}

/**
 * TanStack Router's file name → URL segments: "about-us" → [about-us], "index" → [], "sign-in.verify" and
 * "sign-in/verify" → [sign-in, verify], "$id" → a parameter, "_layout" and "(group)" add no segment.
 */
export function routeFileToSegments(routeFile: string): string[] | null {
  const parts = routeFile.split(/[/.]/);
  if (parts.some((p) => p.startsWith('__'))) return null; // __root
  return parts.filter((p) => p !== 'index' && p !== 'route' && !p.startsWith('_') && !/^\(.*\)$/.test(p));
}

function matches(pattern: string[], pathSegments: string[]): boolean {
  if (pattern.length !== pathSegments.length) return false;
  return pattern.every((segment, i) => segment.startsWith('$') || segment === pathSegments[i]);
}

function collect(
  manifest: Manifest,
  key: string,
  seen: Set<string>,
  out: { js: Set<string>; css: Set<string> },
  fromEntry = false,
) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk || (chunk.isEntry && !fromEntry)) return; // the entry is already in the page
  for (const css of chunk.css ?? []) out.css.add(css);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, seen, out);
  // Scripts after the chunks they import: src/main.tsx evaluates them in this order, one chunk per task.
  out.js.add(chunk.file);
}

/** The <link> tags that load a route: its stylesheets, and its scripts as module preloads. */
export interface RoutePreloads {
  stylesheets: string;
  modules: string;
}

const NO_PRELOADS: RoutePreloads = { stylesheets: '', modules: '' };

export interface RouteTable {
  /** The tags to put in the HTML head for a pathname (the app's own only, when no route matches). */
  preloadsFor: (pathname: string) => RoutePreloads;
  /** Whether a route of the PWA matches the pathname (true when there is no manifest to tell). */
  isRoute: (pathname: string) => boolean;
}

/** Reads dist/.vite/manifest.json: the PWA's routes with, per route, the tags that preload its chunks. */
export function loadRouteTable(root: string): RouteTable {
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return { preloadsFor: () => NO_PRELOADS, isRoute: () => true };
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));

  // The entry and its static imports are in index.html already. What it imports dynamically is the app it
  // starts after the first paint (src/main.tsx): every page preloads that.
  const inPage = new Set<string>();
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  for (const [key] of entries) collect(manifest, key, new Set(), { js: inPage, css: new Set() }, true);
  const tagsFor = (keys: string[]): RoutePreloads => {
    const out = { js: new Set<string>(), css: new Set<string>() };
    const seen = new Set<string>();
    for (const key of keys) collect(manifest, key, seen, out);
    return {
      stylesheets: [...out.css].map((file) => `<link rel="stylesheet" href="/${file}">`).join(''),
      modules: [...out.js]
        .filter((file) => !inPage.has(file))
        .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`)
        .join(''),
    };
  };
  const bootKeys = entries.flatMap(([, chunk]) => chunk.dynamicImports ?? []);
  const bootTags = tagsFor(bootKeys);

  const routes: (RoutePattern & { tags: RoutePreloads })[] = [];
  for (const key of Object.keys(manifest)) {
    const routeFile = ROUTE_CHUNK.exec(key)?.[1];
    if (!routeFile) continue;
    const segments = routeFileToSegments(routeFile);
    if (!segments) continue;
    routes.push({ segments, keys: [key], tags: tagsFor([...bootKeys, key]) });
  }
  // Static segments win over parameters, as in the router.
  routes.sort(
    (a, b) =>
      a.segments.filter((s) => s.startsWith('$')).length - b.segments.filter((s) => s.startsWith('$')).length,
  );
  const routeFor = (pathname: string) => {
    const pathSegments = pathname.split('/').filter(Boolean);
    return routes.find((route) => matches(route.segments, pathSegments));
  };
  return {
    preloadsFor: (pathname) => routeFor(pathname)?.tags ?? bootTags,
    isRoute: (pathname) => routeFor(pathname) !== undefined,
  };
}
