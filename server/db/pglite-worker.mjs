/*
 * The embedded PGlite in a worker thread, serving the PostgreSQL wire protocol on a unix socket: its queries and its
 * synchronous file writes run here, off the server's event loop. Started by openPgliteWorker (client.ts), which
 * holds the message types. Plain JavaScript: Node 20 cannot load a TypeScript worker through tsx's --import.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** @param {{ dataDir: string, socketPath: string }} data */
async function main(port, data) {
  const db = await PGlite.create(data.dataDir);
  // One connection: the multiplexer interleaves other connections' extended-protocol messages outside transactions.
  const server = new PGLiteSocketServer({ db, path: data.socketPath, maxConnections: 1 });
  try {
    await server.start();
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  port.on('message', async (message) => {
    if (message?.type !== 'close') return;
    await server.stop();
    await db.close();
    port.postMessage({ type: 'closed' });
    port.close();
  });
  port.postMessage({ type: 'ready' });
}

if (parentPort) await main(parentPort, workerData);
