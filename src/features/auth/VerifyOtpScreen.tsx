import { OTP_PATTERN, USER_RES_STATUS } from '@contract/user';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ClipboardEvent, type FormEvent, useId, useRef, useState } from 'react';
import { isApiError } from '@/api/errors';
import { formatPhoneWithDialCode } from '@/lib/phone';
import { Button } from '@/ui/Button';
import { TextInput } from '@/ui/TextInput';
import { useAuth } from './AuthProvider';
import { errorMessage, resendOtp, retryAfterSeconds, verifyOtp } from './api';
import {
  clearPendingSignIn,
  clearSocialTicket,
  FORMS_SIGN_IN_PATH,
  type PendingSignIn,
  SIGN_IN_PATH,
  SIGN_UP_PATH,
  setPendingSignIn,
  setPendingSignUp,
} from './session';
import { formatCountdown, useCountdown } from './useCountdown';
import './auth.css';

export const OTP_LENGTH = 6;
const INVALID_CODE_MESSAGE = 'Enter the 6-digit code';
/** Errors after which this code can no longer work: the buyer needs a new one. */
const DEAD_CODE = new Set<string>([USER_RES_STATUS.OTP_ATTEMPTS_EXCEEDED, USER_RES_STATUS.OTP_EXPIRED]);

/** Keeps the digits of what was typed or pasted ("123 456", "Your code is 123456"), at most 6. */
export function otpDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

export interface VerifyOtpScreenProps {
  /** The sign-in in flight; the route renders this screen only with one (spec §2 guarded route). */
  pending: PendingSignIn;
}

/** /sign-in/verify: the 6-digit code, paste and one-time-code autofill, resend with a countdown (spec §1, §5). */
export function VerifyOtpScreen({ pending: initialPending }: VerifyOtpScreenProps) {
  const navigate = useNavigate();
  const auth = useAuth();
  const headingId = useId();
  const [pending, setPending] = useState(initialPending);
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [codeIsDead, setCodeIsDead] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const resendSeconds = useCountdown(pending.resendAvailableAt);
  const inFlight = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const phoneShown = formatPhoneWithDialCode(pending.dialCode, pending.phoneNumber);
  const editPath = pending.tokenSet === 'forms' ? FORMS_SIGN_IN_PATH : SIGN_IN_PATH;
  const valid = OTP_PATTERN.test(code);

  const verify = async (otp: string) => {
    // Spec §5: verify runs only with a valid 6-digit code, and only once at a time.
    if (!OTP_PATTERN.test(otp) || inFlight.current || codeIsDead) return;
    inFlight.current = true;
    setVerifying(true);
    setServerError(null);
    setNotice(null);
    try {
      const answer = await verifyOtp({
        phone_number: pending.phoneNumber,
        country_code: pending.dialCode,
        iso_country_code: pending.isoCountryCode,
        otp,
        token_set: pending.tokenSet,
        ...(pending.socialTicket ? { social_ticket: pending.socialTicket } : {}),
      });
      const needsSignUp =
        pending.tokenSet === 'main' &&
        (answer.is_new_user || !answer.profile.is_sign_up_completed || !answer.profile.name);
      await auth.completeSignIn({
        tokens: answer,
        tokenSet: pending.tokenSet,
        redirectPath: pending.redirect,
        method: pending.socialTicket ? 'google' : 'phone',
        isNewUser: answer.is_new_user,
      });
      clearPendingSignIn();
      clearSocialTicket();
      if (needsSignUp) {
        setPendingSignUp({ redirect: pending.redirect });
        await navigate({ to: SIGN_UP_PATH, replace: true });
      } else {
        await navigate({ href: pending.redirect, replace: true });
      }
    } catch (error) {
      const dead = isApiError(error) && DEAD_CODE.has(error.resStatus);
      setCodeIsDead(dead);
      setServerError(errorMessage(error));
      setTouched(true);
      setVerifying(false);
      inFlight.current = false;
      if (!dead) inputRef.current?.select();
    }
  };

  const onCode = (value: string) => {
    const digits = otpDigits(value);
    setCode(digits);
    setServerError(null);
    // A complete code (typed, pasted or autofilled from the SMS) is verified at once.
    if (digits.length === OTP_LENGTH && digits !== code) void verify(digits);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const digits = otpDigits(event.clipboardData.getData('text'));
    if (digits.length === 0) return;
    event.preventDefault();
    onCode(digits);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid) {
      inputRef.current?.focus();
      return;
    }
    void verify(code);
  };

  const resend = async () => {
    if (resendSeconds > 0 || resending) return;
    setResending(true);
    setServerError(null);
    setNotice(null);
    const phone = {
      phone_number: pending.phoneNumber,
      country_code: pending.dialCode,
      iso_country_code: pending.isoCountryCode,
    };
    try {
      const sent = await resendOtp(phone);
      const next = { ...pending, resendAvailableAt: Date.now() + sent.resend_after_seconds * 1000 };
      setPendingSignIn(next);
      setPending(next);
      setCode('');
      setCodeIsDead(false);
      setTouched(false);
      setNotice(`We sent a new code to ${phoneShown}.`);
      auth.track('requested_otp', {
        country_code: pending.isoCountryCode,
        token_set: pending.tokenSet,
        resend: true,
      });
      inputRef.current?.focus();
    } catch (error) {
      const seconds = retryAfterSeconds(error);
      if (seconds !== null) {
        const next = { ...pending, resendAvailableAt: Date.now() + seconds * 1000 };
        setPendingSignIn(next);
        setPending(next);
      }
      setServerError(errorMessage(error));
      setTouched(true);
    } finally {
      setResending(false);
    }
  };

  const fieldError = serverError ?? (valid ? null : INVALID_CODE_MESSAGE);

  return (
    <section className="auth-screen" aria-labelledby={headingId}>
      <h1 id={headingId} className="auth-screen__title">
        Enter the code
      </h1>
      <p className="auth-screen__lead">We sent a 6-digit code by SMS to</p>
      <div className="auth-screen__row">
        <p className="auth-screen__phone" data-testid="pending-phone">
          {phoneShown}
        </p>
        <Link to={editPath} search={{ redirect: pending.redirect }} className="auth-screen__link">
          Edit number
        </Link>
      </div>
      <form className="auth-screen__form" noValidate onSubmit={submit}>
        <TextInput
          ref={inputRef}
          className="otp-input"
          label="6-digit code"
          name="otp"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={OTP_LENGTH}
          autoFocus
          value={code}
          error={fieldError}
          touched={touched}
          readOnly={verifying}
          onChange={(e) => onCode(e.target.value)}
          onPaste={onPaste}
          onBlur={() => {
            if (code.length > 0) setTouched(true);
          }}
        />
        {notice && (
          <p className="auth-screen__note" role="status">
            {notice}
          </p>
        )}
        <Button type="submit" size="l" fullWidth loading={verifying} disabled={!valid || codeIsDead}>
          Verify
        </Button>
        <div className="auth-screen__row">
          <span className="auth-screen__countdown" aria-live="polite">
            {resendSeconds > 0
              ? `You can ask for a new code in ${formatCountdown(resendSeconds)}`
              : "Didn't get the code?"}
          </span>
          <Button variant="link" size="s" disabled={resendSeconds > 0} loading={resending} onClick={resend}>
            {codeIsDead ? 'Get a new code' : 'Resend code'}
          </Button>
        </div>
      </form>
    </section>
  );
}
