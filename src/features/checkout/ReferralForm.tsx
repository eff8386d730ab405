import type { Currency } from '@contract/money';
import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { Button } from '@/ui/Button';
import { useAppForm } from '@/ui/form/form';
import { Money } from '@/ui/Money';
import { referralFormSchema } from './codeSchemas';
import { referralBanner, type referralMachine } from './referralMachine';
import type { CodeFields } from './variants';
import './codes.css';

export interface ReferralFormProps {
  actor: ActorRefFrom<typeof referralMachine>;
  currency: Currency;
  /** From codeFieldsFor: the label (referral or invite code), whether it is disabled, the invite link. */
  field: CodeFields['referral'];
  inviteLink?: string | null;
}

/** The referral form of spec §2 (the invite code form of the licence and business-kit variants). */
export function ReferralForm({ actor, currency, field: config, inviteLink = null }: ReferralFormProps) {
  const titleId = useId();
  const code = useSelector(actor, (s) => s.context.code);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(
    actor,
    (s) => s.matches('applyingReferralCode') || s.matches('clearingReferralCode'),
  );
  const banner = useSelector(actor, referralBanner);
  const form = useAppForm({
    defaultValues: { referralCode: code },
    validators: { onChange: referralFormSchema, onBlur: referralFormSchema },
    onSubmit: () => actor.send({ type: 'APPLY' }),
  });

  // The machine fills the field with the page address's code and empties it when the banner is removed.
  useEffect(() => {
    if (form.getFieldValue('referralCode') !== code) form.setFieldValue('referralCode', code);
  }, [form, code]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.handleSubmit();
  };

  const invite = config.label === 'Invite code';
  return (
    <form className="checkout-code" aria-labelledby={titleId} noValidate onSubmit={submit}>
      <p id={titleId} className="checkout-code__title">
        {invite ? 'Have an invite code?' : 'Have a referral code?'}
      </p>
      <form.AppField
        name="referralCode"
        listeners={{ onChange: ({ value }) => actor.send({ type: 'UPDATE', code: value }) }}
      >
        {(field) => (
          <field.TextField
            label={config.label}
            autoComplete="off"
            autoCapitalize="characters"
            disabled={config.disabled}
            extraError={error}
            endAdornment={
              <Button type="submit" variant="secondary" size="s" loading={busy} disabled={config.disabled}>
                Apply
              </Button>
            }
          />
        )}
      </form.AppField>
      {banner && (
        <div className="checkout-code__banner" role="status">
          <span>
            {invite ? 'Invite code applied' : 'Referral code applied'}
            {banner.amount > 0 && (
              <>
                {'. You saved '}
                <Money minor={banner.amount} currency={currency} />
              </>
            )}
          </span>
          <Button variant="link" size="s" onClick={() => actor.send({ type: 'CLEAR' })}>
            Remove
          </Button>
        </div>
      )}
      {inviteLink && (
        <a className="checkout-code__link" href={inviteLink}>
          No invite yet? Ask for one
        </a>
      )}
    </form>
  );
}
