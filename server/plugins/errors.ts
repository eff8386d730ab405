import type { ErrorBody } from '@contract/common';
import { isServerPath } from '@contract/paths';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorBody, GENERIC_ERROR_MESSAGE, GENERIC_ERROR_RESPONSE, HttpError } from '../errors';

export function pathnameOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
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
    if (statusCode >= 500) {
      // The caller gets a generic body; the details stay in the log.
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.debug({ err: error }, 'request rejected');
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
