import type { Currency } from '@contract/money';
import { type FormEvent, type ReactNode, useEffect, useId } from 'react';
import { Button } from '@/ui/Button';
import { useAppForm } from '@/ui/form/form';
import { Money } from '@/ui/Money';
import { codeFormSchema } from './codeSchemas';
import './codes.css';

export interface CodeFormProps {
  title: string;
  label: string;
  /** The code as its machine holds it (the machine may fill or empty the field). */
  code: string;
  /** The server's message for the field. */
  error: string | null | undefined;
  busy: boolean;
  disabled: boolean;
  /** The success banner: its text and the saving (none when zero). */
  banner: { text: string; saving: number } | null;
  removeLabel: string;
  currency: Currency;
  onChange: (code: string) => void;
  onApply: () => void;
  onRemove: () => void;
  children?: ReactNode;
}

/** A code field with Apply, the server's message under it and a success banner (spec §2, §5 Coupon). */
export function CodeForm(props: CodeFormProps) {
  const { code, onChange, onApply } = props;
  const titleId = useId();
  const form = useAppForm({
    defaultValues: { code },
    validators: { onChange: codeFormSchema, onBlur: codeFormSchema },
    onSubmit: () => onApply(),
  });

  useEffect(() => {
    if (form.getFieldValue('code') !== code) form.setFieldValue('code', code);
  }, [form, code]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.handleSubmit();
  };

  return (
    <form className="checkout-code" aria-labelledby={titleId} noValidate onSubmit={submit}>
      <p id={titleId} className="checkout-code__title">
        {props.title}
      </p>
      <form.AppField name="code" listeners={{ onChange: ({ value }) => onChange(value) }}>
        {(field) => (
          <field.TextField
            label={props.label}
            autoComplete="off"
            autoCapitalize="characters"
            disabled={props.disabled}
            extraError={props.error}
            endAdornment={
              <Button
                type="submit"
                variant="secondary"
                size="s"
                loading={props.busy}
                disabled={props.disabled}
              >
                Apply
              </Button>
            }
          />
        )}
      </form.AppField>
      {props.banner && (
        <div className="checkout-code__banner" role="status">
          <span>
            {props.banner.text}
            {props.banner.saving > 0 && (
              <>
                {'. You saved '}
                <Money minor={props.banner.saving} currency={props.currency} />
              </>
            )}
          </span>
          <Button variant="link" size="s" onClick={props.onRemove}>
            {props.removeLabel}
          </Button>
        </div>
      )}
      {props.children}
    </form>
  );
}
