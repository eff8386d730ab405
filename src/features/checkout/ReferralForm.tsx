import type { Currency } from '@contract/money';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { CodeForm } from './CodeForm';
import { referralBanner, type referralMachine } from './referralMachine';
import type { CodeFields } from './variants';

export interface ReferralFormProps {
  actor: ActorRefFrom<typeof referralMachine>;
  currency: Currency;
  /** From codeFieldsFor: the label (referral or invite code), whether it is disabled, the invite link. */
  field: CodeFields['referral'];
  inviteLink?: string | null;
}

/** The referral form of spec §2 (the invite code form of the licence and business-kit variants). */
export function ReferralForm({ actor, currency, field: config, inviteLink = null }: ReferralFormProps) {
  const code = useSelector(actor, (s) => s.context.code);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(
    actor,
    (s) => s.matches('applyingReferralCode') || s.matches('clearingReferralCode'),
  );
  const banner = useSelector(actor, referralBanner);
  const invite = config.label === 'Invite code';
  return (
    <CodeForm
      title={invite ? 'Have an invite code?' : 'Have a referral code?'}
      label={config.label}
      code={code}
      error={error}
      busy={busy}
      disabled={config.disabled}
      banner={
        banner && { text: invite ? 'Invite code applied' : 'Referral code applied', saving: banner.amount }
      }
      removeLabel="Remove"
      currency={currency}
      onChange={(value) => actor.send({ type: 'UPDATE', code: value })}
      onApply={() => actor.send({ type: 'APPLY' })}
      onRemove={() => actor.send({ type: 'CLEAR' })}
    >
      {inviteLink && (
        <a className="checkout-code__link" href={inviteLink}>
          No invite yet? Ask for one
        </a>
      )}
    </CodeForm>
  );
}
