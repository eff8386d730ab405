import type { PowChallenge } from '@contract/common';
import { solveChallenge, solveChallengeWorkers } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

/** Longer than any challenge the server asks of a slow phone; then the buyer is asked to try again. */
const SOLVE_TIMEOUT_MS = 90_000;
const MAX_WORKERS = 4;

/**
 * Solves a proof-of-work challenge of the server (ALTCHA v2) and answers the payload to send back as `altcha`, or
 * null when it took too long. In Web Workers where the browser has them; else on the page, where each derivation
 * is an awaited WebCrypto call, so the page keeps responding.
 */
export async function solvePowChallenge(challenge: PowChallenge): Promise<string | null> {
  const solution =
    typeof Worker === 'function'
      ? await solveChallengeWorkers({
          challenge,
          concurrency: Math.min(navigator.hardwareConcurrency || 1, MAX_WORKERS),
          createWorker: () =>
            new Worker(new URL('./proofOfWork.worker.ts', import.meta.url), { type: 'module' }),
          timeout: SOLVE_TIMEOUT_MS,
        })
      : await solveChallenge({ challenge, deriveKey, timeout: SOLVE_TIMEOUT_MS });
  return solution ? btoa(JSON.stringify({ challenge, solution })) : null;
}
