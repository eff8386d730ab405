import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Spinner, type SpinnerSize } from './Spinner';
import './Button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link';
/** s 44 px, m 50 px (the field height), l 56 px high; every size keeps the 44 px touch target. */
export type ButtonSize = 's' | 'm' | 'l';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows the loader, sets aria-busy and disables the button; the label keeps its place. */
  loading?: boolean;
  /** Loader size; defaults to the button size (l is the spec's 25 px retry loader). */
  loaderSize?: SpinnerSize;
  fullWidth?: boolean;
  /** Decorative icons (e.g. the arrow of "Next"); hidden from screen readers. */
  startIcon?: ReactNode;
  endIcon?: ReactNode;
}

const LOADER_FOR_SIZE: Record<ButtonSize, SpinnerSize> = { s: 's', m: 'm', l: 'l' };

export function Button({
  variant = 'primary',
  size = 'm',
  loading = false,
  loaderSize,
  fullWidth = false,
  startIcon,
  endIcon,
  type = 'button',
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  const classes = ['ui-button', className].filter(Boolean).join(' ');
  return (
    <button
      {...rest}
      // Default to "button" so a button inside a form never submits it by accident.
      type={type}
      className={classes}
      // The look is chosen by these attributes (Button.css); a link styled as a button sets the same ones.
      data-variant={variant}
      data-size={size}
      data-full-width={fullWidth || undefined}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      <span className="ui-button__content">
        {startIcon && (
          <span className="ui-button__icon" aria-hidden="true">
            {startIcon}
          </span>
        )}
        {children}
        {endIcon && (
          <span className="ui-button__icon" aria-hidden="true">
            {endIcon}
          </span>
        )}
      </span>
      {loading && (
        <span className="ui-button__loader">
          <Spinner size={loaderSize ?? LOADER_FOR_SIZE[size]} />
        </span>
      )}
    </button>
  );
}
