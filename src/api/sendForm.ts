import type { FormSubmissionRequest, FormSubmissionResponse } from '@contract/forms';
import { notifyFormSent } from './formEvents';
import { formSession, submitForm } from './forms';
import type { TokenSetName } from './tokens';

/*
 * The one way a form submission leaves the app: every request form (through useSubmitForm) and the checkout's
 * payment-gateway-issue form call sendForm, so a delivery policy (an outbox, a retry) is changed here once.
 */

export interface SendFormOptions {
  /** The session to send under; left out, the first signed-in set (main, forms, business), else anonymous. */
  session?: TokenSetName | null;
}

/** Sends a form submission (without x-tz) and tells ./formEvents' listeners once the server has stored it. */
export async function sendForm(
  body: FormSubmissionRequest,
  options: SendFormOptions = {},
): Promise<FormSubmissionResponse> {
  const answer = await submitForm(body, options.session === undefined ? formSession() : options.session);
  notifyFormSent(answer.submission);
  return answer;
}
