import type { FormSubmission } from '@contract/forms';

/*
 * Who hears of a stored form submission (the analytics' form_submit_success): a module without imports, so the
 * shell can listen from the first load without loading the forms' code.
 */

export type FormSentListener = (submission: FormSubmission) => void;

const listeners = new Set<FormSentListener>();

/** Calls `listener` after every stored submission; answers the way to stop. */
export function onFormSent(listener: FormSentListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener of a stored submission; a listener's fault never fails the submission. */
export function notifyFormSent(submission: FormSubmission): void {
  for (const listener of listeners) {
    try {
      listener(submission);
    } catch {
      // See above.
    }
  }
}
