import { z } from 'zod';

export { RES_STATUS } from './constants';

/** `response` is either plain text or a JSON title and description (spec §8). */
export const errorResponseSchema = z.union([
  z.string(),
  z.object({ title: z.string(), description: z.string() }),
]);

/**
 * A proof-of-work challenge (ALTCHA v2, as altcha-lib makes it): the client finds the counter whose derived key
 * starts with keyPrefix and sends the challenge back with it. Its parameters are signed, so they travel unchanged.
 */
export const powChallengeSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
  }),
  signature: z.string(),
});
export type PowChallenge = z.infer<typeof powChallengeSchema>;

/** The error body every failing call answers with (spec §8). */
export const errorBodySchema = z.object({
  data: z.object({
    message: z.string(),
    response: errorResponseSchema,
    res_status: z.string(),
    http_status_code: z.number().int(),
    /** Set on validation errors: the request field that was rejected. */
    field: z.string().optional(),
    /** Set on SERVER_UNDER_MAINTENANCE: seconds until the shop is expected back. */
    time_in_seconds: z.number().int().nonnegative().optional(),
    /** Set on PRICE_CHANGED: the order's total now (major units) and its currency, for the buyer to check. */
    total_amount: z.number().finite().nonnegative().optional(),
    currency: z.string().optional(),
    /** Set on CHALLENGE_REQUIRED (428): the proof of work to solve before asking again. */
    challenge: powChallengeSchema.optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The status codes the server answers with, and the res_status it sends for each (spec §8). */
export const HTTP_RES_STATUS: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_ENTITY',
  428: 'PRECONDITION_REQUIRED',
  429: 'TOO_MANY_REQUESTS',
  431: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

/** `{ status: "ok" }` from GET /healthz. */
export const healthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;
