import { USER_RES_STATUS } from '@contract/user';
import type { Database } from '../../db/client';
import { hitRateLimit } from '../../db/rate-limit';
import type { OtpPurpose } from '../../db/schema';
import { HttpError } from '../../errors';
import { clientKey, networkKey } from '../../plugins/rate-limit';
import type { Challenges } from './challenge';
import { hmac, randomCode, safeEqual } from './crypto';
import type { CodeDelivery, CodeMessage } from './delivery/types';
import {
  consumeLiveCodes,
  countCodeAttempt,
  countRefusedAttempt,
  deleteCodesBefore,
  insertCode,
  isKnownRecipient,
  killCode,
  latestCode,
  latestCodeCreatedAt,
  lockCodeSubject,
  spendChallenge,
  spendCode,
} from './repo';

export const OTP_TTL_SECONDS = 600;
export const OTP_MAX_ATTEMPTS = 5;
const HOUR = 3600;

export type { OtpPurpose };

export interface OtpLimits {
  resendCooldownSeconds: number;
  subjectPerHour: number;
  /** Per IPv4 address or IPv6 /64. */
  ipPerHour: number;
  /** Per IPv4 /24 or IPv6 /48: many addresses of one network share it. */
  networkPerHour: number;
  /** Codes delivered per hour by the whole shop to recipients who never signed in; known ones skip it. */
  globalPerHour: number;
  /** Percent of globalPerHour after which a recipient who never signed in must solve a challenge first. */
  challengeAfterPercent: number;
  /** Codes per hour to recipients who never signed in and solved a challenge: the hard ceiling. */
  solvedPerHour: number;
}

export interface IssueCodeInput {
  purpose: OtpPurpose;
  /** What the code proves; rate limits and the cool-down are per subject. */
  subject: string;
  channel: CodeMessage['channel'];
  to: string;
  ip: string;
  /** A configured test number's code: stored like any other, never delivered. */
  fixedCode?: string | undefined;
  /** Asked for by a signed-in buyer (their e-mail at checkout): someone the shop knows, whatever the address. */
  bySignedInBuyer?: boolean;
  /** The solved proof of work of an earlier 428 (an ALTCHA payload). */
  altcha?: string | undefined;
}

const SPENT = 'We are sending too many codes right now. Please try again later.';

/** Rolls the code's transaction back when a new recipient must first solve a challenge (made after it). */
class ChallengeNeeded extends Error {}

function challengeRequired(challenge: HttpError['details']['challenge']): HttpError {
  return new HttpError(428, 'Your browser needs to finish a quick check before we send the code.', {
    res_status: USER_RES_STATUS.CHALLENGE_REQUIRED,
    challenge,
  });
}

function tooManyRequests(message: string, seconds: number): HttpError {
  return new HttpError(
    429,
    message,
    { time_in_seconds: seconds, response: message },
    { headers: { 'retry-after': String(seconds) } },
  );
}

/**
 * One-time codes: 6 digits from crypto.randomInt, kept as an HMAC bound to their purpose and subject,
 * valid 10 minutes, 5 tries, a cool-down between codes and hourly limits per subject, per IP, per network and
 * for the whole shop, all in the database so they hold across processes. The shop-wide cap counts only recipients
 * who never signed in, so spending it cannot lock out the buyers the shop already has; once most of it is spent,
 * a new recipient gets a proof-of-work challenge to solve instead of a refusal, up to a hard ceiling.
 */
export function createOtpService(deps: {
  db: Database;
  key: Buffer;
  delivery: CodeDelivery;
  limits: OtpLimits;
  challenges: Challenges;
  now: () => Date;
}) {
  const { db, key, delivery, limits, challenges, now } = deps;
  const unchallengedPerHour = Math.floor((limits.globalPerHour * limits.challengeAfterPercent) / 100);
  const hashOf = (purpose: string, subject: string, code: string) =>
    hmac(key, `${purpose}\n${subject}\n${code}`);

  async function issue(input: IssueCodeInput): Promise<{ expiresIn: number; resendAfter: number }> {
    const at = now();
    const code = input.fixedCode ?? randomCode();
    const inserted = db.transaction(async (tx) => {
      // Serialises requests for the same subject across processes, so the cool-down cannot be raced.
      await lockCodeSubject(tx, input);
      const latestAt = await latestCodeCreatedAt(tx, input);
      if (latestAt) {
        const wait = Math.ceil(
          (latestAt.getTime() + limits.resendCooldownSeconds * 1000 - at.getTime()) / 1000,
        );
        if (wait > 0) {
          throw tooManyRequests(`Please wait ${wait} seconds before asking for another code`, wait);
        }
      }
      const perIp = await hitRateLimit(
        tx,
        { key: `otp:ip:${clientKey(input.ip)}`, limit: limits.ipPerHour, windowSeconds: HOUR },
        at,
      );
      if (!perIp.allowed) {
        throw tooManyRequests(
          'Too many codes were requested from this network. Try again later.',
          perIp.retryAfterSeconds,
        );
      }
      const perNetwork = await hitRateLimit(
        tx,
        { key: `otp:net:${networkKey(input.ip)}`, limit: limits.networkPerHour, windowSeconds: HOUR },
        at,
      );
      if (!perNetwork.allowed) {
        throw tooManyRequests(
          'Too many codes were requested from this network. Try again later.',
          perNetwork.retryAfterSeconds,
        );
      }
      const perSubject = await hitRateLimit(
        tx,
        { key: `otp:${input.purpose}:${input.subject}`, limit: limits.subjectPerHour, windowSeconds: HOUR },
        at,
      );
      if (!perSubject.allowed) {
        throw tooManyRequests(
          input.channel === 'sms'
            ? 'Too many codes were sent to this number. Try again later.'
            : 'Too many codes were sent to this address. Try again later.',
          perSubject.retryAfterSeconds,
        );
      }
      // Last, so a request refused above does not use up the shop's budget; test numbers are never delivered.
      // A refusal rolls the transaction back, so a request answered with a challenge counts nowhere.
      if (input.fixedCode === undefined && !input.bySignedInBuyer && !(await isKnownRecipient(tx, input))) {
        const global = await hitRateLimit(
          tx,
          { key: 'otp:global', limit: unchallengedPerHour, windowSeconds: HOUR },
          at,
        );
        if (!global.allowed) {
          if (input.altcha === undefined) throw new ChallengeNeeded();
          const solved = await challenges.verify(input.altcha);
          if (!(await spendChallenge(tx, solved, at))) {
            throw new HttpError(400, 'This connection check was already used. Please try again.', {
              field: 'altcha',
            });
          }
          const ceiling = await hitRateLimit(
            tx,
            { key: 'otp:global:solved', limit: limits.solvedPerHour, windowSeconds: HOUR },
            at,
          );
          if (!ceiling.allowed) throw tooManyRequests(SPENT, ceiling.retryAfterSeconds);
        }
      }
      // Only the newest code works.
      await consumeLiveCodes(tx, input, at);
      await insertCode(tx, {
        purpose: input.purpose,
        subject: input.subject,
        codeHash: hashOf(input.purpose, input.subject, code),
        createdAt: at,
        expiresAt: new Date(at.getTime() + OTP_TTL_SECONDS * 1000),
      });
      // Codes older than a day are of no use to anyone.
      await deleteCodesBefore(tx, input, new Date(at.getTime() - 24 * HOUR * 1000));
    });
    // Made outside the transaction: the shop-wide counter's row stays locked no longer than it must.
    await inserted.catch(async (error: unknown) => {
      throw error instanceof ChallengeNeeded ? challengeRequired(await challenges.create()) : error;
    });
    if (input.fixedCode === undefined) {
      try {
        await delivery.send({
          channel: input.channel,
          to: input.to,
          code,
          purpose: input.purpose,
          validForMinutes: OTP_TTL_SECONDS / 60,
        });
      } catch (error) {
        await consumeLiveCodes(db, input, at);
        throw new HttpError(502, 'The code could not be sent. Please try again in a moment.').withCause(
          error,
        );
      }
    }
    return { expiresIn: OTP_TTL_SECONDS, resendAfter: limits.resendCooldownSeconds };
  }

  /** Checks a code; throws 400 with the reason, or returns when it was right (it is then used up). */
  async function verify(purpose: OtpPurpose, subject: string, code: string): Promise<void> {
    const at = now();
    const latest = await latestCode(db, { purpose, subject });
    if (!latest || latest.consumedAt !== null) {
      if (latest && latest.attempts >= OTP_MAX_ATTEMPTS) throw attemptsExceeded();
      throw expired();
    }
    if (latest.expiresAt.getTime() <= at.getTime()) throw expired();
    const hash = hashOf(purpose, subject, code);
    if (!safeEqual(hash, latest.codeHash)) {
      // The same wrong code again (a double tap, a replay) is refused as before without using up another try.
      if (latest.refusedHashes.includes(hash)) throw wrongCode(OTP_MAX_ATTEMPTS - latest.attempts);
      const attempts = await countRefusedAttempt(db, latest.id, OTP_MAX_ATTEMPTS, hash);
      if (attempts === undefined) {
        const current = await latestCode(db, { purpose, subject });
        if (current?.id === latest.id && current.consumedAt === null && current.refusedHashes.includes(hash))
          throw wrongCode(OTP_MAX_ATTEMPTS - current.attempts);
        throw attemptsExceeded();
      }
      const left = OTP_MAX_ATTEMPTS - attempts;
      if (left <= 0) {
        await killCode(db, latest.id, at);
        throw attemptsExceeded();
      }
      throw wrongCode(left);
    }
    // Count the right try too, atomically: parallel guesses cannot get past the limit.
    if ((await countCodeAttempt(db, latest.id, OTP_MAX_ATTEMPTS)) === undefined) throw attemptsExceeded();
    if (!(await spendCode(db, latest.id, at))) throw expired();
  }

  return { issue, verify };
}

export type OtpService = ReturnType<typeof createOtpService>;

function wrongCode(left: number): HttpError {
  return new HttpError(400, `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`, {
    res_status: USER_RES_STATUS.INVALID_OTP,
    field: 'otp',
  });
}

function expired(): HttpError {
  return new HttpError(400, 'This code has expired. Ask for a new one.', {
    res_status: USER_RES_STATUS.OTP_EXPIRED,
    field: 'otp',
  });
}

function attemptsExceeded(): HttpError {
  return new HttpError(400, 'Too many wrong tries for this code. Ask for a new one.', {
    res_status: USER_RES_STATUS.OTP_ATTEMPTS_EXCEEDED,
    field: 'otp',
  });
}
