import type { FormSubmission } from '@contract/forms';

/*
 * Who hears of a stored form submission (the analytics' form_submit_success): a module without imports, so the
 * shell can listen without loading the forms' code. The shell listens once the page is live (src/app/boot); a
 * submission stored before anyone listens is kept for the first listener, so none goes unheard.
 */

export type FormSentListener = (submission: FormSubmission) => void;

const listeners = new Set<FormSentListener>();
const unheard: FormSubmission[] = [];

function tell(listener: FormSentListener, submission: FormSubmission): void {
  try {
    listener(submission);
  } catch {
    // A listener's fault never fails the submission.
  }
}

/** Calls `listener` after every stored submission (and at once for those nobody heard yet); answers the way to stop. */
export function onFormSent(listener: FormSentListener): () => void {
  listeners.add(listener);
  for (const submission of unheard.splice(0)) tell(listener, submission);
  return () => listeners.delete(listener);
}

/** Tells every listener of a stored submission, or keeps it for the first one. */
export function notifyFormSent(submission: FormSubmission): void {
  if (listeners.size === 0) unheard.push(submission);
  for (const listener of listeners) tell(listener, submission);
}
