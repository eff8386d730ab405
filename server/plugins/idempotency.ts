import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '@contract/orders';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors';

/** The request's optional Idempotency-Key (the outbox sends one with every write it may replay); null without one. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(value);
  if (!parsed.success) {
    throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Send a valid Idempotency-Key', {
      field: 'Idempotency-Key',
    });
  }
  return parsed.data;
}
