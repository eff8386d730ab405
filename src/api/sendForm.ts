import type { FormSubmissionRequest } from '@contract/forms';
import { notifyFormSent } from './formEvents';
import { type FormSubmitOutcome, formDeliveryOf, formSession, submitForm } from './forms';
import { outboxStatus, subscribeOutbox } from './outboxStatus';
import type { TokenSetName } from './tokens';

/*
 * The one way a form submission leaves the app: every request form (through useSubmitForm) and the checkout's
 * payment-gateway-issue form call sendForm; a submission that cannot get through waits in the outbox.
 */

export interface SendFormOptions {
  /** The session to send under; left out, the first signed-in set (main, forms, business), else anonymous. */
  session?: TokenSetName | null;
}

/** Tells ./formEvents' listeners once the outbox has delivered the submission kept under `key`. */
function notifyWhenDelivered(key: string): void {
  const stop = subscribeOutbox(() => {
    const delivery = formDeliveryOf(outboxStatus(key));
    if (!delivery || delivery.state === 'waiting') return;
    stop();
    if (delivery.state === 'sent' && delivery.submission) notifyFormSent(delivery.submission);
  });
}

/** Sends a form submission (without x-tz), or keeps it in the outbox; listeners hear of it once it is stored. */
export async function sendForm(
  body: FormSubmissionRequest,
  options: SendFormOptions = {},
): Promise<FormSubmitOutcome> {
  const outcome = await submitForm(body, options.session === undefined ? formSession() : options.session);
  if (outcome.status === 'sent') notifyFormSent(outcome.submission);
  else notifyWhenDelivered(outcome.key);
  return outcome;
}
