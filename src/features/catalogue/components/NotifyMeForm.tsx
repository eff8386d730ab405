import { type FormEvent, useId, useState } from 'react';
import type { NotifyMeContact } from '@/api/commerce';
import { isApiError } from '@/api/errors';
import { Button } from '@/ui/Button';
import { TextInput } from '@/ui/TextInput';
import { parseContact } from '../contact';

export interface NotifyMeFormProps {
  countryCode: string;
  /** notifyMe: ready; notifyMePending: sending; notifyMeFailure: the last request failed. */
  status: 'notifyMe' | 'notifyMePending' | 'notifyMeFailure';
  /** The failure of the last request, shown above the button. */
  error?: unknown;
  onSubmit: (contact: NotifyMeContact) => void;
}

export const NOTIFY_ME_FAILED = 'We could not save your request. Please try again.';

function failureText(error: unknown): string {
  if (isApiError(error)) {
    if (error.isNetworkError) return 'You seem to be offline. Check your connection and try again.';
    if (error.httpStatusCode >= 400 && error.httpStatusCode < 500 && error.message) return error.message;
  }
  return NOTIFY_ME_FAILED;
}

/**
 * "Tell me when it is back": an e-mail id or a mobile number. What the buyer typed stays in the field
 * through a failure (DESIGN.md §4: nothing a user typed is lost on an error).
 */
export function NotifyMeForm({ countryCode, status, error, onSubmit }: NotifyMeFormProps) {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const titleId = useId();
  const failureId = useId();
  const result = parseContact(value, countryCode);
  const pending = status === 'notifyMePending';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (!result.ok || pending) return;
    onSubmit(result.contact);
  };

  return (
    <form className="catalogue-notify" aria-labelledby={titleId} noValidate onSubmit={submit}>
      <p id={titleId} className="catalogue-notify__title">
        Tell me when it is back
      </p>
      <TextInput
        label="E-mail or mobile number"
        name="contact"
        autoComplete="email"
        inputMode="email"
        hint={
          countryCode === 'IN'
            ? 'e.g. you@example.com or 98765 43210'
            : 'e.g. you@example.com or +1 202 555 0143'
        }
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => setTouched(value.trim() !== '' || touched)}
        touched={touched}
        error={result.ok ? null : result.message}
        disabled={pending}
        aria-describedby={status === 'notifyMeFailure' ? failureId : undefined}
      />
      {status === 'notifyMeFailure' && (
        <p id={failureId} className="catalogue-notify__failure" role="alert">
          {failureText(error)}
        </p>
      )}
      <Button type="submit" fullWidth variant="secondary" loading={pending}>
        {status === 'notifyMeFailure' ? 'Try again' : 'Notify me'}
      </Button>
    </form>
  );
}
