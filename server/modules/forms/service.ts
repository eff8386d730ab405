import { isDeepStrictEqual } from 'node:util';
import {
  FORM_SUBMISSIONS_PAGE,
  type FormId,
  type FormSubmission,
  formNeedsSignIn,
  type formSubmissionRequestSchema,
  preferredDateProblem,
  shopToday,
} from '@contract/forms';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { HttpError } from '../../errors';
import { normalizePhone } from '../auth/phone';
import {
  type FormSubmissionRow,
  findFormSubmissionByKey,
  findOrderOwner,
  insertFormSubmission,
  listFormSubmissions,
} from './repo';

type SubmissionBody = z.output<typeof formSubmissionRequestSchema>;

export interface FormsServiceDeps {
  db: Database;
  now: () => Date;
  /** The sign-in's test numbers: accepted on a form as they are at sign-in. */
  testNumbers: ReadonlyMap<string, string>;
  /** The forms-login flag (spec §9): on, the forms of SIGN_IN_FORM_IDS are refused without an account. */
  formsLogin: boolean;
}

/** What is kept of a form's data: its filled fields as text, empty optional ones left out. */
function storedData(data: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(data).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
}

/** The phone number checked for its country as the sign-in checks it; its error names the form's field. */
function checkedPhone(
  data: { phone_number: string; country_code: string; iso_country_code?: string | undefined },
  testNumbers: ReadonlyMap<string, string>,
) {
  try {
    return normalizePhone(data, testNumbers);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const field = error.details.field ?? 'phone_number';
    throw new HttpError(400, error.message, {
      ...error.details,
      field: `form_submission_data.${field}`,
    });
  }
}

/** A preferred date before today or too far ahead, named as the form's field. */
function checkPreferredDate(date: string, now: Date): void {
  const problem = preferredDateProblem(date, shopToday(now));
  if (problem) throw new HttpError(400, problem, { field: 'form_submission_data.preferred_date' });
}

function toWire(row: FormSubmissionRow): FormSubmission {
  return {
    submission_id: row.id,
    form_id: row.formId,
    form_submission_data: row.data,
    created_at: row.createdAt.toISOString(),
  };
}

/** Request forms (spec §1, §7 "Forms"): a visitor's or a buyer's submission, and a buyer's own list. */
export function createFormsService({ db, now, testNumbers, formsLogin }: FormsServiceDeps) {
  function prepare(body: SubmissionBody): Record<string, string> {
    const data: Record<string, string | undefined> = body.form_submission_data;
    if ('preferred_date' in body.form_submission_data)
      checkPreferredDate(body.form_submission_data.preferred_date, now());
    if (!('phone_number' in body.form_submission_data)) return storedData(data);
    // Every number is kept as the sign-in keeps it: national digits, its dial code and its country.
    const phone = checkedPhone(body.form_submission_data, testNumbers);
    return storedData({
      ...data,
      phone_number: phone.phoneNumber,
      country_code: phone.countryCode,
      iso_country_code: phone.isoCountryCode,
    });
  }

  /** A form about an order names one that exists and, when a buyer sends it, one of theirs. */
  async function checkOrder(orderId: string, userId: string | null) {
    const owner = await findOrderOwner(db, orderId);
    if (owner === undefined || (userId !== null && owner !== userId))
      throw new HttpError(404, 'Unknown order', { field: 'form_submission_data.orderId' });
  }

  /** A replay gets the first answer; the same key on another sender's or another submission is refused. */
  function replayed(
    row: FormSubmissionRow,
    formId: FormId,
    userId: string | null,
    data: Record<string, string>,
  ) {
    if (row.userId !== userId || row.formId !== formId || !isDeepStrictEqual(row.data, data)) {
      throw new HttpError(
        409,
        'This Idempotency-Key was used for a different submission. Send a new key for a new submission.',
        { field: 'Idempotency-Key' },
      );
    }
    return toWire(row);
  }

  return {
    /** Stores a submission once per Idempotency-Key; userId is null for the anonymous call. */
    async submit(
      body: SubmissionBody,
      userId: string | null,
      idempotencyKey: string | null = null,
    ): Promise<FormSubmission> {
      if (userId === null && formNeedsSignIn(body.form_id, formsLogin))
        throw new HttpError(401, 'Sign in to send this form');
      const data = prepare(body);
      if ('orderId' in body.form_submission_data) await checkOrder(body.form_submission_data.orderId, userId);
      if (idempotencyKey) {
        const seen = await findFormSubmissionByKey(db, idempotencyKey);
        if (seen) return replayed(seen, body.form_id, userId, data);
      }
      const row = await insertFormSubmission(db, {
        formId: body.form_id,
        userId,
        data,
        idempotencyKey,
        createdAt: now(),
      });
      if (row) return toWire(row);
      // Two sends of one key at once: the other one stored it.
      const first = idempotencyKey ? await findFormSubmissionByKey(db, idempotencyKey) : undefined;
      if (!first) throw new Error('form_submissions: the insert returned no row');
      return replayed(first, body.form_id, userId, data);
    },

    /** The buyer's own submissions of one form, newest first. */
    async list(userId: string, formId: FormId): Promise<FormSubmission[]> {
      const rows = await listFormSubmissions(db, userId, formId, FORM_SUBMISSIONS_PAGE);
      return rows.map(toWire);
    },
  };
}

export type FormsService = ReturnType<typeof createFormsService>;
