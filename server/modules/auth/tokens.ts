import { randomUUID } from 'node:crypto';
import { RES_STATUS } from '@contract/common';
import { type TokenSetName, type TokenSetResponse, USER_RES_STATUS } from '@contract/user';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Database, Executor } from '../../db/client';
import type { SessionRevokedReason } from '../../db/schema';
import { HttpError } from '../../errors';
import { hmac, randomToken } from './crypto';
import * as repo from './repo';

export const TOKEN_ISSUER = 'cricket-storefront';
const audienceOf = (set: TokenSetName) => `shop:${set}`;

export interface AccessClaims {
  userId: string;
  sessionId: string;
  audience: TokenSetName;
}

/**
 * The answer to an access token that does not work (expired, malformed, wrong key, revoked session):
 * 400 INVALID_TOKEN, which spec §8 reads as "refresh once,
 * then retry". The refresh then fails for a revoked session and the client signs out.
 */
export function invalidAccessToken(message = 'Your session has expired. Please sign in again.'): HttpError {
  return new HttpError(
    400,
    message,
    { res_status: RES_STATUS.INVALID_TOKEN },
    { headers: { 'www-authenticate': 'Bearer error="invalid_token"' } },
  );
}

/** A refused refresh: the client clears the set and signs the buyer out (it never retries a refresh). */
function refreshRefused(message = 'Your session has ended. Please sign in again.'): HttpError {
  return new HttpError(401, message, { res_status: USER_RES_STATUS.SESSION_EXPIRED });
}

export interface TokenServiceDeps {
  db: Database;
  accessKey: Uint8Array;
  hashKey: Buffer;
  accessTtlSeconds: number;
  refreshTtlDays: number;
  now: () => Date;
  onReuse?: (info: { sessionId: string; userId: string }) => void;
}

/**
 * Access tokens: HS256 JWTs (15 minutes) naming the user (sub), the token set (aud) and the session (sid).
 * Refresh tokens: 32 random bytes, kept as an HMAC, 30 days, single use; every refresh marks the presented one
 * used and issues the next in the same family (session). A used one presented again revokes the family.
 */
export function createTokenService(deps: TokenServiceDeps) {
  const { db, accessKey, hashKey, now } = deps;
  const refreshTtlMs = deps.refreshTtlDays * 24 * 3600 * 1000;
  const hashOf = (token: string) => hmac(hashKey, `refresh\n${token}`);

  async function signAccess(userId: string, sessionId: string, audience: TokenSetName): Promise<string> {
    const iat = Math.floor(now().getTime() / 1000);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setIssuer(TOKEN_ISSUER)
      .setSubject(userId)
      .setAudience(audienceOf(audience))
      .setIssuedAt(iat)
      .setExpirationTime(iat + deps.accessTtlSeconds)
      .setJti(randomUUID())
      .sign(accessKey);
  }

  async function tokenSet(
    userId: string,
    sessionId: string,
    audience: TokenSetName,
    refreshToken: string,
  ): Promise<TokenSetResponse> {
    return {
      access_token: await signAccess(userId, sessionId, audience),
      refresh_token: refreshToken,
      user_id: userId,
      expires_in: deps.accessTtlSeconds,
      token_type: 'Bearer',
    };
  }

  /** Starts a session (a new family) for a user who just proved who they are. */
  async function issue(
    userId: string,
    audience: TokenSetName,
    executor: Executor = db,
  ): Promise<TokenSetResponse> {
    const at = now();
    const sessionId = randomUUID();
    const refreshToken = randomToken();
    await repo.insertSession(
      executor,
      { id: sessionId, userId, audience, createdAt: at, lastUsedAt: at },
      { tokenHash: hashOf(refreshToken), createdAt: at, expiresAt: new Date(at.getTime() + refreshTtlMs) },
    );
    return tokenSet(userId, sessionId, audience, refreshToken);
  }

  async function revokeSession(sessionId: string, reason: SessionRevokedReason): Promise<boolean> {
    return repo.revokeSession(db, sessionId, reason, now());
  }

  /** Exchanges a refresh token of `audience` for the next token set of the same family. */
  async function rotate(refreshToken: string, audience: TokenSetName): Promise<TokenSetResponse> {
    const at = now();
    const row = await repo.findRefreshToken(db, hashOf(refreshToken));
    if (!row || row.audience !== audience) throw refreshRefused();
    if (row.revokedAt !== null) throw refreshRefused();
    if (row.usedAt !== null) {
      // Reuse detection: someone holds a copy of a token already exchanged. End the whole family.
      await revokeSession(row.sessionId, 'reuse');
      deps.onReuse?.({ sessionId: row.sessionId, userId: row.userId });
      throw refreshRefused();
    }
    if (row.expiresAt.getTime() <= at.getTime()) throw refreshRefused();

    const next = randomToken();
    const rotated = await repo.rotateRefreshToken(db, {
      tokenId: row.tokenId,
      sessionId: row.sessionId,
      nextHash: hashOf(next),
      at,
      expiresAt: new Date(at.getTime() + refreshTtlMs),
    });
    if (!rotated) {
      // Two refreshes raced with the same token: only one may win; the family is treated as compromised.
      await revokeSession(row.sessionId, 'reuse');
      deps.onReuse?.({ sessionId: row.sessionId, userId: row.userId });
      throw refreshRefused();
    }
    return tokenSet(row.userId, row.sessionId, audience, next);
  }

  /** The session a refresh token belongs to (for logout with only a refresh token). */
  async function sessionOfRefreshToken(refreshToken: string): Promise<string | undefined> {
    return repo.sessionOfRefreshTokenHash(db, hashOf(refreshToken));
  }

  /**
   * Checks an access token: signature, issuer, expiry, token set, and (one primary-key read) that its session
   * is still live. Throws invalidAccessToken(), or 403 for a token of another token set.
   */
  async function verifyAccess(token: string, audiences: readonly TokenSetName[]): Promise<AccessClaims> {
    let payload: { sub?: string; sid?: unknown; aud?: string | string[] };
    try {
      ({ payload } = await jwtVerify(token, accessKey, {
        algorithms: ['HS256'],
        issuer: TOKEN_ISSUER,
        typ: 'at+jwt',
        currentDate: now(),
        requiredClaims: ['sub', 'sid', 'exp', 'aud'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw invalidAccessToken();
      throw invalidAccessToken('Your sign-in is not valid. Please sign in again.');
    }
    const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
    const audience = TOKEN_SETS_BY_AUDIENCE.get(aud ?? '');
    if (!audience || typeof payload.sid !== 'string' || !payload.sub) {
      throw invalidAccessToken('Your sign-in is not valid. Please sign in again.');
    }
    if (!audiences.includes(audience)) {
      throw new HttpError(403, 'This sign-in cannot be used here.');
    }
    const session = await repo.findSession(db, payload.sid);
    if (!session || session.revokedAt !== null || session.userId !== payload.sub) throw invalidAccessToken();
    return { userId: payload.sub, sessionId: payload.sid, audience };
  }

  return { issue, rotate, revokeSession, sessionOfRefreshToken, verifyAccess };
}

const TOKEN_SETS_BY_AUDIENCE = new Map<string, TokenSetName>(
  (['main', 'business', 'forms'] as const).map((set) => [audienceOf(set), set]),
);

export type TokenService = ReturnType<typeof createTokenService>;
