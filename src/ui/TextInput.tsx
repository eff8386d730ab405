import { type ComponentPropsWithRef, type FocusEvent, type ReactNode, useState } from 'react';
import { useServerPageAdopted } from '@/lib/serverPage';
import { FieldFooter } from './FieldFooter';
import { type FieldError, useFieldIds, visibleError } from './fieldError';
import './field.css';
import './TextInput.css';

export interface TextInputProps extends Omit<ComponentPropsWithRef<'input'>, 'size'> {
  label: ReactNode;
  hint?: ReactNode;
  /** A message, or true when in error without one ("*Required" is shown). */
  error?: FieldError;
  /**
   * Whether the field has been touched, from the form library. Left out, the field counts itself
   * touched after its first blur.
   */
  touched?: boolean;
  /** e.g. a dial code before the input, an Apply button after it. */
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
  className?: string;
}

export function TextInput({
  label,
  hint,
  error,
  touched,
  startAdornment,
  endAdornment,
  className,
  id,
  type = 'text',
  disabled,
  required,
  onBlur,
  'aria-describedby': describedBy,
  ...inputProps
}: TextInputProps) {
  const { fieldId: inputId, hintId, errorId } = useFieldIds(id, 'input');
  const [blurred, setBlurred] = useState(false);
  const adopted = useServerPageAdopted();
  const message = visibleError(error, touched ?? blurred);

  const describedByIds = [describedBy, hint ? hintId : null, message ? errorId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      className={[
        'ui-field',
        'ui-text-input',
        message && 'ui-field--invalid',
        disabled && 'ui-field--disabled',
        className,
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <label className="ui-field__label" htmlFor={inputId}>
        {label}
        {required && (
          <span className="ui-field__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      <div className="ui-field__control">
        {startAdornment && <span className="ui-text-input__adornment">{startAdornment}</span>}
        {/* Controlled or not, the value is the caller's or the browser's: nothing here resets it. */}
        <input
          {...inputProps}
          // Until the app has adopted the server's page, typing would go into markup the app does not know of yet.
          readOnly={inputProps.readOnly || !adopted}
          id={inputId}
          type={type}
          disabled={disabled}
          required={required}
          className="ui-text-input__input"
          aria-invalid={message ? true : undefined}
          aria-describedby={describedByIds || undefined}
          onBlur={(event: FocusEvent<HTMLInputElement>) => {
            setBlurred(true);
            onBlur?.(event);
          }}
        />
        {endAdornment && (
          <span className="ui-text-input__adornment ui-text-input__adornment--end">{endAdornment}</span>
        )}
      </div>
      <FieldFooter hint={hint} hintId={hintId} error={message} errorId={errorId} />
    </div>
  );
}
