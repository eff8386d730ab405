import path from 'node:path';
import { Readable } from 'node:stream';
import { SERVER_PATH_PATTERNS } from '@contract/paths';
import { createServer } from 'vite';
import { createLogger } from './app';
import { countryOf, type ServerBundle } from './plugins/pages';
import { loadConfigOrExit, startServer, stopOnSignals } from './serve';

// `npm run dev`: Vite's dev server on PORT, the API on PORT+1 behind its proxy.
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config);
  const apiPort = config.PORT + 1;
  // The API listens locally only: the browser reaches it through Vite's proxy.
  const api = await startServer(config, logger, { port: apiPort, host: '127.0.0.1' });
  const target = `http://127.0.0.1:${api.port}`;

  const vite = await createServer({
    configFile: path.resolve('vite.config.ts'),
    // No index.html: the pages are rendered by the server entry (below), as in production.
    appType: 'custom',
    server: {
      port: config.PORT,
      host: config.HOST,
      strictPort: true,
      // Keys starting with ^ are patterns to Vite: every path the server owns, and only those.
      proxy: Object.fromEntries(
        SERVER_PATH_PATTERNS.map((pattern) => [pattern.source, { target, changeOrigin: false }]),
      ),
    },
  });
  // After Vite's own middlewares: what they did not answer is a page, rendered from the source on every request.
  const devManifest = {
    routes: {
      __root__: { scripts: [{ attrs: { type: 'module', src: '/src/entry-client.tsx', async: true } }] },
    },
  };
  vite.middlewares.use(async (req, res, next) => {
    if (req.method !== 'GET' || !req.headers.accept?.includes('text/html')) return next();
    try {
      const bundle = (await vite.ssrLoadModule('/src/entry-server.tsx')) as ServerBundle;
      bundle.setServerFetch((input, init) => fetch(new URL(String(input), target), init));
      const url = req.originalUrl ?? req.url ?? '/';
      const response = await bundle.renderPage({
        request: new Request(new URL(url, target)),
        countryCode: countryOf(req.headers.cookie),
        nonce: '',
        manifest: devManifest,
      });
      // Vite's client and React's refresh preamble, as Vite would put them in an index.html.
      const devHead = await vite.transformIndexHtml(url, '<html><head></head><body></body></html>');
      const headTags = devHead.slice(devHead.indexOf('<head>') + 6, devHead.indexOf('</head>'));
      const html = (await response.text()).replace('</head>', `${headTags}</head>`);
      res.statusCode = response.status;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      Readable.from([html]).pipe(res);
    } catch (error) {
      vite.ssrFixStacktrace(error as Error);
      next(error);
    }
  });
  await vite.listen();
  vite.printUrls();
  logger.info({ api: target }, `dev server on port ${config.PORT}, API on ${target}`);

  stopOnSignals(logger, async () => {
    await vite.close();
    await api.stop();
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
