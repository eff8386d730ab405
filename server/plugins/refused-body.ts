import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';

/** How much of a refused body is read and thrown away so that its sender gets to read the answer. */
export const REFUSED_BODY_DRAIN_BYTES = 16 * 1024 * 1024;

export interface RefusedBodyOptions {
  /** How long the rest of a refused body may take to arrive before the answer goes out anyway. */
  drainMs: number;
}

/** Reads the rest of a request body into nothing; resolves once it has ended, or past either bound. */
function drain(request: IncomingMessage, maxBytes: number, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    let bytes = 0;
    const done = () => {
      clearTimeout(timer);
      request.off('data', onData);
      request.off('end', done);
      request.off('close', done);
      request.off('error', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxBytes) done();
    };
    const timer = setTimeout(done, maxMs);
    request.on('data', onData);
    request.once('end', done);
    request.once('close', done);
    request.once('error', done);
  });
}

/**
 * A body refused while it is still arriving (over the body limit) is answered with `Connection: close`. Node
 * closes the socket as soon as the answer is written, and a client still writing its body then gets a reset
 * that destroys the unread answer. So the rest of the body (up to a bound) is read and dropped first; then
 * the answer goes out and the close is clean.
 */
export const refusedBodyPlugin = fp<RefusedBodyOptions>(async (app, { drainMs }) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    if (raw.readableEnded || raw.destroyed || reply.getHeader('connection') !== 'close') return payload;
    const declared = Number(raw.headers['content-length']);
    // Not worth reading: the client is told at once and loses the answer if it keeps writing.
    if (declared > REFUSED_BODY_DRAIN_BYTES) return payload;
    await drain(raw, REFUSED_BODY_DRAIN_BYTES, drainMs);
    return payload;
  });
});
