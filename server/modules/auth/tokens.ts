import { hkdfSync, randomUUID } from 'node:crypto';
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
  /** Seconds a used refresh token may come back and get the same next set (default REFRESH_REUSE_GRACE_SECONDS). */
  reuseGraceSeconds?: number;
}

/**
 * How long a refresh token already exchanged may be presented again (a retry after a lost answer, a second tab
 * refreshing at the same moment) and get the same next set instead of ending the session as stolen.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

/**
 * Access tokens: HS256 JWTs (15 minutes) naming the user (sub), the token set (aud) and the session (sid).
 * Refresh tokens: 32 random bytes, kept as an HMAC, 30 days, single use; every refresh marks the presented one
 * used and issues the next in the same family (session). The next one is derived from the presented one under a
 * server key, so within the grace window the same token presented again re-derives the same next token (nothing
 * secret is stored) and gets it with a freshly signed access token of the same claims. A used one presented after
 * the window, or after its successor was itself used, revokes the family.
 */
export function createTokenService(deps: TokenServiceDeps) {
  const { db, accessKey, hashKey, now } = deps;
  const refreshTtlMs = deps.refreshTtlDays * 24 * 3600 * 1000;
  const graceMs = (deps.reuseGraceSeconds ?? REFRESH_REUSE_GRACE_SECONDS) * 1000;
  const hashOf = (token: string) => hmac(hashKey, `refresh\n${token}`);
  const successorKey = Buffer.from(hkdfSync('sha256', hashKey, '', 'refresh-token-successor', 32));
  const successorOf = (token: string) => hmac(successorKey, token);

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

  async function reuseDetected(row: { sessionId: string; userId: string }): Promise<never> {
    await revokeSession(row.sessionId, 'reuse');
    deps.onReuse?.({ sessionId: row.sessionId, userId: row.userId });
    throw refreshRefused();
  }

  /**
   * Exchanges a refresh token of one of `audiences` for the next token set of the same family (of the token's own
   * set). Someone holding a copy of a token already exchanged ends the family, except within the grace window
   * while the next token is still unused: then the same next token is answered again.
   */
  async function rotate(
    refreshToken: string,
    audiences: TokenSetName | readonly TokenSetName[],
  ): Promise<TokenSetResponse> {
    const allowed: readonly TokenSetName[] = typeof audiences === 'string' ? [audiences] : audiences;
    const at = now();
    const presentedHash = hashOf(refreshToken);
    const row = await repo.findRefreshToken(db, presentedHash);
    if (!row || !allowed.includes(row.audience)) throw refreshRefused();
    if (row.revokedAt !== null) throw refreshRefused();
    const next = successorOf(refreshToken);

    if (row.usedAt === null) {
      if (row.expiresAt.getTime() <= at.getTime()) throw refreshRefused();
      const rotated = await repo.rotateRefreshToken(db, {
        tokenId: row.tokenId,
        sessionId: row.sessionId,
        nextHash: hashOf(next),
        at,
        expiresAt: new Date(at.getTime() + refreshTtlMs),
      });
      if (rotated) return tokenSet(row.userId, row.sessionId, row.audience, next);
      // Another refresh with the same token won a moment ago: answered as a retry of that one.
    }

    const used = row.usedAt ?? (await repo.findRefreshToken(db, presentedHash))?.usedAt ?? null;
    const successor = await repo.findRefreshToken(db, hashOf(next));
    const withinGrace = used !== null && at.getTime() - used.getTime() <= graceMs;
    if (
      !withinGrace ||
      !successor ||
      successor.sessionId !== row.sessionId ||
      successor.usedAt !== null ||
      successor.revokedAt !== null
    ) {
      return reuseDetected(row);
    }
    return tokenSet(row.userId, row.sessionId, row.audience, next);
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
