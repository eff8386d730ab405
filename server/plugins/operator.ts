import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Compares in constant time; hashing first makes the lengths equal. */
export function tokenMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected)) && given.length === expected.length;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/**
 * Who asks for an owner-only file: the operator, by its token and from this machine only, otherwise the user
 * `signedIn` finds (which refuses anyone else).
 */
export function ownerOrOperator(
  operatorToken: string | undefined,
  signedIn: (request: FastifyRequest, reply: FastifyReply) => Promise<{ userId: string }>,
) {
  const operatorOnly = operatorGuard(operatorToken);
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ userId: string } | { operator: true }> => {
    const given = bearerToken(request);
    if (!operatorToken || !given || !tokenMatches(given, operatorToken)) return signedIn(request, reply);
    await operatorOnly(request);
    return { operator: true };
  };
}

/**
 * An onRequest hook for operator calls: from this machine only, with this process's operator
 * token (DATA_DIR/operator.token). Without a token the calls are closed. Checked before the
 * body is parsed, so a caller without the token learns nothing about it.
 */
export function operatorGuard(operatorToken: string | undefined) {
  return async (request: FastifyRequest) => {
    // The socket's own peer, which no header can change; request.ip too, so a client relayed by a local proxy is refused.
    const peer = request.socket.remoteAddress ?? '';
    if (!LOOPBACK.has(peer) || !LOOPBACK.has(request.ip)) {
      throw new HttpError(403, 'The operator call is only accepted from this machine');
    }
    const given = bearerToken(request);
    if (!operatorToken || !given || !tokenMatches(given, operatorToken)) {
      throw new HttpError(
        401,
        'A valid operator token is required',
        {},
        { headers: { 'www-authenticate': 'Bearer' } },
      );
    }
  };
}
