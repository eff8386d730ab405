import './Spinner.css';
import './visually-hidden.css';

/** s 16 px, m 20 px, l 25 px (the retry loader, spec §9), xl 40 px. */
export type SpinnerSize = 's' | 'm' | 'l' | 'xl';

export interface SpinnerProps {
  size?: SpinnerSize;
  /**
   * Announced text. Without a label the spinner is decorative (aria-hidden) and the caller
   * says what is busy, as Button does with aria-busy.
   */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'm', label, className }: SpinnerProps) {
  const classes = ['ui-spinner', className].filter(Boolean).join(' ');
  // Spinner.css sizes it by data-size.
  if (!label) return <span className={classes} data-size={size} aria-hidden="true" />;
  return (
    <span className="ui-spinner-status" role="status">
      <span className={classes} data-size={size} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
