import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRouteTable, routeFileToSegments } from './route-preload';

const root = mkdtempSync(path.join(tmpdir(), 'shop-preload-'));
mkdirSync(path.join(root, '.vite'));
writeFileSync(
  path.join(root, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': {
      file: 'assets/index-A.js',
      isEntry: true,
      css: ['assets/index-A.css'],
      imports: ['_preload-helper'],
      dynamicImports: ['src/app/startApp.tsx'],
    },
    '_preload-helper': { file: 'assets/preload-helper-H.js' },
    'src/app/startApp.tsx': {
      file: 'assets/startApp-S.js',
      isDynamicEntry: true,
      imports: ['_react', '_preload-helper'],
      css: ['assets/startApp-S.css'],
    },
    _react: { file: 'assets/react-R.js' },
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
  const { preloadsFor, isRoute } = loadRouteTable(root);
  const app =
    '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-R.js"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/startApp-S.js">';

  it('names the app the entry starts, then the home route chunk, with their CSS, for /', () => {
    expect(preloadsFor('/')).toEqual({
      stylesheets:
        '<link rel="stylesheet" href="/assets/startApp-S.css"><link rel="stylesheet" href="/assets/routes-C.css">',
      modules: `${app}<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/routes-C.js">`,
    });
  });

  it('follows a route chunk into the chunks it imports, never the entry or what the entry imports', () => {
    const { stylesheets, modules } = preloadsFor('/about-us');
    expect(modules).toContain('href="/assets/about-us-D.js"');
    expect(modules).toContain('href="/assets/ContentPage-B.js"');
    // A chunk comes after the chunks it imports (the boot script evaluates them in this order).
    expect(modules.indexOf('ContentPage-B.js')).toBeLessThan(modules.indexOf('about-us-D.js'));
    expect(modules.indexOf('react-R.js')).toBeLessThan(modules.indexOf('startApp-S.js'));
    expect(stylesheets).toContain('<link rel="stylesheet" href="/assets/ContentPage-B.css">');
    expect(`${stylesheets}${modules}`).not.toContain('index-A');
    expect(modules).not.toContain('preload-helper-H');
  });

  it('matches parameters, preferring a static segment', () => {
    expect(preloadsFor('/order/42/success').modules).toContain('success-E.js');
    expect(preloadsFor('/order/new/success').modules).toContain('new-F.js');
    expect(isRoute('/order/42/success')).toBe(true);
  });

  it('gives an unknown path only the app, and says no route matches it', () => {
    expect(preloadsFor('/no-such-page')).toEqual({
      stylesheets: '<link rel="stylesheet" href="/assets/startApp-S.css">',
      modules: app,
    });
    expect(isRoute('/no-such-page')).toBe(false);
    expect(isRoute('/')).toBe(true);
  });

  it('adds nothing without a manifest, and then leaves every path to the client router', () => {
    const missing = loadRouteTable(path.join(root, 'missing'));
    expect(missing.preloadsFor('/')).toEqual({ stylesheets: '', modules: '' });
    expect(missing.isRoute('/no-such-page')).toBe(true);
  });

  it('reads TanStack Router file names as URL segments', () => {
    expect(routeFileToSegments('index')).toEqual([]);
    expect(routeFileToSegments('sign-in.verify')).toEqual(['sign-in', 'verify']);
    expect(routeFileToSegments('sign-in/verify')).toEqual(['sign-in', 'verify']);
    expect(routeFileToSegments('_layout/(shop)/ibc-kit')).toEqual(['ibc-kit']);
    expect(routeFileToSegments('__root')).toBeNull();
  });
});
