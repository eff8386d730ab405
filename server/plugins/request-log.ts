import fp from 'fastify-plugin';
import { isDesignedRefusal } from './errors';

/** Query parameters whose values never reach the log. */
const SECRET_PARAMS = /([?&](?:token|access_token|refresh_token|code|otp|password|signature|key)=)[^&]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/**
 * One JSON line per request, written when the response is done (Fastify's own
 * "incoming request" / "request completed" pair is switched off in app.ts).
 */
export const requestLogPlugin = fp(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.addHook('onResponse', async (request, reply) => {
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    // A refusal by design (maintenance, a switched-off feature) is a warning, not a fault.
    if (reply.statusCode >= 500 && !isDesignedRefusal(request)) request.log.error(line, 'request');
    else if (reply.statusCode >= 500) request.log.warn(line, 'request');
    else request.log.info(line, 'request');
  });
});
