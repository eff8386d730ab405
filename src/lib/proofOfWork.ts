import type { PowChallenge } from '@contract/common';
import { type Solution, solveChallenge, solveChallengeWorkers } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

/** Longer than any challenge the server asks of a slow phone; then the buyer is asked to try again. */
const SOLVE_TIMEOUT_MS = 90_000;
const MAX_WORKERS = 4;

/** On the page: each derivation is an awaited WebCrypto call, so the page keeps responding meanwhile. */
const solveOnPage = (challenge: PowChallenge) =>
  solveChallenge({ challenge, deriveKey, timeout: SOLVE_TIMEOUT_MS });

async function solveInWorkers(challenge: PowChallenge): Promise<Solution | null> {
  try {
    return await solveChallengeWorkers({
      challenge,
      concurrency: Math.min(navigator.hardwareConcurrency || 1, MAX_WORKERS),
      createWorker: () => new Worker(new URL('./proofOfWork.worker.ts', import.meta.url), { type: 'module' }),
      timeout: SOLVE_TIMEOUT_MS,
    });
  } catch {
    // A browser without module workers: the page does the work itself.
    return solveOnPage(challenge);
  }
}

/**
 * Solves a proof-of-work challenge of the server (ALTCHA v2) in Web Workers where the browser has them, and
 * answers the payload to send back as `altcha`, or null when it took too long.
 */
export async function solvePowChallenge(challenge: PowChallenge): Promise<string | null> {
  const solution =
    typeof Worker === 'function' ? await solveInWorkers(challenge) : await solveOnPage(challenge);
  return solution ? btoa(JSON.stringify({ challenge, solution })) : null;
}
