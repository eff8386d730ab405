import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/*
 * The PWA splits every route's component into its own chunk, which the browser would only discover after the
 * entry script has run: one more round trip before the first meaningful paint on a slow phone network. The
 * server knows the path it is answering for, so it names that route's chunks (and their CSS) in the HTML
 * it sends, and the browser fetches them alongside the entry.
 */

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    imports: z.array(z.string()).optional(),
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
) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk || chunk.isEntry) return; // the entry is already in the page
  out.js.add(chunk.file);
  for (const css of chunk.css ?? []) out.css.add(css);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, seen, out);
}

export type RoutePreloads = (pathname: string) => string;

/** Reads dist/.vite/manifest.json and returns, per pathname, the <link> tags to put in the HTML head. */
export function loadRoutePreloads(root: string): RoutePreloads {
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return () => '';
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));

  const routes: (RoutePattern & { tags: string })[] = [];
  for (const key of Object.keys(manifest)) {
    const routeFile = ROUTE_CHUNK.exec(key)?.[1];
    if (!routeFile) continue;
    const segments = routeFileToSegments(routeFile);
    if (!segments) continue;
    const out = { js: new Set<string>(), css: new Set<string>() };
    collect(manifest, key, new Set(), out);
    const tags = [
      ...[...out.css].map((file) => `<link rel="stylesheet" href="/${file}">`),
      ...[...out.js].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ].join('');
    routes.push({ segments, keys: [key], tags });
  }
  // Static segments win over parameters, as in the router.
  routes.sort(
    (a, b) =>
      a.segments.filter((s) => s.startsWith('$')).length - b.segments.filter((s) => s.startsWith('$')).length,
  );

  return (pathname) => {
    const pathSegments = pathname.split('/').filter(Boolean);
    return routes.find((route) => matches(route.segments, pathSegments))?.tags ?? '';
  };
}
