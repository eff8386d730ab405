import fp from 'fastify-plugin';
import { isDesignedRefusal } from './errors';

/** Query parameters whose values never reach the log, and any whose name has "signature" in it. */
const SECRET_PARAMS = new Set(['token', 'access_token', 'refresh_token', 'code', 'otp', 'password', 'key']);
const QUERY_PARAM = /([?&])([^&=#]*)=([^&#]*)/g;

function isSecretParam(encodedName: string): boolean {
  let name = encodedName;
  try {
    name = decodeURIComponent(encodedName.replaceAll('+', ' '));
  } catch {
    // A malformed escape is matched as written.
  }
  name = name.toLowerCase();
  return SECRET_PARAMS.has(name) || name.includes('signature');
}

export function redactUrl(url: string): string {
  if (!url.includes('?')) return url;
  return url.replace(QUERY_PARAM, (param, separator: string, name: string) =>
    isSecretParam(name) ? `${separator}${name}=[redacted]` : param,
  );
}

/**
 * One JSON line per request, written when the response is done (Fastify's own
 * "incoming request" / "request completed" pair is switched off in app.ts).
 */
export const requestLogPlugin = fp(async (app) => {
  // The line's fields are fixed and its URL redacted above, so the logger's path redaction (a cost on every
  // line) has nothing to find in it and is skipped.
  const lines = app.log.child({}, { redact: { paths: [] } });

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  app.addHook('onResponse', (request, reply, done) => {
    const line = {
      reqId: request.id,
      method: request.method,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    // A refusal by design (maintenance) is a warning, not a fault.
    if (reply.statusCode >= 500 && !isDesignedRefusal(request)) lines.error(line, 'request');
    else if (reply.statusCode >= 500) lines.warn(line, 'request');
    else lines.info(line, 'request');
    done();
  });
});
