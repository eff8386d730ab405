import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/*
 * `npm run build` renders the product pages, the content pages and the not-found page to HTML
 * (scripts/prerender.ts → dist/.prerender/, which static serving never exposes: dot directories are ignored).
 * Sending that HTML lets a phone paint the page before a byte of script has run.
 */

const indexSchema = z.object({
  pages: z.record(z.string(), z.string()),
  notFound: z.object({ file: z.string(), path: z.string() }),
});

export interface PrerenderedPages {
  /** The prerendered document of a storefront path, if it has one. */
  page: (pathname: string) => string | undefined;
  /** The not-found document, its sign-in link returning to the path asked for. */
  notFound: (pathname: string) => string | undefined;
}

const NONE: PrerenderedPages = { page: () => undefined, notFound: () => undefined };

/** Reads dist/.prerender/ once: a deploy replaces dist/ and restarts the process. */
export function loadPrerenderedPages(root: string): PrerenderedPages {
  const dir = path.join(root, '.prerender');
  const indexFile = path.join(dir, 'pages.json');
  if (!existsSync(indexFile)) return NONE;
  const index = indexSchema.parse(JSON.parse(readFileSync(indexFile, 'utf8')));
  const read = (file: string) => readFileSync(path.join(dir, path.basename(file)), 'utf8');
  const pages = new Map(Object.entries(index.pages).map(([pathname, file]) => [pathname, read(file)]));
  const notFound = read(index.notFound.file);
  // The page was rendered for a placeholder path; its links carry it URL-encoded (e.g. ?redirect=%2F…).
  const placeholder = encodeURIComponent(index.notFound.path);
  return {
    page: (pathname) => pages.get(pathname),
    notFound: (pathname) => notFound.replaceAll(placeholder, encodeURIComponent(pathname)),
  };
}
