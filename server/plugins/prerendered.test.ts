import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFERRED_PRELOADS_ID } from '@contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { fakeStaticDir, type TestApp, testApp } from '../testing';

// A dist/ with a Vite manifest (entry, the app it starts, two routes) and prerendered pages.
function staticDirWithPrerenderedPages(): string {
  const dir = fakeStaticDir();
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-A.js', isEntry: true, dynamicImports: ['src/app/startApp.tsx'] },
      'src/app/startApp.tsx': { file: 'assets/startApp-S.js', css: ['assets/startApp-S.css'] },
      'src/routes/about-us.tsx?tsr-split=component': { file: 'assets/about-us-D.js' },
      'src/routes/sign-in/index.tsx?tsr-split=component': { file: 'assets/sign-in-E.js' },
    }),
  );
  mkdirSync(path.join(dir, '.prerender'));
  const doc = (body: string) =>
    `<!doctype html><html><head><title>IBC Cricket</title></head><body><div id="root">${body}</div></body></html>`;
  writeFileSync(path.join(dir, '.prerender', 'about-us.html'), doc('<main><h1>About us</h1></main>'));
  writeFileSync(
    path.join(dir, '.prerender', 'not-found.html'),
    doc('<a href="/sign-in?redirect=%2F__page-not-found__">Sign in</a><h1>Page not found</h1>'),
  );
  writeFileSync(
    path.join(dir, '.prerender', 'pages.json'),
    JSON.stringify({
      pages: { '/about-us': 'about-us.html' },
      notFound: { file: 'not-found.html', path: '/__page-not-found__' },
    }),
  );
  return dir;
}

let shop: TestApp;
let app: App;

beforeAll(async () => {
  shop = await testApp({
    config: { STATIC_DIR: staticDirWithPrerenderedPages() },
  });
  app = shop.app;
});

afterAll(async () => {
  await shop.close();
});

const page = (url: string) => app.inject({ method: 'GET', url });

describe('prerendered pages', () => {
  it('sends a prerendered page with its stylesheets and its scripts held back in an inert template', async () => {
    const res = await page('/about-us');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"><main><h1>About us</h1></main></div>');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/assets/startApp-S.css">');
    const template =
      new RegExp(`<template id="${DEFERRED_PRELOADS_ID}">(.*)</template>`).exec(head)?.[1] ?? '';
    expect(template).toContain('href="/assets/startApp-S.js"');
    expect(template).toContain('href="/assets/about-us-D.js"');
    expect(head.replace(template, '')).not.toContain('modulepreload');
  });

  it('answers a path no route matches with the prerendered "Page not found" and 404, returning to that path', async () => {
    const res = await page('/no/such-page');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<h1>Page not found</h1>');
    expect(res.body).toContain('href="/sign-in?redirect=%2Fno%2Fsuch-page"');
    expect(res.body).not.toContain('__page-not-found__');
    expect(res.body).toContain(`<template id="${DEFERRED_PRELOADS_ID}">`);
  });

  it('matches routes exactly: another case of a route is not found', async () => {
    for (const url of ['/ABOUT-US', '/About-Us', '/SIGN-IN']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<h1>Page not found</h1>');
      expect(res.body, url).not.toContain('About us</h1>');
    }
    expect((await page('/about-us')).statusCode).toBe(200);
    expect((await page('/sign-in')).statusCode).toBe(200);
  });

  it('sends the plain shell with its scripts preloaded at once for a route that is not prerendered', async () => {
    const res = await page('/sign-in');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('<template');
    expect(res.body).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/sign-in-E.js">',
    );
    expect(res.body).toContain('href="/assets/startApp-S.js"');
  });

  it('never serves the prerender directory itself', async () => {
    for (const url of ['/.prerender/about-us.html', '/.prerender/pages.json']) {
      const res = await page(url);
      expect(res.body, url).not.toContain('About us');
      expect(res.body, url).not.toContain('"pages"');
    }
  });
});
