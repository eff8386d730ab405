import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody } from '@contract/common';
import { isServerPath } from '@contract/paths';
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorBody, errorForLog, GENERIC_ERROR_MESSAGE, GENERIC_ERROR_RESPONSE, HttpError } from '../errors';

/** An absolute-form request target ("http://host/path") names its host before the path. */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/** The path of a request target, also of an absolute-form one ("GET http://evil.example/x HTTP/1.1"). */
export function pathnameOf(url: string): string {
  const target = url.startsWith('/') ? url : url.replace(ABSOLUTE_FORM, '');
  const end = target.search(/[?#]/);
  const pathname = end === -1 ? target : target.slice(0, end);
  return pathname.startsWith('/') ? pathname : `/${pathname}`;
}

/** The query string of a request target, with its "?" (or ""). */
export function searchOf(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return '';
  const hash = url.indexOf('#', q);
  return hash === -1 ? url.slice(q) : url.slice(q, hash);
}

/** Requests refused on purpose (an HttpError): logged without a stack, and never as errors. */
const designedRefusals = new WeakSet<FastifyRequest>();
export function isDesignedRefusal(request: FastifyRequest): boolean {
  return designedRefusals.has(request);
}

interface ErrorReply {
  statusCode: number;
  body: ErrorBody;
  headers: Record<string, string>;
}

/** "/items/0/qty" → "items.0.qty"; the root of the body/query is named after its part. */
function fieldName(instancePath: string | undefined, context: string | undefined): string {
  const parts = (instancePath ?? '').split('/').filter(Boolean);
  return parts.length > 0 ? parts.join('.') : (context ?? 'body');
}

type ValidationIssue = { instancePath?: string; message?: string };

function validationReply(error: FastifyError, issues: readonly ValidationIssue[]): ErrorReply {
  const first = issues[0];
  const field = fieldName(first?.instancePath, error.validationContext);
  const message = `${field}: ${first?.message ?? 'Invalid value'}`;
  return { statusCode: 400, body: errorBody(400, message, { field }), headers: {} };
}

/** Maps any failure to spec §8's body; only 4xx messages are passed through. */
export function toErrorReply(error: unknown): ErrorReply {
  if (error instanceof HttpError) {
    return { statusCode: error.statusCode, body: error.toBody(), headers: error.headers };
  }
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationReply(fastifyError, error.validation);
  }
  if (Array.isArray(fastifyError?.validation) && fastifyError.validation.length > 0) {
    return validationReply(fastifyError, fastifyError.validation);
  }
  if (error instanceof Error && isResponseSerializationError(error as never)) {
    return internalError();
  }
  const statusCode = typeof fastifyError?.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (statusCode >= 400 && statusCode < 500) {
    const message = fastifyError.message || 'Bad request';
    return { statusCode, body: errorBody(statusCode, message), headers: {} };
  }
  return internalError();
}

function internalError(): ErrorReply {
  return {
    statusCode: 500,
    body: errorBody(500, GENERIC_ERROR_MESSAGE, { response: GENERIC_ERROR_RESPONSE }),
    headers: {},
  };
}

export interface ErrorsPluginOptions {
  /**
   * Called for unmatched GET/HEAD storefront paths (never a server path, @contract/paths);
   * answers with the SPA shell. Returns false when there is no shell to serve.
   */
  spaFallback?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
}

/** Every failure, including unknown paths, answers with spec §8's body. */
export const errorsPlugin = fp<ErrorsPluginOptions>(async (app, options) => {
  app.setErrorHandler((error, request, reply) => {
    const { statusCode, body, headers } = toErrorReply(error);
    if (statusCode >= 500 && !(error instanceof HttpError)) {
      // The caller gets a generic body; the details stay in the log, without what the caller sent.
      request.log.error({ err: errorForLog(error) }, 'request failed');
    } else {
      if (error instanceof HttpError) designedRefusals.add(request);
      const refusal = { statusCode, res_status: body.data.res_status, reason: body.data.message };
      if (statusCode >= 500) request.log.warn(refusal, 'request refused');
      else request.log.debug(refusal, 'request rejected');
    }
    return reply.code(statusCode).headers(headers).type('application/json; charset=utf-8').send(body);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = pathnameOf(request.url);
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (isPageRequest && !isServerPath(pathname) && options.spaFallback) {
      if (await options.spaFallback(request, reply)) return reply;
    }
    throw new HttpError(404, 'Not found', {
      response: `No route for ${request.method} ${pathname}`,
    });
  });
});

export interface EarlyErrorOptions {
  /** The security headers every answer carries (server/plugins/security.ts baselineSecurityHeaders). */
  securityHeaders: Record<string, string>;
}

const EARLY_ERRORS: Record<string, { statusCode: number; message: string }> = {
  FST_ERR_BAD_URL: { statusCode: 400, message: 'The address is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: { statusCode: 414, message: 'The address is too long' },
};

/**
 * Fastify's frameworkErrors: a request target it cannot decode (`/api/%ff`) or a path parameter over its
 * length is answered with spec §8's body and the security headers, before any hook has run.
 */
export function frameworkErrorHandler({ securityHeaders }: EarlyErrorOptions) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const early = EARLY_ERRORS[error.code];
    const { statusCode, body } = early
      ? { statusCode: early.statusCode, body: errorBody(early.statusCode, early.message) }
      : toErrorReply(error);
    request.log.info(
      { method: request.method, statusCode, code: error.code },
      'request refused before routing',
    );
    return reply
      .code(statusCode)
      .headers(securityHeaders)
      .header('x-request-id', request.id)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(body);
  };
}

/** The status Node's HTTP parser errors mean (as Fastify's own client error handler maps them). */
function clientErrorStatus(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (code === 'HPE_URI_TOO_LONG') return 414;
  return 400;
}

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  400: 'The request could not be read',
  408: 'The request took too long to arrive',
  414: 'The address is too long',
  431: 'The request headers are too large',
};

/**
 * The HTTP server's clientError: a request Node cannot parse (oversized headers, a malformed request line, a
 * header timeout) is answered on the socket with spec §8's body and the security headers, then closed.
 */
export function clientErrorHandler({ securityHeaders }: EarlyErrorOptions, log: () => FastifyBaseLogger) {
  return (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const statusCode = clientErrorStatus(error.code);
    const message = CLIENT_ERROR_MESSAGES[statusCode] ?? 'Bad request';
    log().info(
      { statusCode, code: error.code, remoteAddress: socket.remoteAddress },
      'request refused by the parser',
    );
    if (socket.writable) {
      const body = JSON.stringify(errorBody(statusCode, message));
      const headers = {
        ...securityHeaders,
        'cache-control': 'no-store',
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
      };
      const head = Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}`)
        .join('\r\n');
      socket.write(`HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n${head}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}
