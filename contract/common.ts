import { z } from 'zod';

/** res_status values of spec §8 the client reacts to. */
export const RES_STATUS = {
  INVALID_TOKEN: 'INVALID_TOKEN',
  INVALID_USER: 'INVALID_USER',
  NOT_AUTHORIZED: 'NotAuthorizedException',
  USER_NOT_FOUND: 'UserNotFoundException',
  INVALID_SESSION_TOKEN: 'INVALID_SESSION_TOKEN',
  SERVER_UNDER_MAINTENANCE: 'SERVER_UNDER_MAINTENANCE',
  SESSION_EXPIRED: 'SESSION_EXPIRED',
} as const;

/** `response` is either plain text or a JSON title and description (spec §8). */
export const errorResponseSchema = z.union([
  z.string(),
  z.object({ title: z.string(), description: z.string() }),
]);

/** The error body every failing call answers with (spec §8). */
export const errorBodySchema = z.object({
  data: z.object({
    message: z.string(),
    response: errorResponseSchema,
    res_status: z.string(),
    http_status_code: z.number().int(),
    /** Set on validation errors: the request field that was rejected. */
    field: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
