import type { Socket } from 'node:net';
import type { onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a file: its body may take until the server's own request timeout (UPLOAD_BODY_TIMEOUT_MS). */
    uploadBody?: boolean;
  }
}

export interface BodyTimeoutOptions {
  /** How long any other request's body may take to arrive after its headers (HTTP_REQUEST_TIMEOUT_MS). */
  timeoutMs: number;
  /** Answers 408 on the socket and closes it, as the server does for a request past its own timeout. */
  onTimeout: (error: Error & { code: string }, socket: Socket) => void;
}

/**
 * Node's request timeout is one per server, so it is set to the upload routes' bound; every other route's body is
 * held to the shorter one here, per request, so a slow body still cannot hold a socket for long.
 */
export const bodyTimeoutPlugin = fp<BodyTimeoutOptions>(
  async (app, { timeoutMs, onTimeout }) => {
    const holdBody: onRequestHookHandler = (request, reply, done) => {
      const raw = request.raw;
      if (!raw.complete) {
        const timer = setTimeout(() => {
          if (raw.complete || raw.destroyed) return;
          if (reply.raw.headersSent) raw.socket.destroy();
          else
            onTimeout(
              Object.assign(new Error('request body timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }),
              raw.socket,
            );
        }, timeoutMs);
        timer.unref();
        const settled = () => clearTimeout(timer);
        reply.raw.once('finish', settled).once('close', settled);
      }
      done();
    };
    // Only routes that take a body get the hook: reads (most of the traffic) pay nothing for it.
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      if (route.config?.uploadBody || methods.every((m) => m === 'GET' || m === 'HEAD')) return;
      route.onRequest = [...[route.onRequest ?? []].flat(), holdBody];
    });
  },
  { name: 'body-timeout' },
);
