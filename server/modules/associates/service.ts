import { randomInt } from 'node:crypto';
import {
  ACTIVITY_ORDERS_PAGE,
  type ActivitySummary,
  type AssociateDetails,
  type AssociateRegistration,
  NEW_PAYOUT_STATUS,
  NEW_VERIFICATION_STATUS,
  type ReferralsAggregate,
  UPLOAD_MAX_BYTES,
  UPLOAD_MIME_TYPES,
  UPLOAD_TYPES,
  type UploadMimeType,
  type UploadPurpose,
  type UploadResponse,
} from '@contract/associates';
import { type Currency, toMajor } from '@contract/money';
import { format } from 'date-fns';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { HttpError } from '../../errors';
import type { FileStorage } from '../../storage';
import { checkUploadRoom, keepWithinQuota, type UploadLimits, type UploadShelf } from '../../storage/quota';
import {
  readOwnedUpload,
  sniffUpload,
  storeUpload,
  type UploadPart,
  type UploadReader,
} from '../../storage/upload';
import { customerOrderId } from '../orders/wire';
import { lookupIfsc } from './ifsc';
import {
  type AssociateRow,
  findAssociate,
  findUpload,
  insertAssociate,
  insertUpload,
  insertView,
  isActiveCode,
  recentReferredOrders,
  referralTotals,
  uploadUsage,
  viewStats,
} from './repo';

/** What a registered associate's code takes off a referred order (5 %, as the demo codes do). */
export const ASSOCIATE_DISCOUNT_BP = 500;

const EXTENSION_OF: Record<UploadMimeType, 'jpg' | 'png' | 'pdf'> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};
const MIME_OF_NAME: Record<(typeof UPLOAD_TYPES)[number], UploadMimeType> = {
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};
const TYPES_TEXT = 'a JPEG, JPG, PNG or PDF file';
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const PROOF_NAMES: Record<UploadPurpose, string> = { pan: 'PAN proof', gst: 'GST proof', bank: 'bank proof' };

export interface AssociatesServiceDeps {
  db: Database;
  now: () => Date;
  storage: FileStorage;
  uploadLimits: UploadLimits;
  /** This process's own write of a code: the checkout's code cache reloads at once. */
  codesChanged: () => Promise<unknown>;
}

function notAssociate(): HttpError {
  return new HttpError(404, 'You are not registered as an affiliate yet', { res_status: 'NOT_AN_ASSOCIATE' });
}

function tooLarge(): HttpError {
  return new HttpError(
    413,
    `This file is over ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB. Choose a smaller one.`,
    {
      field: 'file',
    },
  );
}

/** The name part of a key: the chosen file's name, tidied to what any storage takes. */
function keyName(filename: string): string {
  const stem = filename.replace(/\.[^.]*$/, '').toLowerCase();
  return (
    stem
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'proof'
  );
}

function randomSuffix(length: number): string {
  return Array.from({ length }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** A code a person can say aloud: their name's first letters and four random ones, e.g. ASHARAO-7K2Q. */
function newCode(name: string): string {
  const letters = name
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 8);
  return `${letters || 'IBC'}-${randomSuffix(4)}`;
}

function unreadable(): HttpError {
  return new HttpError(400, 'The upload could not be read. Choose the file again.', { field: 'file' });
}

const REFUSALS = { tooLarge, unreadable };

function fieldError(field: string, message: string): HttpError {
  return new HttpError(400, message, { field });
}

function toDetails(row: AssociateRow): AssociateDetails {
  const { account_number: accountNumber, ...bank } = row.bankPayoutDetails;
  return {
    associate_code: row.associateCode,
    associate_name: row.billingAddressDetails.name,
    verification_status: row.verificationStatus,
    payout_status: row.payoutStatus,
    registered_at: row.createdAt.toISOString(),
    bank_payout_details: { ...bank, account_number_last4: accountNumber.slice(-4) },
    pan_details: row.panDetails,
    gst_details: row.gstDetails,
    billing_address_details: row.billingAddressDetails,
  };
}

/** Associates (spec §3, §4, §7): proofs, registration with a referral code, and the associate's own figures. */
export function createAssociatesService({
  db,
  now,
  storage,
  uploadLimits,
  codesChanged,
}: AssociatesServiceDeps) {
  const quota = { db, now, storage, limits: uploadLimits };
  async function associateOf(userId: string): Promise<AssociateRow> {
    const row = await findAssociate(db, userId);
    if (!row) throw notAssociate();
    return row;
  }

  /** Each proof named must be the person's own upload of that kind. */
  async function checkProof(userId: string, key: string | undefined, purpose: UploadPurpose, field: string) {
    if (key === undefined) return;
    const upload = await findUpload(db, key);
    if (!upload || upload.userId !== userId || upload.purpose !== purpose) {
      throw fieldError(field, 'Upload this proof again: we do not have it');
    }
  }

  return {
    /**
     * Stores one proof: its bytes must be a JPEG, PNG or PDF whatever its name says, the name's type must agree,
     * and it must fit the limit; the key is the bucket path, the owner, the name and the time (spec §3).
     */
    async storeUpload(userId: string, purpose: UploadPurpose, part: UploadPart): Promise<UploadResponse> {
      const shelf: UploadShelf = {
        scope: `associate_uploads:${userId}:${purpose}`,
        what: PROOF_NAMES[purpose],
        usage: (on) => uploadUsage(on, userId, purpose),
      };
      await checkUploadRoom(quota, shelf, part);
      const extension = part.filename.toLowerCase().split('.').pop() ?? '';
      const named = (UPLOAD_TYPES as readonly string[]).includes(extension)
        ? MIME_OF_NAME[extension as (typeof UPLOAD_TYPES)[number]]
        : undefined;
      const sniffed = await sniffUpload(part, REFUSALS);
      const found = sniffed.type?.mime;
      const mime = (UPLOAD_MIME_TYPES as readonly string[]).includes(found ?? '')
        ? (found as UploadMimeType)
        : undefined;
      if (!mime || named !== mime) {
        sniffed.discard();
        const message = !mime
          ? `This file is not ${TYPES_TEXT}.`
          : `This file is a ${EXTENSION_OF[mime].toUpperCase()} but its name says otherwise. Rename it or choose ${TYPES_TEXT}.`;
        throw new HttpError(415, message, { field: 'file' });
      }
      const at = now();
      const key = `associates/${purpose}/${userId}/${keyName(part.filename)}_${format(at, 'yyyyMMddHHmmss')}_${randomSuffix(6).toLowerCase()}.${EXTENSION_OF[mime]}`;
      const size = await storeUpload(storage, key, sniffed, mime, part, REFUSALS);
      await keepWithinQuota(quota, shelf, { key, size }, (on) =>
        insertUpload(on, { key, userId, purpose, contentType: mime, size, createdAt: at }),
      );
      return { key, purpose, content_type: mime, size };
    },

    /** An upload for its owner, or for the operator; anyone else is told there is none. */
    async readUpload(key: string, reader: UploadReader) {
      return readOwnedUpload(storage, key, (await findUpload(db, key)) ?? undefined, reader);
    },

    async lookupBank(ifsc: string) {
      const bank = await lookupIfsc(ifsc);
      if (!bank)
        throw new HttpError(404, 'We do not know this IFSC. Check it on your cheque book or passbook.');
      return bank;
    },

    /** Makes the person an associate with a new referral code; their details wait to be verified. */
    async register(userId: string, body: AssociateRegistration): Promise<AssociateDetails> {
      if (await findAssociate(db, userId)) {
        throw new HttpError(409, 'You are already registered as an affiliate');
      }
      const bank = await lookupIfsc(body.bank_payout_details.ifsc_code);
      if (!bank) {
        throw fieldError(
          'bank_payout_details.ifsc_code',
          'We do not know this IFSC. Check it on your cheque book or passbook.',
        );
      }
      const proofs: { key: string | undefined; purpose: UploadPurpose; field: string }[] = [
        {
          key: body.bank_payout_details.bank_details_image_s3_key,
          purpose: 'bank',
          field: 'bank_payout_details.bank_details_image_s3_key',
        },
        ...(body.pan_details.is_user_has_pan
          ? [
              {
                key: body.pan_details.pan_details_image_s3_key,
                purpose: 'pan' as const,
                field: 'pan_details.pan_details_image_s3_key',
              },
            ]
          : []),
        ...(body.gst_details.is_gst_registered
          ? [
              {
                key: body.gst_details.gst_proof_image_s3_key,
                purpose: 'gst' as const,
                field: 'gst_details.gst_proof_image_s3_key',
              },
            ]
          : []),
      ];
      for (const proof of proofs) await checkProof(userId, proof.key, proof.purpose, proof.field);
      const proofKeys = proofs.flatMap((proof) => (proof.key === undefined ? [] : [proof.key]));
      const { confirm_account_number: _confirmed, ...payout } = body.bank_payout_details;
      // What does not apply is not kept: no PAN fields without a PAN, no GST fields without a registration.
      const pan = body.pan_details.is_user_has_pan ? body.pan_details : { is_user_has_pan: false };
      const gst = body.gst_details.is_gst_registered ? body.gst_details : { is_gst_registered: false };
      const at = now();
      for (let attempt = 0; ; attempt += 1) {
        const code = newCode(body.billing_address_details.name);
        try {
          const row = await insertAssociate(
            db,
            {
              code,
              associateName: body.billing_address_details.name,
              discountBp: ASSOCIATE_DISCOUNT_BP,
              maxDiscountMinor: null,
            },
            {
              userId,
              associateCode: code,
              bankPayoutDetails: { ...payout, bank_name: bank.bank_name },
              panDetails: pan,
              gstDetails: gst,
              billingAddressDetails: body.billing_address_details,
              verificationStatus: NEW_VERIFICATION_STATUS,
              payoutStatus: NEW_PAYOUT_STATUS,
              createdAt: at,
              updatedAt: at,
            },
            proofKeys,
          );
          if ('missingProof' in row) {
            const gone = proofs.find((proof) => proof.key === row.missingProof);
            throw fieldError(gone?.field ?? 'file', 'Upload this proof again: we do not have it');
          }
          await codesChanged();
          return toDetails(row);
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          // Two registrations of one person at once: the other one won.
          if (await findAssociate(db, userId)) {
            throw new HttpError(409, 'You are already registered as an affiliate');
          }
          if (attempt >= 4) throw error;
        }
      }
    },

    async details(userId: string): Promise<AssociateDetails> {
      return toDetails(await associateOf(userId));
    },

    async referralsAggregate(userId: string): Promise<ReferralsAggregate> {
      const { associateCode } = await associateOf(userId);
      const [views, totals] = await Promise.all([
        viewStats(db, associateCode),
        referralTotals(db, associateCode),
      ]);
      return {
        associate_code: associateCode,
        views: views.views,
        orders: totals.reduce((sum, row) => sum + row.orders, 0),
        paid_orders: totals.reduce((sum, row) => sum + row.paidOrders, 0),
        paid_totals: totals
          .filter((row) => row.paidOrders > 0)
          .map((row) => ({
            currency: row.currency,
            amount: toMajor(row.paidMinor, row.currency as Currency),
          })),
      };
    },

    async activitySummary(userId: string): Promise<ActivitySummary> {
      const { associateCode } = await associateOf(userId);
      const [views, recent] = await Promise.all([
        viewStats(db, associateCode),
        recentReferredOrders(db, associateCode, ACTIVITY_ORDERS_PAGE),
      ]);
      return {
        associate_code: associateCode,
        last_view_at: views.lastViewAt ? new Date(views.lastViewAt).toISOString() : null,
        orders: recent.map((order) => ({
          customer_order_id: customerOrderId(order.number),
          order_status: order.status,
          total_amount: toMajor(order.totalMinor, order.currency),
          currency: order.currency,
          created_at: order.createdAt.toISOString(),
        })),
      };
    },

    /** Logs a visitor's view of a code once a day; an unknown code is refused so nobody fills the log with noise. */
    async logView(
      body: { associate_code: string; visit_id: string; page_path?: string | undefined },
      idempotencyKey: string | undefined,
    ): Promise<boolean> {
      if (!(await isActiveCode(db, body.associate_code))) {
        throw new HttpError(404, 'This referral code is not valid', { field: 'associate_code' });
      }
      return insertView(db, {
        associateCode: body.associate_code,
        visitId: body.visit_id,
        idempotencyKey: idempotencyKey ?? null,
        pagePath: body.page_path ?? null,
        createdAt: now(),
      });
    },
  };
}

export type AssociatesService = ReturnType<typeof createAssociatesService>;
