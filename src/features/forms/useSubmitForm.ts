import type { FormSubmissionRequest } from '@contract/forms';
import { useMutation } from '@tanstack/react-query';
import { sendForm } from '@/api/sendForm';
import type { TokenSetName } from '@/api/tokens';

export interface SubmitFormVariables {
  body: FormSubmissionRequest;
  /** The session to send under; left out, the first signed-in set, else anonymous. */
  session?: TokenSetName | null;
}

/** Every request form's submission, through the app's one sendForm (src/api/sendForm.ts): sent, or waiting. */
export function useSubmitForm() {
  return useMutation({
    mutationKey: ['forms', 'submit'] as const,
    // Offline it is kept in the outbox: the mutation must run, not pause until the connection is back.
    networkMode: 'always',
    mutationFn: ({ body, session }: SubmitFormVariables) =>
      sendForm(body, session === undefined ? {} : { session }),
  });
}
