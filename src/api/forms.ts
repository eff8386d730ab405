import {
  type FormId,
  type FormSubmissionRequest,
  formSubmissionResponseSchema,
  formSubmissionsResponseSchema,
} from '@contract/forms';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
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

/** Sends a form: under the buyer's account when signed in, otherwise as a visitor's. Called by ./sendForm only. */
export function submitForm(body: FormSubmissionRequest, session: TokenSetName | null = formSession()) {
  return apiRequest({
    service: 'forms',
    path: session ? '/create_ib_form_submission/v1/' : '/create_public_ib_form_submission_details/v1/',
    method: 'POST',
    body,
    auth: session ?? false,
    tz: false,
    schema: formSubmissionResponseSchema,
  });
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
