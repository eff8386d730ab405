import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database, Executor } from '../db/client';
import { hitRateLimit } from '../db/rate-limit';
import { HttpError } from '../errors';
import { tooManyRequests } from '../plugins/rate-limit';
import type { FileStorage } from './storage';
import type { UploadPart } from './upload';

const MB = 1024 * 1024;
const HOUR_SECONDS = 3600;
/** The shop's budget is counted in KiB: a 32-bit counter of bytes would overflow at 2 GB. */
const KIB = 1024;

/** What an account may keep per purpose, what the whole shop takes per hour, and when unused files go. */
export interface UploadLimits {
  filesPerAccount: number;
  bytesPerAccount: number;
  shopBytesPerHour: number;
  orphanHours: number;
}

export function uploadLimits(config: Config): UploadLimits {
  return {
    filesPerAccount: config.UPLOAD_FILES_PER_ACCOUNT,
    bytesPerAccount: config.UPLOAD_MB_PER_ACCOUNT * MB,
    shopBytesPerHour: config.UPLOAD_SHOP_MB_PER_HOUR * MB,
    orphanHours: config.UPLOAD_ORPHAN_HOURS,
  };
}

/** The files and bytes one account keeps for one purpose. */
export interface UploadUsage {
  files: number;
  bytes: number;
}

/** One account's uploads of one purpose, as the module that keeps them counts them. */
export interface UploadShelf {
  /** Names the account and purpose, e.g. "associate_uploads:<user>:pan"; uploads under one name take turns. */
  scope: string;
  /** Names the files in messages, e.g. "PAN proof". */
  what: string;
  usage(db: Executor): Promise<UploadUsage>;
}

export interface UploadQuotaDeps {
  db: Database;
  now: () => Date;
  storage: FileStorage;
  limits: UploadLimits;
}

const megabytes = (bytes: number) => Math.ceil(bytes / MB);

function tooManyFiles(shelf: UploadShelf, limits: UploadLimits): HttpError {
  return tooManyRequests(
    `You have ${limits.filesPerAccount} ${shelf.what} files with us, the most we keep. Use one you uploaded, ` +
      `or try again later: files you do not use are removed ${limits.orphanHours} hours after upload.`,
    limits.orphanHours * HOUR_SECONDS,
  );
}

function tooManyBytes(shelf: UploadShelf, limits: UploadLimits, usage: UploadUsage): HttpError {
  return new HttpError(
    413,
    `Your ${shelf.what} files come to ${megabytes(usage.bytes)} MB of the ${megabytes(limits.bytesPerAccount)} MB ` +
      `we keep for you. Choose a smaller file, use one you uploaded, or try again later: files you do not use are ` +
      `removed ${limits.orphanHours} hours after upload.`,
    { field: 'file' },
  );
}

/** Counts `bytes` against the shop's hourly budget (0 only asks whether any is left); a 429 once it is spent. */
async function chargeShop({ db, now, limits }: UploadQuotaDeps, bytes: number): Promise<void> {
  const hit = await hitRateLimit(
    db,
    {
      key: 'uploads:shop:kib',
      limit: Math.floor(limits.shopBytesPerHour / KIB),
      windowSeconds: HOUR_SECONDS,
    },
    now(),
    Math.ceil(bytes / KIB),
  );
  if (!hit.allowed) {
    throw tooManyRequests(
      'We are receiving too many files right now. Please try again later.',
      hit.retryAfterSeconds,
    );
  }
}

/**
 * Refuses before the file is stored when the account's shelf is already full or the shop's budget is spent; the
 * refused file is read away unused, so the answer reaches its sender.
 */
export async function checkUploadRoom(
  deps: UploadQuotaDeps,
  shelf: UploadShelf,
  part: UploadPart,
): Promise<void> {
  try {
    const usage = await shelf.usage(deps.db);
    if (usage.files >= deps.limits.filesPerAccount) throw tooManyFiles(shelf, deps.limits);
    if (usage.bytes >= deps.limits.bytesPerAccount) throw tooManyBytes(shelf, deps.limits, usage);
    await chargeShop(deps, 0);
  } catch (error) {
    part.file.resume();
    throw error;
  }
}

/**
 * Records (`insert`) a stored file of `size` bytes against the shop's budget and the account's quota, or deletes
 * it and refuses. The count and the insert run under a lock per shelf, so uploads arriving together (in any
 * process) cannot both take the last place.
 */
export async function keepWithinQuota(
  deps: UploadQuotaDeps,
  shelf: UploadShelf,
  stored: { key: string; size: number },
  insert: (db: Executor) => Promise<void>,
): Promise<void> {
  const { key, size } = stored;
  try {
    await chargeShop(deps, size);
    await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${shelf.scope}, 0))`);
      const usage = await shelf.usage(tx);
      if (usage.files + 1 > deps.limits.filesPerAccount) throw tooManyFiles(shelf, deps.limits);
      if (usage.bytes + size > deps.limits.bytesPerAccount) throw tooManyBytes(shelf, deps.limits, usage);
      await insert(tx);
    });
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
}
