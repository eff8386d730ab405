import { randomInt } from 'node:crypto';
import { type PowChallenge, powChallengeSchema } from '@contract/common';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { HttpError } from '../../errors';

/** PBKDF2 runs natively in browsers, so a phone does each derivation about as fast as an attacker's server. */
const ALGORITHM = 'PBKDF2/SHA-256';
const ROUNDS = 1000;
export const CHALLENGE_TTL_SECONDS = 300;

const payloadSchema = z.object({
  challenge: powChallengeSchema,
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(256) }),
});

export interface SolvedChallenge {
  signature: string;
  expiresAt: Date;
}

function refused(message: string): HttpError {
  return new HttpError(400, message, { field: 'altcha' });
}

/**
 * Self-hosted proof of work (ALTCHA v2 through altcha-lib): challenges signed with keys derived from AUTH_SECRET,
 * so any API process can check what another made. Each asks for a known number of derivations between half
 * of maxNumber and all of it; the key its solution derives is signed too, so checking one costs an HMAC.
 */
export function createChallenges(deps: {
  signatureKey: Buffer;
  keySignatureKey: Buffer;
  maxNumber: number;
  now: () => Date;
}) {
  const hmacSignatureSecret = deps.signatureKey.toString('hex');
  const hmacKeySignatureSecret = deps.keySignatureKey.toString('hex');

  async function create(): Promise<PowChallenge> {
    const challenge = await createChallenge({
      algorithm: ALGORITHM,
      cost: ROUNDS,
      counter: randomInt(Math.ceil(deps.maxNumber / 2), deps.maxNumber + 1),
      deriveKey,
      expiresAt: new Date(deps.now().getTime() + CHALLENGE_TTL_SECONDS * 1000),
      hmacSignatureSecret,
      hmacKeySignatureSecret,
    });
    return powChallengeSchema.parse(challenge);
  }

  /** Checks a solution (an ALTCHA payload, base64 JSON); throws 400 naming altcha unless it is right and fresh. */
  async function verify(altcha: string): Promise<SolvedChallenge> {
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(altcha, 'base64').toString('utf8'));
    } catch {
      decoded = undefined;
    }
    const payload = payloadSchema.safeParse(decoded);
    const expiresAt = payload.data?.challenge.parameters.expiresAt;
    if (!payload.success || typeof expiresAt !== 'number') {
      throw refused('The connection check could not be read. Please try again.');
    }
    if (expiresAt * 1000 <= deps.now().getTime()) {
      throw refused('The connection check took too long. Please try again.');
    }
    const result = await verifySolution({
      challenge: payload.data.challenge,
      solution: payload.data.solution,
      deriveKey,
      hmacSignatureSecret,
      hmacKeySignatureSecret,
    }).catch(() => ({ verified: false }));
    if (!result.verified) {
      throw refused('The connection check did not pass. Please try again.');
    }
    return { signature: payload.data.challenge.signature, expiresAt: new Date(expiresAt * 1000) };
  }

  return { create, verify };
}

export type Challenges = ReturnType<typeof createChallenges>;
