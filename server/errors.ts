import { type ErrorBody, HTTP_RES_STATUS } from '../contract/common';

export const GENERIC_ERROR_MESSAGE = 'Oops! Something Went Wrong';
export const GENERIC_ERROR_RESPONSE = "We're having some trouble completing your request. Please try again.";

export function resStatusFor(statusCode: number): string {
  return HTTP_RES_STATUS[statusCode] ?? (statusCode >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
}

/** Builds spec §8's error body. */
export function errorBody(
  statusCode: number,
  message: string,
  extra: Partial<Omit<ErrorBody['data'], 'message' | 'http_status_code'>> = {},
): ErrorBody {
  return {
    data: {
      message,
      response: extra.response ?? message,
      res_status: extra.res_status ?? resStatusFor(statusCode),
      http_status_code: statusCode,
      ...(extra.field === undefined ? {} : { field: extra.field }),
      ...(extra.time_in_seconds === undefined ? {} : { time_in_seconds: extra.time_in_seconds }),
      ...(extra.total_amount === undefined ? {} : { total_amount: extra.total_amount }),
      ...(extra.currency === undefined ? {} : { currency: extra.currency }),
      ...(extra.challenge === undefined ? {} : { challenge: extra.challenge }),
    },
  };
}

/**
 * An error a handler throws on purpose: its status and message reach the caller as
 * spec §8's body (4xx messages are shown to people, so write them for people).
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: Partial<Omit<ErrorBody['data'], 'message' | 'http_status_code'>> = {},
    options?: { headers?: Record<string, string> },
  ) {
    super(message);
    this.headers = options?.headers ?? {};
  }
  readonly headers: Record<string, string>;

  /** Keeps what caused it for the log (never sent to the caller). */
  withCause(cause: unknown): this {
    this.cause = cause;
    return this;
  }

  toBody(): ErrorBody {
    return errorBody(this.statusCode, this.message, this.details);
  }
}

/**
 * A call to a feature this shop has switched off: 404, as for a path that is not there, with the feature's own
 * res_status. Never a 503, which the PWA reads as a lost connection (spec §8).
 */
export function featureDisabled(message: string, resStatus: string): HttpError {
  return new HttpError(404, message, { res_status: resStatus });
}

/** Fields of a database driver's error that name what failed without carrying the values sent. */
const SAFE_DB_FIELDS = ['code', 'severity', 'routine', 'constraint', 'table', 'column', 'schema'] as const;
const MAX_CAUSE_DEPTH = 4;

function record(error: Error): Record<string, unknown> {
  return error as unknown as Record<string, unknown>;
}

/** drizzle's query error: its message is the query and then the parameters. */
function isQueryError(error: Error): boolean {
  return typeof record(error).query === 'string' && 'params' in record(error);
}

/** A PostgreSQL error (pg, PGlite): its message may quote the value it refused. */
function isPostgresError(error: Error): boolean {
  const { code, severity } = record(error);
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && severity !== undefined;
}

/**
 * An error as the log may keep it: a database error loses its parameters, its detail and the values quoted in
 * its message (drizzle puts the parameters in its message, PostgreSQL quotes the value it refused), so a
 * buyer's submitted values never reach the log. Other errors pass unchanged.
 */
export function errorForLog(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const query = isQueryError(error);
  const postgres = !query && isPostgresError(error);
  const cause =
    error.cause !== undefined && depth < MAX_CAUSE_DEPTH ? errorForLog(error.cause, depth + 1) : undefined;
  if (!query && !postgres) {
    if (cause === error.cause) return error;
    const copy = Object.assign(new Error(error.message, { cause }), { name: error.name });
    copy.stack = error.stack;
    return copy;
  }
  const message = query
    ? `Failed query: ${String(record(error).query)}`
    : error.message.replace(/"[^"]*"/g, '"[redacted]"');
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const copy = Object.assign(new Error(message, { cause }), { name: error.name });
  copy.stack = [`${error.name}: ${message}`, ...frames].join('\n');
  if (postgres)
    for (const field of SAFE_DB_FIELDS)
      if (record(error)[field] !== undefined) record(copy)[field] = record(error)[field];
  return copy;
}
