import { describe, expect, it } from 'vitest';
import { buildRouterManifest, type Chunk } from './router-manifest';

function chunk(fileName: string, fields: Partial<Chunk> & { css?: string[] } = {}): Chunk {
  const { css = [], ...rest } = fields;
  return {
    type: 'chunk',
    fileName,
    code: '',
    imports: [],
    dynamicImports: [],
    isEntry: false,
    facadeModuleId: null,
    viteMetadata: { importedCss: new Set(css) },
    ...rest,
  };
}

// A client bundle with routes of every shape the spec has: a static path, a parameter and a splat.
const entry = chunk('assets/entry.js', {
  isEntry: true,
  facadeModuleId: '/shop/src/entry-client.tsx',
  imports: ['assets/react.js'],
  dynamicImports: ['assets/startApp.js'],
  css: ['assets/global.css'],
});
const chunks = [
  entry,
  chunk('assets/react.js'),
  chunk('assets/startApp.js', {
    imports: ['assets/react.js', 'assets/router.js'],
    css: ['assets/layout.css'],
  }),
  chunk('assets/router.js'),
  chunk('assets/OrderSummary.js', { imports: ['assets/react.js'], css: ['assets/summary.css'] }),
  chunk('assets/success.js', {
    facadeModuleId: '/shop/src/routes/order/$id/success.tsx?tsr-split=component',
    imports: ['assets/router.js', 'assets/OrderSummary.js'],
    css: ['assets/success.css'],
  }),
  chunk('assets/business-licence.js', {
    facadeModuleId: '/shop/src/routes/business-licence/$.tsx?tsr-split=component',
    imports: ['assets/OrderSummary.js'],
  }),
  chunk('assets/about-us.js', {
    facadeModuleId: '/shop/src/routes/about-us.tsx?tsr-split=component',
    css: ['assets/global.css'],
  }),
];
const bundle = new Map(chunks.map((c) => [c.fileName, c]));
const routeIdOfFile = new Map([
  ['/shop/src/routes/order/$id/success.tsx', '/order/$id/success'],
  ['/shop/src/routes/business-licence/$.tsx', '/business-licence/$'],
  ['/shop/src/routes/about-us.tsx', '/about-us'],
  ['/shop/src/routes/purchase.tsx', '/purchase'],
  ['/shop/src/routes/__root.tsx', '/__root'],
]);

describe('the router manifest', () => {
  const { routes, firstLoad } = buildRouterManifest(bundle, entry, routeIdOfFile);

  it('starts every page with the entry, with the stylesheets of the entry and the app it starts', () => {
    expect(routes.__root__).toEqual({
      css: ['/assets/global.css', '/assets/layout.css'],
      scripts: [{ attrs: { type: 'module', src: '/assets/entry.js', async: true } }],
    });
  });

  it("gives a route with a parameter and a splat route their own chunks' stylesheets, imports first", () => {
    expect(routes['/order/$id/success']).toEqual({ css: ['/assets/summary.css', '/assets/success.css'] });
    expect(routes['/business-licence/$']).toEqual({ css: ['/assets/summary.css'] });
  });

  it('never repeats for a route what every page loads already', () => {
    expect(routes['/about-us']).toEqual({ css: [] });
  });

  it('counts a first load as the entry, the app and the route', () => {
    expect(new Set(firstLoad['/order/$id/success'])).toEqual(
      new Set([
        'assets/entry.js',
        'assets/react.js',
        'assets/startApp.js',
        'assets/router.js',
        'assets/OrderSummary.js',
        'assets/success.js',
      ]),
    );
  });

  it('lists a route without a chunk of its own (a redirect) with the entry and the app alone', () => {
    expect(new Set(firstLoad['/purchase'])).toEqual(
      new Set(['assets/entry.js', 'assets/react.js', 'assets/startApp.js', 'assets/router.js']),
    );
    expect(Object.keys(firstLoad).sort()).toEqual([
      '/about-us',
      '/business-licence/$',
      '/order/$id/success',
      '/purchase',
    ]);
  });
});

describe('a stylesheet-only chunk', () => {
  it("is not a script of a route's first load, though its stylesheet is the route's", () => {
    const styles = chunk('assets/orders.js', {
      moduleIds: ['/shop/src/features/orders/orders.css'],
      css: ['assets/orders.css'],
    });
    const route = chunk('assets/about-us.js', {
      facadeModuleId: '/shop/src/routes/about-us.tsx?tsr-split=component',
      imports: ['assets/orders.js'],
      moduleIds: ['/shop/src/routes/about-us.tsx?tsr-split=component'],
    });
    const withStyles = new Map([entry, chunk('assets/react.js'), styles, route].map((c) => [c.fileName, c]));
    const built = buildRouterManifest(withStyles, entry, routeIdOfFile);
    expect(built.firstLoad['/about-us']).not.toContain('assets/orders.js');
    expect(built.firstLoad['/about-us']).toContain('assets/about-us.js');
    expect(built.routes['/about-us']).toEqual({ css: ['/assets/orders.css'] });
  });
});
