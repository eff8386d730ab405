import type { TokenSetName } from '@contract/user';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import {
  cleanPhoneNumber,
  DEFAULT_COUNTRY,
  dialCodeOf,
  findPhoneCountry,
  isPhoneCountry,
  type PhoneCountry,
  phoneCountryLabel,
  phoneNumberError,
  searchPhoneCountries,
} from '@/lib/phone';
import { Button } from '@/ui/Button';
import { Dropdown, type DropdownOption } from '@/ui/Dropdown';
import { TextInput } from '@/ui/TextInput';
import { useAuth } from './AuthProvider';
import { errorMessage, requestOtp, retryAfterSeconds } from './api';
import { getPendingSignIn, getSocialTicket, setPendingSignIn, VERIFY_PATH } from './session';
import { formatCountdown, useCountdown } from './useCountdown';
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

async function loadCountryOptions(query: string): Promise<readonly DropdownOption[]> {
  return searchPhoneCountries(query).map(toOption);
}

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
  const [country, setCountry] = useState<PhoneCountry>(
    () =>
      (initial && findPhoneCountry(initial.isoCountryCode)) ??
      findPhoneCountry(DEFAULT_COUNTRY) ?? { iso: DEFAULT_COUNTRY, name: 'India', dialCode: '+91' },
  );
  const [phone, setPhone] = useState(initial?.phoneNumber ?? '');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [waitUntil, setWaitUntil] = useState(0);
  const waitSeconds = useCountdown(waitUntil);
  const inputRef = useRef<HTMLInputElement>(null);

  const fieldError = phoneNumberError(phone, country.iso);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (fieldError || sending || waitSeconds > 0) {
      if (fieldError) inputRef.current?.focus();
      return;
    }
    setSending(true);
    setServerError(null);
    const body = {
      phone_number: cleanPhoneNumber(phone),
      country_code: country.dialCode,
      iso_country_code: country.iso,
    };
    try {
      const sent = await requestOtp(body);
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
      auth.track('requested_otp', { country_code: body.iso_country_code, token_set: tokenSet });
      await navigate({ to: VERIFY_PATH });
    } catch (error) {
      const seconds = retryAfterSeconds(error);
      if (seconds !== null) setWaitUntil(Date.now() + seconds * 1000);
      setServerError(errorMessage(error));
      setSending(false);
    }
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
        <Dropdown
          type="async"
          label="Country"
          value={toOption(country)}
          loadOptions={loadCountryOptions}
          debounceMs={0}
          searchLabel="Search countries"
          searchPlaceholder="Country name or code"
          onChange={(option) => {
            if (!isPhoneCountry(option.value)) return;
            setCountry(
              findPhoneCountry(option.value) ?? {
                iso: option.value,
                name: option.value,
                dialCode: dialCodeOf(option.value),
              },
            );
            setServerError(null);
          }}
        />
        <TextInput
          ref={inputRef}
          label="Mobile number"
          type="tel"
          name="phone"
          inputMode="numeric"
          autoComplete="tel-national"
          required
          value={phone}
          startAdornment={<span aria-hidden="true">{country.dialCode}</span>}
          hint={`Country code ${country.dialCode}`}
          error={fieldError ?? (serverError && waitSeconds === 0 ? serverError : null)}
          touched={touched}
          onChange={(e) => {
            setPhone(e.target.value);
            setServerError(null);
          }}
          onBlur={() => setTouched(true)}
        />
        {waitSeconds > 0 && (
          <p className="auth-screen__error" role="status">
            {serverError} You can ask again in{' '}
            <span className="auth-screen__countdown">{formatCountdown(waitSeconds)}</span>.
          </p>
        )}
        <Button type="submit" size="l" fullWidth loading={sending} disabled={waitSeconds > 0}>
          Continue
        </Button>
      </form>
      {alternatives}
    </section>
  );
}
