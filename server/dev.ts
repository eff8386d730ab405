import path from 'node:path';
import { SERVER_PATH_PATTERNS } from '@contract/paths';
import { createServer } from 'vite';
import { createLogger } from './app';
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
