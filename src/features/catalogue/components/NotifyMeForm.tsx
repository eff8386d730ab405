import { type FormEvent, useId } from 'react';
import { z } from 'zod';
import type { NotifyMeContact } from '@/api/commerce';
import { isApiError } from '@/api/errors';
import { useAppForm } from '@/ui/form/textForm';
import { parseContact } from '../contact';

export interface NotifyMeFormProps {
  countryCode: string;
  /** notifyMe: ready; notifyMePending: sending; notifyMeFailure: the last request failed. */
  status: 'notifyMe' | 'notifyMePending' | 'notifyMeFailure';
  /** The failure of the last request, shown above the button. */
  error?: unknown;
  onSubmit: (contact: NotifyMeContact) => void;
  /** What the visitor is asking to be told of. */
  title?: string;
}

export const NOTIFY_ME_FAILED = 'We could not save your request. Please try again.';

function failureText(error: unknown): string {
  if (isApiError(error)) {
    if (error.isNetworkError) return 'You seem to be offline. Check your connection and try again.';
    if (error.httpStatusCode >= 400 && error.httpStatusCode < 500 && error.message) return error.message;
  }
  return NOTIFY_ME_FAILED;
}

/** The contact field's rule: an e-mail id or a mobile number valid for the buyer's country. */
export function notifyMeSchema(countryCode: string) {
  return z.object({
    contact: z.string().superRefine((value, ctx) => {
      const result = parseContact(value, countryCode);
      if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message });
    }),
  });
}

/**
 * "Tell me when it is back": an e-mail id or a mobile number. What the buyer typed stays in the field
 * through a failure (DESIGN.md §4: nothing a user typed is lost on an error). The package availability machine
 * sends it (NOTIFY_ME → notifyMePending), its call going through the query client's useMutation.
 */
export function NotifyMeForm({
  countryCode,
  status,
  error,
  onSubmit,
  title = 'Tell me when it is back',
}: NotifyMeFormProps) {
  const titleId = useId();
  const failureId = useId();
  const pending = status === 'notifyMePending';
  const schema = notifyMeSchema(countryCode);
  const form = useAppForm({
    defaultValues: { contact: '' },
    validators: { onChange: schema, onBlur: schema },
    onSubmit: ({ value }) => {
      const result = parseContact(value.contact, countryCode);
      if (result.ok && !pending) onSubmit(result.contact);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.handleSubmit();
  };

  return (
    <form className="catalogue-notify" aria-labelledby={titleId} noValidate onSubmit={submit}>
      <p id={titleId} className="catalogue-notify__title">
        {title}
      </p>
      <form.AppField name="contact">
        {(field) => (
          <field.TextField
            label="E-mail or mobile number"
            autoComplete="email"
            inputMode="email"
            hint={
              countryCode === 'IN'
                ? 'e.g. you@example.com or 98765 43210'
                : 'e.g. you@example.com or +1 202 555 0143'
            }
            disabled={pending}
            aria-describedby={status === 'notifyMeFailure' ? failureId : undefined}
          />
        )}
      </form.AppField>
      {status === 'notifyMeFailure' && (
        <p id={failureId} className="catalogue-notify__failure" role="alert">
          {failureText(error)}
        </p>
      )}
      <form.AppForm>
        <form.SubmitButton fullWidth variant="secondary" loading={pending}>
          {status === 'notifyMeFailure' ? 'Try again' : 'Notify me'}
        </form.SubmitButton>
      </form.AppForm>
    </form>
  );
}
