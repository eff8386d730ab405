import { createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Keys derived from AUTH_SECRET, one per use, so a hash of a code can never be replayed as a token signature
 * and the other way round (HKDF-SHA256 with a label per key).
 */
export interface AuthKeys {
  /** HS256 key of access tokens. */
  accessToken: Uint8Array;
  /** HMAC key of refresh tokens, social tickets and OIDC flow secrets at rest. */
  tokenHash: Buffer;
  /** HMAC key of one-time codes at rest. */
  codeHash: Buffer;
  /** HMAC keys that sign proof-of-work challenges and the key each one's solution derives. */
  challengeSignature: Buffer;
  challengeKeySignature: Buffer;
}

export function deriveKeys(secret: string): AuthKeys {
  const derive = (label: string) =>
    Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), 'cricket-storefront', label, 32));
  return {
    accessToken: new Uint8Array(derive('access-token-hs256')),
    tokenHash: derive('token-hash'),
    codeHash: derive('otp-code-hash'),
    challengeSignature: derive('pow-challenge-signature'),
    challengeKeySignature: derive('pow-challenge-key-signature'),
  };
}

export function hmac(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value, 'utf8').digest('base64url');
}

/** Compares two strings in constant time (hashing first makes the lengths equal). */
export function safeEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a, 'utf8').digest();
  const db = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(da, db) && a.length === b.length;
}

/** 32 random bytes, base64url (43 characters): refresh tokens, states, verifiers, tickets. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A 6-digit code from a CSPRNG, uniformly distributed, leading zeros kept. */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** PKCE S256 (RFC 7636 §4.2). */
export function codeChallengeS256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}
