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
