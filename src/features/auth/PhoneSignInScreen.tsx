import type { TokenSetName } from '@contract/user';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { z } from 'zod';
import { applyApiFieldError, errorMessage } from '@/api/errorMessages';
import { requestOtpMutation, retryAfterSeconds } from '@/api/user';
import { trackedCountry } from '@/lib/countries';
import { expectNavigation } from '@/lib/guard';
import {
  cleanPhoneNumber,
  DEFAULT_COUNTRY,
  findPhoneCountry,
  isPhoneCountry,
  type PhoneCountry,
  phoneCountryLabel,
  phoneNumberError,
} from '@/lib/phone';
import { getPendingSignIn, getSocialTicket, setPendingSignIn } from '@/state/session';
import type { DropdownOption } from '@/ui/Dropdown';
import { useAppForm } from '@/ui/form/form';
import { PhoneFields } from '@/ui/form/PhoneFields';
import { formatCountdown, useCountdown } from '@/ui/useCountdown';
import { useAuth } from './AuthProvider';
import { SIGN_UP_GUARD, SIGN_UP_PATH, VERIFY_GUARD, VERIFY_PATH } from './guards';
import './auth.css';

export interface PhoneSignInScreenProps {
  /** main for the shop, forms for /f/sign-in (spec §6 token sets). */
  tokenSet: TokenSetName;
  /** Where to return once signed in (already checked to be a same-origin path). */
  redirect: string;
  /** Shown under the form, e.g. the "Continue with Google" button. */
  alternatives?: ReactNode;
}

const toOption = (c: PhoneCountry): DropdownOption => ({ value: c.iso, label: phoneCountryLabel(c) });

/** Spec §5: the number must be valid for the chosen country (an Indian one a mobile). */
export const phoneSignInSchema = z
  .object({ country: z.object({ value: z.string(), label: z.string() }), phone: z.string() })
  .superRefine(({ country, phone }, ctx) => {
    const iso = isPhoneCountry(country.value) ? country.value : DEFAULT_COUNTRY;
    const message = phoneNumberError(phone, iso);
    if (message) ctx.addIssue({ code: 'custom', path: ['phone'], message });
  });

/** /sign-in and /f/sign-in: the phone number a code is sent to (spec §1, §5). */
export function PhoneSignInScreen({ tokenSet, redirect, alternatives }: PhoneSignInScreenProps) {
  const navigate = useNavigate();
  const auth = useAuth();
  const headingId = useId();
  // Coming back with "Edit number" keeps what was typed.
  const [initial] = useState(() => {
    const pending = getPendingSignIn();
    return pending?.tokenSet === tokenSet ? pending : null;
  });
  const [socialTicket] = useState(() => {
    const ticket = getSocialTicket();
    return ticket?.tokenSet === tokenSet ? ticket : null;
  });
  const [waitUntil, setWaitUntil] = useState(0);
  const waitSeconds = useCountdown(waitUntil);
  const [formError, setFormError] = useState<string | null>(null);
  // The server asked this browser for a proof of work before it sends the code: it is being solved.
  const [checking, setChecking] = useState(false);
  const sendCode = useMutation(requestOtpMutation({ onChallenge: () => setChecking(true) }));

  const form = useAppForm({
    defaultValues: {
      country: toOption(
        (initial && findPhoneCountry(initial.isoCountryCode)) ??
          findPhoneCountry(DEFAULT_COUNTRY) ?? { iso: DEFAULT_COUNTRY, name: 'India', dialCode: '+91' },
      ),
      phone: initial?.phoneNumber ?? '',
    },
    validators: { onChange: phoneSignInSchema, onBlur: phoneSignInSchema },
    onSubmit: async ({ value, formApi }) => {
      if (waitSeconds > 0) return;
      setFormError(null);
      const country = findPhoneCountry(value.country.value);
      const body = {
        phone_number: cleanPhoneNumber(value.phone),
        country_code: country?.dialCode ?? '+91',
        iso_country_code: value.country.value,
      };
      try {
        const sent = await sendCode.mutateAsync(body);
        setPendingSignIn({
          phoneNumber: body.phone_number,
          dialCode: body.country_code,
          isoCountryCode: body.iso_country_code,
          tokenSet,
          redirect,
          isRegistered: sent.is_registered,
          ...(socialTicket ? { socialTicket: socialTicket.ticket } : {}),
          resendAvailableAt: Date.now() + sent.resend_after_seconds * 1000,
        });
        if (tokenSet === 'main') await auth.otpRequested();
        auth.track('requested_otp', { country: trackedCountry(body.iso_country_code), token_set: tokenSet });
        // Spec §2: a new buyer verifies the code for sign-up, then gives their details.
        const signUp = tokenSet === 'main' && !sent.is_registered;
        await navigate(
          signUp
            ? { to: SIGN_UP_PATH, state: expectNavigation(SIGN_UP_GUARD) }
            : { to: VERIFY_PATH, state: expectNavigation(VERIFY_GUARD) },
        );
      } catch (error) {
        const seconds = retryAfterSeconds(error);
        if (seconds !== null) setWaitUntil(Date.now() + seconds * 1000);
        const onField = applyApiFieldError(formApi, error, { phone_number: 'phone' });
        // A wait is shown with its countdown below the field; any other refusal under the number.
        if (!onField) setFormError(errorMessage(error));
      } finally {
        setChecking(false);
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.handleSubmit();
  };

  return (
    <section className="auth-screen" aria-labelledby={headingId}>
      <h1 id={headingId} className="auth-screen__title">
        {tokenSet === 'forms' ? 'Sign in to continue' : 'Sign in'}
      </h1>
      <p className="auth-screen__lead">
        {tokenSet === 'forms'
          ? 'We will send a 6-digit code to your mobile number, then take you back to the form.'
          : 'Enter your mobile number. We will send you a 6-digit code.'}
      </p>
      {socialTicket && (
        <p className="auth-screen__note" role="status">
          Enter your phone number to finish signing in with Google
          {socialTicket.email ? ` (${socialTicket.email})` : ''}.
        </p>
      )}
      <form className="auth-screen__form" noValidate onSubmit={submit}>
        <PhoneFields
          form={form}
          fields={{ country: 'country', phone: 'phone' }}
          onChange={() => setFormError(null)}
          extraError={waitSeconds === 0 ? formError : null}
        />
        {/* Always rendered, so screen readers hear the check start. */}
        <p className="auth-screen__progress" role="status">
          {checking ? 'Checking your connection… This can take a few seconds.' : ''}
        </p>
        {waitSeconds > 0 && (
          <p className="auth-screen__error" role="status">
            {formError} You can ask again in{' '}
            <span className="auth-screen__countdown">{formatCountdown(waitSeconds)}</span>.
          </p>
        )}
        <form.AppForm>
          <form.SubmitButton size="l" fullWidth disabled={waitSeconds > 0}>
            Continue
          </form.SubmitButton>
        </form.AppForm>
      </form>
      {alternatives}
    </section>
  );
}
