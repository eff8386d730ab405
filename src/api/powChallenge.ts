import { errorBodySchema } from '@contract/common';
import { solvePowChallenge } from '@/lib/proofOfWork';
import { ApiError, CLIENT_RES_STATUS } from './errors';

/** Solves the proof of work a 428 CHALLENGE_REQUIRED answer carries: the `altcha` to ask again with. */
export async function solveChallengeOf(error: ApiError): Promise<string> {
  const body = errorBodySchema.safeParse(error.body);
  const challenge = body.success ? body.data.data.challenge : undefined;
  if (!challenge) throw error;
  const altcha = await solvePowChallenge(challenge);
  if (altcha === null) {
    const message = 'The connection check took too long. Please try again.';
    throw new ApiError({
      message,
      response: message,
      resStatus: CLIENT_RES_STATUS.TIMEOUT,
      httpStatusCode: 408,
    });
  }
  return altcha;
}
