import { createLogger } from './app';
import { loadConfigOrExit, startServer, stopOnSignals } from './serve';

// `npm start` / `npm run serve`: one process serving the API and the built PWA.
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config);
  try {
    const server = await startServer(config, logger);
    stopOnSignals(logger, server.stop);
    logger.info({ url: server.url, staticDir: config.STATIC_DIR }, `shop listening on ${server.url}`);
  } catch (error) {
    logger.fatal(
      { err: error },
      `could not start: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
}

void main();
