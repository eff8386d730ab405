import fp from 'fastify-plugin';

/**
 * On close, Fastify waits for in-flight requests. A keep-alive connection that was busy
 * would then idle on until its timeout and hold the shutdown; answering those last
 * requests with `Connection: close` lets the server stop as soon as they are done.
 */
export const gracefulClosePlugin = fp(async (app) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async () => {
    if (closing) app.server.closeIdleConnections();
  });
});
