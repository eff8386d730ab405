import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRoutePreloads, routeFileToSegments } from './route-preload';

const root = mkdtempSync(path.join(tmpdir(), 'shop-preload-'));
mkdirSync(path.join(root, '.vite'));
writeFileSync(
  path.join(root, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-A.js', isEntry: true, css: ['assets/index-A.css'] },
    _ContentPage: {
      file: 'assets/ContentPage-B.js',
      imports: ['index.html'],
      css: ['assets/ContentPage-B.css'],
    },
    'src/routes/index.tsx?tsr-split=component': {
      file: 'assets/routes-C.js',
      imports: ['index.html'],
      css: ['assets/routes-C.css'],
    },
    'src/routes/about-us.tsx?tsr-split=component': {
      file: 'assets/about-us-D.js',
      imports: ['index.html', '_ContentPage'],
    },
    'src/routes/order/$id/success.tsx?tsr-split=component': { file: 'assets/success-E.js' },
    'src/routes/order/new/success.tsx?tsr-split=component': { file: 'assets/new-F.js' },
  }),
);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('route preloads', () => {
  const preloadsFor = loadRoutePreloads(root);

  it('names the home route chunk and its CSS for /', () => {
    expect(preloadsFor('/')).toBe(
      '<link rel="stylesheet" href="/assets/routes-C.css"><link rel="modulepreload" crossorigin href="/assets/routes-C.js">',
    );
  });

  it('follows a route chunk into the chunks it imports, never the entry', () => {
    const tags = preloadsFor('/about-us');
    expect(tags).toContain('href="/assets/about-us-D.js"');
    expect(tags).toContain('href="/assets/ContentPage-B.js"');
    expect(tags).toContain('<link rel="stylesheet" href="/assets/ContentPage-B.css">');
    expect(tags).not.toContain('index-A');
  });

  it('matches parameters, preferring a static segment', () => {
    expect(preloadsFor('/order/42/success')).toContain('success-E.js');
    expect(preloadsFor('/order/new/success')).toContain('new-F.js');
  });

  it('adds nothing for an unknown path or without a manifest', () => {
    expect(preloadsFor('/no-such-page')).toBe('');
    expect(loadRoutePreloads(path.join(root, 'missing'))('/')).toBe('');
  });

  it('reads TanStack Router file names as URL segments', () => {
    expect(routeFileToSegments('index')).toEqual([]);
    expect(routeFileToSegments('sign-in.verify')).toEqual(['sign-in', 'verify']);
    expect(routeFileToSegments('sign-in/verify')).toEqual(['sign-in', 'verify']);
    expect(routeFileToSegments('_layout/(shop)/ibc-kit')).toEqual(['ibc-kit']);
    expect(routeFileToSegments('__root')).toBeNull();
  });
});
