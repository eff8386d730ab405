import type { Currency } from '@contract/money';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { CodeForm } from './CodeForm';
import { couponBanner, type couponMachine } from './couponMachine';

export interface CouponFormProps {
  actor: ActorRefFrom<typeof couponMachine>;
  currency: Currency;
  /** Spec §2: disabled once the referral code is filled. */
  disabled?: boolean;
}

/** The coupon form of spec §2 and §5: the field, Apply, the server's message under it and the success banner. */
export function CouponForm({ actor, currency, disabled = false }: CouponFormProps) {
  const code = useSelector(actor, (s) => s.context.code);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.matches('applyingCouponCode') || s.matches('clearingCouponCode'));
  const banner = useSelector(actor, couponBanner);
  return (
    <CodeForm
      title="Have a coupon?"
      label="Coupon code"
      code={code}
      error={error}
      busy={busy}
      disabled={disabled}
      banner={banner && { text: 'Coupon applied', saving: banner.kind === 'saved' ? banner.amount : 0 }}
      removeLabel="Remove coupon"
      currency={currency}
      onChange={(value) => actor.send({ type: 'UPDATE_COUPON_CODE', code: value })}
      onApply={() => actor.send({ type: 'APPLY_COUPON' })}
      onRemove={() => actor.send({ type: 'CLEAR_COUPON_CODE' })}
    />
  );
}
