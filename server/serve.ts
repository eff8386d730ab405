import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { IN_MEMORY, type OpenDatabase, openDatabase } from './db/client';
import { activeDemoCodes, demoCodesProblem, nameDemoCodes } from './db/seed/demo-codes';
import { localAddress, removeRuntimeFiles, writeRuntimeFiles } from './runtime';

export interface RunningServer {
  /** The address a browser on this machine uses, e.g. http://localhost:8080. */
  url: string;
  port: number;
  /** Stops accepting, lets in-flight requests finish, closes the database. */
  stop(): Promise<void>;
}

/** Opens the database (migrate + seed), builds the app and listens: what `npm start` runs. */
export async function startServer(
  config: Config,
  logger: FastifyBaseLogger,
  listen: { port: number; host: string } = { port: config.PORT, host: config.HOST },
): Promise<RunningServer> {
  const started = Date.now();
  let database: OpenDatabase | undefined;
  try {
    database = await openDatabase(config);
    logger.info(
      { database: database.kind, ms: Date.now() - started },
      database.kind === 'pglite'
        ? `database ready (PGlite in ${config.DATA_DIR}, on its own thread)`
        : 'database ready (PostgreSQL)',
    );
    await refuseDemoCodes(config, database, logger);
    const operatorToken = randomBytes(32).toString('base64url');
    const app = buildApp({ config, db: database.db, logger, operatorToken });
    await app.listen({ port: listen.port, host: listen.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : listen.port;
    const writesRuntimeFiles = !config.DATA_DIR.startsWith(IN_MEMORY);
    if (writesRuntimeFiles)
      writeRuntimeFiles(config.DATA_DIR, { port, host: listen.host, token: operatorToken });

    const host = localAddress(listen.host) === '127.0.0.1' ? 'localhost' : localAddress(listen.host);
    const url = `http://${host}:${port}`;
    const db = database;
    let stopping: Promise<void> | undefined;
    return {
      url,
      port,
      stop: () => {
        stopping ??= (async () => {
          if (writesRuntimeFiles) removeRuntimeFiles(config.DATA_DIR);
          try {
            await app.close();
          } finally {
            await db.close();
          }
        })();
        return stopping;
      },
    };
  } catch (error) {
    await database?.close().catch(() => undefined);
    throw error;
  }
}

/**
 * A production shop whose database still takes the README's demo codes (say, one seeded in development) does not
 * start, unless DEMO_CODES_IN_PRODUCTION says it is a staging shop: then it says so at every start.
 */
async function refuseDemoCodes(
  config: Config,
  database: OpenDatabase,
  logger: FastifyBaseLogger,
): Promise<void> {
  if (config.NODE_ENV !== 'production') return;
  const active = await activeDemoCodes(database.db, new Date());
  if (config.DEMO_CODES_IN_PRODUCTION) {
    logger.warn(
      { demo_codes: active.map((demo) => demo.code) },
      `DEMO_CODES_IN_PRODUCTION: this production shop accepts the public demo codes (${nameDemoCodes(active) || 'none active now'}): anyone who reads the README can use them. Revoke them and unset DEMO_CODES_IN_PRODUCTION to open for business.`,
    );
    return;
  }
  if (active.length > 0) throw new ConfigError(`Refusing to start: ${demoCodesProblem(active)}`);
}

/**
 * First SIGINT/SIGTERM: graceful stop, then exit 0 (1 if stopping failed).
 * A second signal exits at once.
 */
export function stopOnSignals(logger: FastifyBaseLogger, stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/** The configuration from the environment, or a one-line reason and exit 1 (for the process entry points). */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
