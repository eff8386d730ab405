import { USER_RES_STATUS } from '@contract/user';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { otpCodes } from '../../db/schema';
import { HttpError } from '../../errors';
import { hmac, randomCode, safeEqual } from './crypto';
import type { CodeDelivery, CodeMessage } from './delivery/types';
import { hitRateLimit } from './rate-limit';

/** The codes of one purpose and subject that can still be used. */
function liveCodesOf(input: { purpose: string; subject: string }) {
  return and(
    eq(otpCodes.purpose, input.purpose),
    eq(otpCodes.subject, input.subject),
    isNull(otpCodes.consumedAt),
  );
}

export const OTP_TTL_SECONDS = 600;
export const OTP_MAX_ATTEMPTS = 5;
const HOUR = 3600;

export type OtpPurpose = CodeMessage['purpose'];

export interface OtpLimits {
  resendCooldownSeconds: number;
  subjectPerHour: number;
  ipPerHour: number;
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
 * valid 10 minutes, 5 tries, a cool-down between codes and hourly limits per subject and per IP, all in the
 * database so they hold across processes.
 */
export function createOtpService(deps: {
  db: Database;
  key: Buffer;
  delivery: CodeDelivery;
  limits: OtpLimits;
  now: () => Date;
}) {
  const { db, key, delivery, limits, now } = deps;
  const hashOf = (purpose: string, subject: string, code: string) =>
    hmac(key, `${purpose}\n${subject}\n${code}`);

  async function issue(input: IssueCodeInput): Promise<{ expiresIn: number; resendAfter: number }> {
    const at = now();
    const code = input.fixedCode ?? randomCode();
    await db.transaction(async (tx) => {
      // Serialises requests for the same subject across processes, so the cool-down cannot be raced.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`otp:${input.purpose}:${input.subject}`}, 0))`,
      );
      const [latest] = await tx
        .select({ createdAt: otpCodes.createdAt })
        .from(otpCodes)
        .where(and(eq(otpCodes.purpose, input.purpose), eq(otpCodes.subject, input.subject)))
        .orderBy(desc(otpCodes.createdAt))
        .limit(1);
      if (latest) {
        const wait = Math.ceil(
          (latest.createdAt.getTime() + limits.resendCooldownSeconds * 1000 - at.getTime()) / 1000,
        );
        if (wait > 0) {
          throw tooManyRequests(`Please wait ${wait} seconds before asking for another code`, wait);
        }
      }
      const perIp = await hitRateLimit(
        tx,
        { key: `otp:ip:${input.ip}`, limit: limits.ipPerHour, windowSeconds: HOUR },
        at,
      );
      if (!perIp.allowed) {
        throw tooManyRequests(
          'Too many codes were requested from this network. Try again later.',
          perIp.retryAfterSeconds,
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
      // Only the newest code works.
      await tx.update(otpCodes).set({ consumedAt: at }).where(liveCodesOf(input));
      await tx.insert(otpCodes).values({
        purpose: input.purpose,
        subject: input.subject,
        codeHash: hashOf(input.purpose, input.subject, code),
        attempts: 0,
        createdAt: at,
        expiresAt: new Date(at.getTime() + OTP_TTL_SECONDS * 1000),
      });
      // Codes older than a day are of no use to anyone.
      await tx
        .delete(otpCodes)
        .where(
          and(
            eq(otpCodes.purpose, input.purpose),
            eq(otpCodes.subject, input.subject),
            lt(otpCodes.createdAt, new Date(at.getTime() - 24 * HOUR * 1000)),
          ),
        );
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
        await db.update(otpCodes).set({ consumedAt: at }).where(liveCodesOf(input));
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
    const [latest] = await db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.purpose, purpose), eq(otpCodes.subject, subject)))
      .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
      .limit(1);
    if (!latest || latest.consumedAt !== null) {
      if (latest && latest.attempts >= OTP_MAX_ATTEMPTS) throw attemptsExceeded();
      throw expired();
    }
    if (latest.expiresAt.getTime() <= at.getTime()) throw expired();
    // Count the try first, atomically: parallel guesses cannot get past the limit.
    const [counted] = await db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(
        and(eq(otpCodes.id, latest.id), isNull(otpCodes.consumedAt), lt(otpCodes.attempts, OTP_MAX_ATTEMPTS)),
      )
      .returning({ attempts: otpCodes.attempts });
    if (!counted) throw attemptsExceeded();
    if (!safeEqual(hashOf(purpose, subject, code), latest.codeHash)) {
      const left = OTP_MAX_ATTEMPTS - counted.attempts;
      if (left <= 0) {
        await db.update(otpCodes).set({ consumedAt: at }).where(eq(otpCodes.id, latest.id));
        throw attemptsExceeded();
      }
      throw new HttpError(400, `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`, {
        res_status: USER_RES_STATUS.INVALID_OTP,
        field: 'otp',
      });
    }
    const [used] = await db
      .update(otpCodes)
      .set({ consumedAt: at })
      .where(and(eq(otpCodes.id, latest.id), isNull(otpCodes.consumedAt)))
      .returning({ id: otpCodes.id });
    if (!used) throw expired();
  }

  return { issue, verify };
}

export type OtpService = ReturnType<typeof createOtpService>;

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
