import { signUpDetailsRequestSchema } from '@contract/user';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { isApiError } from '@/api/errors';
import { Button } from '@/ui/Button';
import { TextInput } from '@/ui/TextInput';
import { useAuth } from './AuthProvider';
import { errorMessage, submitSignUpDetails } from './api';
import { clearPendingSignUp } from './session';
import './auth.css';

const { name: nameSchema, email: emailSchema } = signUpDetailsRequestSchema.shape;

/** Spec §5: letters and spaces only; the contract's messages. */
export function nameError(value: string): string | null {
  const parsed = nameSchema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter your name');
}

/** Optional: empty is fine, anything else must be an e-mail address. */
export function emailError(value: string): string | null {
  if (value.trim() === '') return null;
  const parsed = emailSchema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter a valid email id');
}

export interface SignUpDetailsScreenProps {
  /** Where the buyer started; they return there once the details are saved. */
  redirect: string;
  /** The profile changed: the app refreshes what it shows of it. */
  onSaved?: () => void;
}

/** /sign-in/sign-up/verify: a new buyer's details after the code (POST /sign_up/details/v1/). */
export function SignUpDetailsScreen({ redirect, onSaved }: SignUpDetailsScreenProps) {
  const navigate = useNavigate();
  const auth = useAuth();
  const headingId = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState({ name: false, email: false });
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<{ field: 'name' | 'email' | null; message: string } | null>(
    null,
  );

  const errors = {
    name: nameError(name) ?? (serverError?.field === 'name' ? serverError.message : null),
    email: emailError(email) ?? (serverError?.field === 'email' ? serverError.message : null),
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ name: true, email: true });
    if (nameError(name) || emailError(email) || saving) return;
    setSaving(true);
    setServerError(null);
    try {
      await submitSignUpDetails({ name: name.trim(), ...(email.trim() ? { email: email.trim() } : {}) });
      auth.track('signup_completed', { has_email: email.trim() !== '' });
      clearPendingSignUp();
      onSaved?.();
      await navigate({ href: redirect, replace: true });
    } catch (error) {
      const field = isApiError(error) ? error.field : undefined;
      setServerError({
        field: field === 'name' || field === 'email' ? field : null,
        message: errorMessage(error),
      });
      setSaving(false);
    }
  };

  return (
    <section className="auth-screen" aria-labelledby={headingId}>
      <h1 id={headingId} className="auth-screen__title">
        Tell us about you
      </h1>
      <p className="auth-screen__lead">Your number is verified. Add your name to finish signing up.</p>
      <form className="auth-screen__form" noValidate onSubmit={submit}>
        <TextInput
          label="Full name"
          name="name"
          autoComplete="name"
          required
          value={name}
          error={errors.name}
          touched={touched.name}
          onChange={(e) => {
            setName(e.target.value);
            setServerError(null);
          }}
          onBlur={() => setTouched((t) => ({ ...t, name: true }))}
        />
        <TextInput
          label="Email (optional)"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          error={errors.email}
          touched={touched.email}
          onChange={(e) => {
            setEmail(e.target.value);
            setServerError(null);
          }}
          onBlur={() => setTouched((t) => ({ ...t, email: true }))}
        />
        {serverError && serverError.field === null && (
          <p className="auth-screen__error" role="alert">
            {serverError.message}
          </p>
        )}
        <Button type="submit" size="l" fullWidth loading={saving}>
          Continue
        </Button>
      </form>
    </section>
  );
}
