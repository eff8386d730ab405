import { OTP_PATTERN } from '@contract/patterns';
import { otpSchema, USER_RES_STATUS } from '@contract/user';
import { useStore } from '@tanstack/react-form';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ClipboardEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { z } from 'zod';
import { applyApiFieldError, errorMessage } from '@/api/errorMessages';
import { isApiError } from '@/api/errors';
import { resendOtpMutation, retryAfterSeconds, verifyOtpMutation } from '@/api/user';
import { trackedCountry } from '@/lib/countries';
import { expectNavigation, forgetNavigation } from '@/lib/guard';
import { formatPhoneWithDialCode } from '@/lib/phone';
import {
  clearPendingSignIn,
  clearSocialTicket,
  type PendingSignIn,
  setPendingSignIn,
  setPendingSignUp,
} from '@/state/session';
import { Button } from '@/ui/Button';
import { useAppForm } from '@/ui/form/textForm';
import { formatCountdown, useCountdown } from '@/ui/useCountdown';
import { useAuth } from './AuthProvider';
import { FORMS_SIGN_IN_PATH, SIGN_IN_PATH, SIGN_UP_GUARD, SIGN_UP_PATH, VERIFY_GUARD } from './guards';
import './auth.css';

export const OTP_LENGTH = 6;
/** Errors after which this code can no longer work: the buyer needs a new one. */
const DEAD_CODE = new Set<string>([USER_RES_STATUS.OTP_ATTEMPTS_EXCEEDED, USER_RES_STATUS.OTP_EXPIRED]);

/** Keeps the digits of what was typed or pasted ("123 456", "Your code is 123456"), at most 6. */
export function otpDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

const verifyCodeSchema = z.object({ code: otpSchema });

export interface VerifyOtpScreenProps {
  /** The sign-in in flight; the route renders this screen only with one (spec §2 guarded route). */
  pending: PendingSignIn;
  /** sign-up: the new buyer's code step of /sign-in/sign-up/verify; their details follow it. */
  purpose?: 'sign-in' | 'sign-up';
}

/** /sign-in/verify: the 6-digit code, paste and one-time-code autofill, resend with a countdown (spec §1, §5). */
export function VerifyOtpScreen({ pending: initialPending, purpose = 'sign-in' }: VerifyOtpScreenProps) {
  const navigate = useNavigate();
  const auth = useAuth();
  const headingId = useId();
  const deadReasonId = useId();
  const [pending, setPending] = useState(initialPending);
  const [formError, setFormError] = useState<string | null>(null);
  // Why this code can no longer work; kept until a new code is sent, whatever is typed meanwhile.
  const [deadReason, setDeadReason] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const resendSeconds = useCountdown(pending.resendAvailableAt);
  // Codes the server refused, with its answer: sending one again would only use up another try.
  const refused = useRef(new Map<string, string>());
  const inFlight = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const verifyCode = useMutation(verifyOtpMutation());
  const resendCode = useMutation(
    resendOtpMutation({
      onChallenge: () => setNotice('Checking your connection… This can take a few seconds.'),
    }),
  );

  const phoneShown = formatPhoneWithDialCode(pending.dialCode, pending.phoneNumber);
  const editPath = pending.tokenSet === 'forms' ? FORMS_SIGN_IN_PATH : SIGN_IN_PATH;

  const form = useAppForm({
    defaultValues: { code: '' },
    validators: { onChange: verifyCodeSchema, onBlur: verifyCodeSchema },
    onSubmit: async ({ value, formApi }) => {
      const otp = value.code;
      // Spec §5: verify runs only with a valid 6-digit code, and only once at a time.
      if (!OTP_PATTERN.test(otp) || inFlight.current || deadReason !== null || refused.current.has(otp))
        return;
      inFlight.current = true;
      setFormError(null);
      setNotice(null);
      try {
        const answer = await verifyCode.mutateAsync({
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
          profile: answer.profile,
          tokenSet: pending.tokenSet,
          redirectPath: pending.redirect,
          method: pending.socialTicket ? 'google' : 'phone',
          isNewUser: answer.is_new_user,
        });
        clearPendingSignIn();
        clearSocialTicket();
        forgetNavigation(VERIFY_GUARD);
        if (needsSignUp) {
          setPendingSignUp({ redirect: pending.redirect });
          await navigate({ to: SIGN_UP_PATH, replace: true, state: expectNavigation(SIGN_UP_GUARD) });
        } else {
          forgetNavigation(SIGN_UP_GUARD);
          await navigate({ href: pending.redirect, replace: true });
        }
      } catch (error) {
        if (isApiError(error) && DEAD_CODE.has(error.resStatus)) {
          setDeadReason(errorMessage(error));
          return;
        }
        if (isApiError(error) && error.resStatus === USER_RES_STATUS.INVALID_OTP)
          refused.current.set(otp, errorMessage(error));
        if (!applyApiFieldError(formApi, error, { otp: 'code' })) setFormError(errorMessage(error));
        inputRef.current?.select();
      } finally {
        inFlight.current = false;
      }
    },
  });

  const code = useStore(form.store, (state) => state.values.code);
  const verifying = useStore(form.store, (state) => state.isSubmitting);
  const valid = OTP_PATTERN.test(code);
  const isRefused = refused.current.has(code);

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const digits = otpDigits(event.clipboardData.getData('text'));
    if (digits.length === 0) return;
    event.preventDefault();
    form.setFieldValue('code', digits);
  };

  // A complete code (typed, pasted or autofilled from the SMS) is verified at once, unless it was refused.
  useEffect(() => {
    if (code === '') return;
    setFormError(null);
    if (code.length === OTP_LENGTH) void form.handleSubmit();
  }, [code, form]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) inputRef.current?.focus();
    void form.handleSubmit();
  };

  const resend = async () => {
    if (resendSeconds > 0 || resendCode.isPending) return;
    setFormError(null);
    setNotice(null);
    const phone = {
      phone_number: pending.phoneNumber,
      country_code: pending.dialCode,
      iso_country_code: pending.isoCountryCode,
    };
    try {
      const sent = await resendCode.mutateAsync(phone);
      const next = { ...pending, resendAvailableAt: Date.now() + sent.resend_after_seconds * 1000 };
      setPendingSignIn(next);
      setPending(next);
      refused.current.clear();
      form.reset();
      setDeadReason(null);
      setNotice(`We sent a new code to ${phoneShown}.`);
      auth.track('requested_otp', {
        country: trackedCountry(pending.isoCountryCode),
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
      setNotice(null);
      setFormError(errorMessage(error));
    }
  };

  return (
    <section className="auth-screen" aria-labelledby={headingId}>
      <h1 id={headingId} className="auth-screen__title">
        Enter the code
      </h1>
      <p className="auth-screen__lead">
        {purpose === 'sign-up'
          ? 'To create your account, enter the 6-digit code we sent by SMS to'
          : 'We sent a 6-digit code by SMS to'}
      </p>
      <div className="auth-screen__row">
        <p className="auth-screen__phone" data-testid="pending-phone">
          {phoneShown}
        </p>
        <Link to={editPath} search={{ redirect: pending.redirect }} className="auth-screen__link">
          Edit number
        </Link>
      </div>
      <form className="auth-screen__form" noValidate onSubmit={submit}>
        <form.AppField
          name="code"
          validators={{
            // The server's answer to this very code, kept while the code is unchanged.
            onChange: ({ value }) => refused.current.get(value),
          }}
        >
          {(field) => (
            <field.TextField
              ref={inputRef}
              className="otp-input"
              label="6-digit code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={OTP_LENGTH}
              autoFocus
              parse={otpDigits}
              extraError={formError}
              readOnly={verifying}
              onPaste={onPaste}
            />
          )}
        </form.AppField>
        {deadReason && (
          <p id={deadReasonId} className="auth-screen__error" role="alert">
            {deadReason}
          </p>
        )}
        {notice && (
          <p className="auth-screen__note" role="status">
            {notice}
          </p>
        )}
        <Button
          type="submit"
          size="l"
          fullWidth
          loading={verifying}
          disabled={!valid || deadReason !== null || isRefused}
          aria-describedby={deadReason ? deadReasonId : undefined}
        >
          Verify
        </Button>
        <div className="auth-screen__row">
          <span className="auth-screen__countdown" aria-live="polite">
            {resendSeconds > 0
              ? `You can ask for a new code in ${formatCountdown(resendSeconds)}`
              : deadReason
                ? ''
                : "Didn't get the code?"}
          </span>
          {/* The action only once it can be used: a countdown beside it would contradict it. */}
          {resendSeconds === 0 && (
            <Button variant="link" size="s" loading={resendCode.isPending} onClick={resend}>
              {deadReason ? 'Get a new code' : 'Resend code'}
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
