import type { Currency } from '@contract/money';
import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { Button } from '@/ui/Button';
import { useAppForm } from '@/ui/form/form';
import { Money } from '@/ui/Money';
import { couponFormSchema } from './codeSchemas';
import { couponBanner, type couponMachine } from './couponMachine';
import './codes.css';

export interface CouponFormProps {
  actor: ActorRefFrom<typeof couponMachine>;
  currency: Currency;
  /** Spec §2: disabled once the referral code is filled. */
  disabled?: boolean;
}

/** The coupon form of spec §2 and §5: the field, Apply, the server's message under it and the success banner. */
export function CouponForm({ actor, currency, disabled = false }: CouponFormProps) {
  const titleId = useId();
  const code = useSelector(actor, (s) => s.context.code);
  const error = useSelector(actor, (s) => s.context.error);
  const applying = useSelector(
    actor,
    (s) => s.matches('applyingCouponCode') || s.matches('clearingCouponCode'),
  );
  const banner = useSelector(actor, couponBanner);
  const form = useAppForm({
    defaultValues: { couponCode: code },
    validators: { onChange: couponFormSchema, onBlur: couponFormSchema },
    onSubmit: () => actor.send({ type: 'APPLY_COUPON' }),
  });

  // The machine empties the field when the coupon is removed.
  useEffect(() => {
    if (form.getFieldValue('couponCode') !== code) form.setFieldValue('couponCode', code);
  }, [form, code]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.handleSubmit();
  };

  return (
    <form className="checkout-code" aria-labelledby={titleId} noValidate onSubmit={submit}>
      <p id={titleId} className="checkout-code__title">
        Have a coupon?
      </p>
      <form.AppField
        name="couponCode"
        listeners={{ onChange: ({ value }) => actor.send({ type: 'UPDATE_COUPON_CODE', code: value }) }}
      >
        {(field) => (
          <field.TextField
            label="Coupon code"
            autoComplete="off"
            autoCapitalize="characters"
            disabled={disabled}
            extraError={error}
            endAdornment={
              <Button type="submit" variant="secondary" size="s" loading={applying} disabled={disabled}>
                Apply
              </Button>
            }
          />
        )}
      </form.AppField>
      {banner && (
        <div className="checkout-code__banner" role="status">
          <span>
            Coupon applied
            {banner.kind === 'saved' && (
              <>
                {'. You saved '}
                <Money minor={banner.amount} currency={currency} />
              </>
            )}
          </span>
          <Button variant="link" size="s" onClick={() => actor.send({ type: 'CLEAR_COUPON_CODE' })}>
            Remove coupon
          </Button>
        </div>
      )}
    </form>
  );
}
