import {
  type FormId,
  type FormSubmission,
  type FormSubmissionRequest,
  formSubmissionResponseSchema,
  formSubmissionsResponseSchema,
} from '@contract/forms';
import { queryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from './client';
import { isApiError } from './errors';
import { newIdempotencyKey, type OutboxStatus, useOutboxStatus } from './outboxStatus';
import { getAccessToken, type TokenSetName } from './tokens';

/*
 * The forms service (spec §7 "Forms"): a request form's submission, the buyer's or a visitor's, and the buyer's own
 * submissions. Shapes in contract/forms.ts. These calls go without x-tz (spec §7: form submissions drop it).
 */

/** The session a submission is sent under: the shop's own first, then the forms sign-in's; none is anonymous. */
const SUBMITTING_SETS: readonly TokenSetName[] = ['main', 'forms', 'business'];

export function formSession(): TokenSetName | null {
  return SUBMITTING_SETS.find((set) => getAccessToken(set) !== '') ?? null;
}

/** Sent now, or kept in the outbox to be sent when the connection is back (see useFormDelivery). */
export type FormSubmitOutcome =
  | { status: 'sent'; key: string; submission: FormSubmission }
  | { status: 'waiting'; key: string };

/**
 * Sends a form: under the buyer's account when signed in, otherwise as a visitor's. Offline or when the request
 * cannot get through, it waits in the outbox under the same Idempotency-Key, so the server stores it once.
 */
export async function submitForm(
  body: FormSubmissionRequest,
  session: TokenSetName | null = formSession(),
  key: string = newIdempotencyKey(),
): Promise<FormSubmitOutcome> {
  const request = {
    service: 'forms',
    path: session ? '/create_ib_form_submission/v1/' : '/create_public_ib_form_submission_details/v1/',
    body,
    auth: session ?? false,
    tz: false,
  } as const;
  try {
    const answer = await apiRequest({
      ...request,
      method: 'POST',
      headers: { 'Idempotency-Key': key },
      schema: formSubmissionResponseSchema,
    });
    return { status: 'sent', key, submission: answer.submission };
  } catch (error) {
    if (!isApiError(error) || !(error.isNetworkError || error.isTimeout)) throw error;
    try {
      // The outbox's code loads only when a request has to wait.
      const { enqueue } = await import('./outbox');
      await enqueue({ kind: 'form', request, key });
    } catch (queueError) {
      // No room or no IndexedDB: the person sees why, and what they typed stays.
      throw isApiError(queueError) ? queueError : error;
    }
    return { status: 'waiting', key };
  }
}

export type FormDelivery =
  | { state: 'waiting' }
  | { state: 'sent'; submission: FormSubmission | null }
  | { state: 'dropped'; message: string };

/** What the outbox says of a submission that waited: still waiting, stored (with the server's answer), or refused. */
export function formDeliveryOf(status: OutboxStatus | undefined): FormDelivery | undefined {
  if (!status) return undefined;
  if (status.state === 'waiting') return status;
  if (status.state === 'dropped') return { state: 'dropped', message: status.message };
  const parsed = formSubmissionResponseSchema.safeParse(status.body);
  return { state: 'sent', submission: parsed.success ? parsed.data.submission : null };
}

/** Where a submission that waited in the outbox stands; undefined for a key this page did not enqueue. */
export function useFormDelivery(key: string | null): FormDelivery | undefined {
  const status = useOutboxStatus(key);
  return useMemo(() => formDeliveryOf(status), [status]);
}

export const formsKeys = {
  all: ['forms'] as const,
  submissions: (formId: FormId, session: TokenSetName) => ['forms', 'submissions', formId, session] as const,
};

/** The signed-in buyer's own submissions of one form, newest first. */
export const formSubmissionsQuery = (formId: FormId, session: TokenSetName) =>
  queryOptions({
    queryKey: formsKeys.submissions(formId, session),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest({
        service: 'forms',
        path: '/get_ib_form_submission_details/v1/',
        query: { form_id: formId },
        auth: session,
        tz: false,
        signal,
        schema: formSubmissionsResponseSchema,
      });
      return answer.submissions;
    },
  });
