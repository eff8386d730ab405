import { isDeepStrictEqual } from 'node:util';
import {
  FORM_SUBMISSIONS_PAGE,
  type FormId,
  type FormSubmission,
  type formSubmissionRequestSchema,
} from '@contract/forms';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { HttpError } from '../../errors';
import { normalizePhone } from '../auth/phone';
import {
  type FormSubmissionRow,
  findFormSubmissionByKey,
  insertFormSubmission,
  listFormSubmissions,
} from './repo';

type SubmissionBody = z.output<typeof formSubmissionRequestSchema>;

export interface FormsServiceDeps {
  db: Database;
  now: () => Date;
  /** The sign-in's test numbers: accepted on a form as they are at sign-in. */
  testNumbers: ReadonlyMap<string, string>;
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

function toWire(row: FormSubmissionRow): FormSubmission {
  return {
    submission_id: row.id,
    form_id: row.formId,
    form_submission_data: row.data,
    created_at: row.createdAt.toISOString(),
  };
}

/** Request forms (spec §1, §7 "Forms"): a visitor's or a buyer's submission, and a buyer's own list. */
export function createFormsService({ db, now, testNumbers }: FormsServiceDeps) {
  function prepare(body: SubmissionBody): Record<string, string> {
    switch (body.form_id) {
      case 'get_invite': {
        const data = body.form_submission_data;
        const phone = checkedPhone(data, testNumbers);
        return storedData({
          ...data,
          phone_number: phone.phoneNumber,
          country_code: phone.countryCode,
          iso_country_code: phone.isoCountryCode,
        });
      }
      case 'payment_gateway_issue':
        return storedData(body.form_submission_data);
    }
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
      const data = prepare(body);
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
