/**
 * Runs after `vite build` (npm run build): builds src/prerender.tsx for Node, renders the product and content
 * pages and the not-found page into copies of dist/index.html, and writes them to dist/.prerender/ with an
 * index (pages.json) the server reads (server/plugins/prerendered.ts). A phone then paints the page from the
 * HTML alone while the scripts load; src/main.tsx renders the live app over it.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const repoRoot = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(process.argv[2] ?? path.join(repoRoot, 'dist'));
// Inside the repository so the bundle resolves react, the router and the rest from node_modules.
const ssrOut = path.join(repoRoot, 'node_modules', '.prerender');
const outDir = path.join(dist, '.prerender');

interface PrerenderModule {
  PRERENDERED_PATHS: readonly string[];
  NOT_FOUND_SENTINEL_PATH: string;
  prerender: (pathname: string) => Promise<string>;
}

/** The tags React hoists to the front of the markup: <title>, <meta> and <link> (image preloads). */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)+/;

/** index.html with the page's markup in #root and its head tags in place of the defaults. */
export function documentFor(template: string, markup: string): string {
  const hoisted = HOISTED.exec(markup)?.[0] ?? '';
  const body = markup.slice(hoisted.length);
  // The live app renders its own head tags and removes these (src/app/startApp.tsx).
  const mark = (tag: string) => tag.replace(/^<(title|meta|link)\b/, '<$1 data-prerendered');
  let head = hoisted.match(/<title>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>/g)?.map(mark) ?? [];
  let doc = template;
  const title = head.find((tag) => tag.startsWith('<title'));
  if (title) {
    doc = doc.replace(/<title>[^<]*<\/title>/, title);
    head = head.filter((tag) => tag !== title);
  }
  const description = head.find((tag) => tag.includes('name="description"'));
  if (description) {
    doc = doc.replace(/<meta name="description"[^>]*>/, description);
    head = head.filter((tag) => tag !== description);
  }
  if (!doc.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty <div id="root">');
  return doc
    .replace('</head>', `${head.join('')}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
}

/**
 * The Content-Security-Policy allows no inline style, and React writes a `style` attribute for the styles it sets
 * from props (skeleton sizes). The prerendered documents carry those as classes of one generated stylesheet instead;
 * `!important` gives them the weight a style attribute has.
 */
export function extractInlineStyles(docs: Map<string, string>): { docs: Map<string, string>; css: string } {
  const classes = new Map<string, string>();
  const decodeEntities = (value: string) =>
    value
      .replaceAll('&quot;', '"')
      .replaceAll('&#x27;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
  const out = new Map<string, string>();
  for (const [name, doc] of docs) {
    out.set(
      name,
      doc.replace(
        /<([a-z][a-z0-9-]*)([^>]*?) style="([^"]*)"([^>]*)>/g,
        (_tag, element, before, style, after) => {
          const declarations = decodeEntities(style);
          let className = classes.get(declarations);
          if (!className) {
            className = `prerendered-style-${classes.size + 1}`;
            classes.set(declarations, className);
          }
          const attributes = `${before}${after}`;
          if (/ class="/.test(attributes)) {
            return `<${element}${attributes.replace(/ class="([^"]*)"/, ` class="$1 ${className}"`)}>`;
          }
          return `<${element}${attributes} class="${className}">`;
        },
      ),
    );
  }
  const css = [...classes]
    .map(([declarations, className]) => {
      const important = declarations
        .split(';')
        .filter((d) => d.trim())
        .map((d) => `${d.trim()} !important`)
        .join(';');
      return `.${className}{${important}}`;
    })
    .join('\n');
  return { docs: out, css };
}

function fileNameFor(pathname: string): string {
  return pathname === '/' ? 'index.html' : `${pathname.slice(1).replaceAll('/', '__')}.html`;
}

async function main() {
  const started = performance.now();
  await build({
    configFile: path.join(repoRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: path.join(repoRoot, 'src', 'prerender.tsx'),
      outDir: ssrOut,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
    },
  });
  const mod = (await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href)) as PrerenderModule;
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');

  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const pages: Record<string, string> = {};
  const rendered = new Map<string, string>();
  for (const pathname of mod.PRERENDERED_PATHS) {
    const file = fileNameFor(pathname);
    rendered.set(file, documentFor(template, await mod.prerender(pathname)));
    pages[pathname] = file;
  }
  const notFound = 'not-found.html';
  rendered.set(notFound, documentFor(template, await mod.prerender(mod.NOT_FOUND_SENTINEL_PATH)));

  const { docs, css } = extractInlineStyles(rendered);
  let stylesheet = '';
  if (css) {
    const cssFile = `assets/prerendered-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
    writeFileSync(path.join(dist, cssFile), `${css}\n`);
    stylesheet = `<link rel="stylesheet" href="/${cssFile}">`;
  }
  for (const [file, doc] of docs) {
    const usesStyles = stylesheet !== '' && doc.includes('prerendered-style-');
    writeFileSync(path.join(outDir, file), usesStyles ? doc.replace('</head>', `${stylesheet}</head>`) : doc);
  }
  writeFileSync(
    path.join(outDir, 'pages.json'),
    `${JSON.stringify({ pages, notFound: { file: notFound, path: mod.NOT_FOUND_SENTINEL_PATH } }, null, 2)}\n`,
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `prerendered ${Object.keys(pages).length + 1} pages into ${path.relative(repoRoot, outDir)}/ in ${seconds} s\n`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `prerender failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
