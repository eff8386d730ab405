import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { FileStorage } from '../../storage';
import { deleteViewsBefore } from '../associates/repo';
import { deleteNotifyMeRequestsBefore } from '../catalogue/repo';
import { deleteFormSubmissionsBefore } from '../forms/repo';
import { deleteMarketingEventsBefore } from '../marketing/repo';
import { deleteOrphanUploads, deleteSpentCodesAndKeys } from './spent';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface RetentionSweepDeps {
  db: Database;
  now: () => Date;
  /** Rows older than this many days are deleted. */
  retentionDays: number;
  log: FastifyBaseLogger;
  /** Where uploads live, and how long one no registration or booking uses is kept. */
  uploads: { storage: FileStorage; orphanHours: number };
  /** Hours one-time codes are kept after they expire, and Idempotency-Keys after they are made. */
  spent: { codeHours: number; idempotencyKeyHours: number };
}

/** How many rows of each kind one sweep deleted. */
export interface RetentionSweepResult {
  marketingEvents: number;
  notifyMeRequests: number;
  formSubmissions: number;
  orphanUploads: number;
  oneTimeCodes: number;
  idempotencyKeys: number;
  referralViews: number;
}

/**
 * What anonymous callers store (marketing events, notify-me requests, form submissions, referral views) is kept for a
 * retention period and then deleted, so those writes cannot grow the database without bound; so are uploads nothing
 * uses, and one-time codes and Idempotency-Keys past their use.
 */
export function createRetentionSweep({ db, now, retentionDays, log, uploads, spent }: RetentionSweepDeps) {
  let running: Promise<RetentionSweepResult> | undefined;

  async function sweepOnce(): Promise<RetentionSweepResult> {
    const cutoff = new Date(now().getTime() - retentionDays * DAY_MS);
    const result = {
      marketingEvents: await deleteMarketingEventsBefore(db, cutoff),
      notifyMeRequests: await deleteNotifyMeRequestsBefore(db, cutoff),
      formSubmissions: await deleteFormSubmissionsBefore(db, cutoff),
      orphanUploads: await deleteOrphanUploads(
        db,
        uploads.storage,
        new Date(now().getTime() - uploads.orphanHours * HOUR_MS),
      ),
      ...(await deleteSpentCodesAndKeys(db, { now: now(), ...spent })),
      referralViews: await deleteViewsBefore(db, cutoff),
    };
    if (Object.values(result).some((count) => count > 0)) {
      log.info({ ...result, cutoff: cutoff.toISOString() }, 'retention sweep deleted old rows');
    }
    return result;
  }

  return {
    /** One sweep; a call while one is running joins it instead of starting another. */
    sweep(): Promise<RetentionSweepResult> {
      running ??= sweepOnce().finally(() => {
        running = undefined;
      });
      return running;
    },
    /** Resolves once no sweep is running (before the database closes). */
    async settled(): Promise<void> {
      await running?.catch(() => undefined);
    },
  };
}

export type RetentionSweep = ReturnType<typeof createRetentionSweep>;
