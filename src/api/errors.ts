import { RES_STATUS } from '@contract/constants';

/** `response` of the §8 body: plain text, or a title and description. */
export type ApiErrorResponse = string | { title: string; description: string };

/** Default texts of spec §8. */
export const DEFAULT_ERROR_TITLE = 'Oops! Something Went Wrong';
export const DEFAULT_ERROR_DESCRIPTION =
  "We're having some trouble completing your request. Please try again.";
export const CONNECTION_LOST_TITLE = 'Connection lost';
export const CONNECTION_LOST_DESCRIPTION = 'Please check your internet connection';
/** API gateways answer this message when the service behind them is too slow (spec §8). */
export const TIMEOUT_MESSAGE = 'Endpoint request timed out';

export const HTTP_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  INTERNAL: 500,
  NO_INTERNET: 503,
  GATEWAY_TIMEOUT: 504,
} as const;

/** res_status values the client itself gives to failures the server never described. */
export const CLIENT_RES_STATUS = {
  NETWORK_ERROR: 'NETWORK_ERROR',
  TIMEOUT: 'TIMEOUT',
  UNKNOWN_ERROR: 'UNKNOWN_ERROR',
  INVALID_RESPONSE: 'INVALID_RESPONSE',
} as const;

/** Raised when the refresh answers an empty access token, or no token is kept for a call that needs one. */
export const SESSION_EXPIRED = {
  message: 'Session Expired!',
  httpStatusCode: HTTP_STATUS.BAD_REQUEST,
  resStatus: RES_STATUS.SESSION_EXPIRED,
} as const;

/** Marks an error whose response the §8 rules read as an expired access token (kind of ApiError). */
export const ExpiredToken = 'ExpiredToken';

export type ApiErrorKind =
  | 'http'
  | 'network'
  | 'timeout'
  | 'invalid-response'
  | 'session-expired'
  | typeof ExpiredToken;

export interface ApiErrorInit {
  message: string;
  response: ApiErrorResponse;
  resStatus: string;
  httpStatusCode: number;
  field?: string;
  kind?: ApiErrorKind;
  /** The body as received, for diagnostics. */
  body?: unknown;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly response: ApiErrorResponse;
  readonly resStatus: string;
  readonly httpStatusCode: number;
  /** The request field a validation error names (the e-mail, code, referral or pincode field, spec §8). */
  readonly field: string | undefined;
  readonly kind: ApiErrorKind;
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.response = init.response;
    this.resStatus = init.resStatus;
    this.httpStatusCode = init.httpStatusCode;
    this.field = init.field;
    this.kind = init.kind ?? 'http';
    this.body = init.body;
  }

  get isTimeout(): boolean {
    return this.kind === 'timeout' || this.message === TIMEOUT_MESSAGE;
  }

  get isNetworkError(): boolean {
    return this.kind === 'network';
  }

  get isSessionExpired(): boolean {
    return this.kind === 'session-expired';
  }

  get isMaintenance(): boolean {
    return this.resStatus === RES_STATUS.SERVER_UNDER_MAINTENANCE;
  }

  /** A heading for an alert or error view. */
  get title(): string {
    return typeof this.response === 'string' ? this.message : this.response.title;
  }

  /** The sentence under the heading. */
  get description(): string {
    return typeof this.response === 'string' ? this.response : this.response.description;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export type ErrorReporter = (message: string, details: Record<string, unknown>) => void;

let reporter: ErrorReporter = (message, details) => {
  console.error(`[api] ${message}`, details);
};

/** Where unparseable error bodies and invalid responses are reported (console.error by default). */
export function setErrorReporter(next: ErrorReporter): () => void {
  const previous = reporter;
  reporter = next;
  return () => {
    reporter = previous;
  };
}

export function reportError(message: string, details: Record<string, unknown>): void {
  try {
    reporter(message, details);
  } catch {
    // A broken reporter must never turn into the caller's error.
  }
}

export function defaultError(httpStatusCode: number, extra: Partial<ApiErrorInit> = {}): ApiError {
  return new ApiError({
    message: DEFAULT_ERROR_TITLE,
    response: { title: DEFAULT_ERROR_TITLE, description: DEFAULT_ERROR_DESCRIPTION },
    resStatus: CLIENT_RES_STATUS.UNKNOWN_ERROR,
    httpStatusCode,
    ...extra,
  });
}

/** Spec §8's texts for a 503: "Connection lost", "Please check your internet connection". */
export function connectionLostError(extra: Partial<ApiErrorInit> = {}): ApiError {
  return new ApiError({
    message: CONNECTION_LOST_TITLE,
    response: { title: CONNECTION_LOST_TITLE, description: CONNECTION_LOST_DESCRIPTION },
    resStatus: CLIENT_RES_STATUS.NETWORK_ERROR,
    httpStatusCode: HTTP_STATUS.NO_INTERNET,
    kind: 'network',
    ...extra,
  });
}

export function networkError(cause?: unknown): ApiError {
  return connectionLostError({ cause });
}

export function timeoutError(httpStatusCode: number = HTTP_STATUS.GATEWAY_TIMEOUT, body?: unknown): ApiError {
  return new ApiError({
    message: TIMEOUT_MESSAGE,
    response: { title: DEFAULT_ERROR_TITLE, description: DEFAULT_ERROR_DESCRIPTION },
    resStatus: CLIENT_RES_STATUS.TIMEOUT,
    httpStatusCode,
    kind: 'timeout',
    body,
  });
}

export function sessionExpiredError(cause?: unknown): ApiError {
  return new ApiError({
    message: SESSION_EXPIRED.message,
    response: SESSION_EXPIRED.message,
    resStatus: SESSION_EXPIRED.resStatus,
    httpStatusCode: SESSION_EXPIRED.httpStatusCode,
    kind: 'session-expired',
    cause,
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** res_status wherever a body carries it: inside `data` (§8) or at the top (the maintenance status shape). */
export function readResStatus(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const data = isRecord(body.data) ? body.data : undefined;
  const value = data?.res_status ?? body.res_status;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A `detail` (as auth middlewares answer: { detail: "..." }), at the top or inside `data`. */
function hasDetail(body: unknown): boolean {
  if (!isRecord(body)) return false;
  const data = isRecord(body.data) ? body.data : undefined;
  const detail = body.detail ?? data?.detail;
  return detail !== undefined && detail !== null && detail !== '';
}

function readMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body;
  if (!isRecord(body)) return undefined;
  const data = isRecord(body.data) ? body.data : undefined;
  const value = data?.message ?? body.message;
  return typeof value === 'string' ? value : undefined;
}

/** The expired-token rules of spec §8, exactly; any of them means: refresh once, then retry once. */
export function isExpiredTokenResponse(status: number, body: unknown): boolean {
  const resStatus = readResStatus(body);
  switch (status) {
    case HTTP_STATUS.BAD_REQUEST:
      return resStatus === RES_STATUS.INVALID_TOKEN || resStatus === RES_STATUS.INVALID_USER;
    case HTTP_STATUS.UNAUTHORIZED:
      return hasDetail(body) && resStatus === undefined;
    case HTTP_STATUS.FORBIDDEN:
      return (hasDetail(body) && resStatus === undefined) || resStatus === RES_STATUS.NOT_AUTHORIZED;
    case HTTP_STATUS.NOT_FOUND:
      return resStatus === RES_STATUS.USER_NOT_FOUND || resStatus === RES_STATUS.INVALID_SESSION_TOKEN;
    default:
      return false;
  }
}

/** The §8 body's schema, loaded with the first failed response (zod stays off a page's first load). */
export function loadErrorBodySchema() {
  return import('@contract/common').then((contract) => contract.errorBodySchema);
}

/**
 * Builds the error a failed response becomes. The §8 body is parsed; a body that does not parse is reported
 * and replaced by the default texts with the real HTTP status (500 when there is none), or on 503 by the
 * "Connection lost" texts.
 */
export async function errorFromResponse(status: number, body: unknown, url?: string): Promise<ApiError> {
  const httpStatusCode = status >= 100 ? status : HTTP_STATUS.INTERNAL;
  const parsed = (await loadErrorBodySchema()).safeParse(body);
  const kind: ApiErrorKind = isExpiredTokenResponse(httpStatusCode, body) ? ExpiredToken : 'http';
  if (parsed.success) {
    const { data } = parsed.data;
    if (data.message === TIMEOUT_MESSAGE) return timeoutError(httpStatusCode, body);
    return new ApiError({
      message: data.message,
      response: data.response,
      resStatus: data.res_status,
      httpStatusCode,
      ...(data.field === undefined ? {} : { field: data.field }),
      kind,
      body,
    });
  }
  // API gateways answer { message: "Endpoint request timed out" } outside the §8 shape.
  if (readMessage(body) === TIMEOUT_MESSAGE) return timeoutError(httpStatusCode, body);
  reportError('Unparseable error body', { url, status: httpStatusCode, body, issues: parsed.error.issues });
  // A proxy or load balancer between the buyer and the shop answers 503 in its own words (HTML, or nothing).
  if (httpStatusCode === HTTP_STATUS.NO_INTERNET) {
    return connectionLostError({
      kind,
      body,
      resStatus: readResStatus(body) ?? CLIENT_RES_STATUS.UNKNOWN_ERROR,
    });
  }
  return defaultError(httpStatusCode, {
    kind,
    body,
    resStatus: readResStatus(body) ?? CLIENT_RES_STATUS.UNKNOWN_ERROR,
  });
}
