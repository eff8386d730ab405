import { updateEmailRequestSchema, verifyEmailOtpRequestSchema } from '@contract/account';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { Button } from '@/ui/Button';
import { useAppForm } from '@/ui/form/form';
import {
  canSendCode,
  type emailVerificationMachine,
  isCodeEntry,
  isEmailLocked,
} from './emailVerificationMachine';
import './codes.css';

export interface EmailVerificationFieldProps {
  actor: ActorRefFrom<typeof emailVerificationMachine>;
}

const isValidEmail = (email: string) => updateEmailRequestSchema.safeParse({ email }).success;

/**
 * The checkout's e-mail with its code (spec §4 E-mail verification). No <form> of its own, so it sits inside the
 * details form: Send code and the code field drive the machine; the e-mail is locked while the code is entered.
 */
export function EmailVerificationField({ actor }: EmailVerificationFieldProps) {
  const email = useSelector(actor, (s) => s.context.email);
  const error = useSelector(actor, (s) => s.context.error);
  const otpError = useSelector(actor, (s) => s.context.otpError);
  const locked = useSelector(actor, isEmailLocked);
  const sendEnabled = useSelector(actor, canSendCode);
  const codeEntry = useSelector(actor, isCodeEntry);
  const verified = useSelector(actor, (s) => s.matches('emailVerified'));
  const sending = useSelector(
    actor,
    (s) => s.matches('emailVerificationPending') || s.matches('sendingCode'),
  );
  const checking = useSelector(actor, (s) => s.matches({ codeSent: 'inProgress' }));
  const resending = useSelector(actor, (s) => s.matches({ codeSent: 'resendInProgress' }));

  const emailForm = useAppForm({
    defaultValues: { email },
    validators: { onChange: updateEmailRequestSchema, onBlur: updateEmailRequestSchema },
    onSubmit: () => actor.send({ type: 'VERIFY_EMAIL' }),
  });
  const codeForm = useAppForm({
    defaultValues: { otp: '' },
    validators: { onBlur: verifyEmailOtpRequestSchema },
  });

  // A saved e-mail that is not valid keeps Send code off from the start.
  useEffect(() => {
    if (!isValidEmail(actor.getSnapshot().context.email)) actor.send({ type: 'INVALID' });
  }, [actor]);

  // The server may answer the address normalised (trimmed, lower case).
  useEffect(() => {
    if (emailForm.getFieldValue('email') !== email) emailForm.setFieldValue('email', email);
  }, [emailForm, email]);

  // A new code flow starts with an empty code field.
  useEffect(() => {
    if (codeEntry) codeForm.reset();
  }, [codeEntry, codeForm]);

  return (
    <div className="checkout-email">
      <emailForm.AppField
        name="email"
        listeners={{
          onChange: ({ value }) => {
            actor.send({ type: 'UPDATE', email: value });
            actor.send({ type: isValidEmail(value) ? 'VALID' : 'INVALID' });
          },
        }}
      >
        {(field) => (
          <field.TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            readOnly={locked}
            extraError={error}
            hint={verified ? 'Verified' : undefined}
            endAdornment={
              locked ? (
                <Button variant="secondary" size="s" onClick={() => actor.send({ type: 'UPDATE' })}>
                  Update
                </Button>
              ) : (
                <Button
                  variant="secondary"
                  size="s"
                  loading={sending}
                  disabled={!sendEnabled}
                  onClick={() => void emailForm.handleSubmit()}
                >
                  Send code
                </Button>
              )
            }
          />
        )}
      </emailForm.AppField>
      {codeEntry && (
        <codeForm.AppField
          name="otp"
          listeners={{ onChange: ({ value }) => actor.send({ type: 'OTP_UPDATE', otp: value }) }}
        >
          {(field) => (
            <field.TextField
              label="Code sent to your e-mail"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              parse={(value) => value.replace(/\D/g, '')}
              readOnly={checking}
              extraError={otpError}
              endAdornment={
                <Button
                  variant="link"
                  size="s"
                  loading={resending}
                  onClick={() => actor.send({ type: 'RESEND_OTP' })}
                >
                  Resend code
                </Button>
              }
            />
          )}
        </codeForm.AppField>
      )}
    </div>
  );
}
