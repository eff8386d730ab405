import type { ReactNode } from 'react';
import './field.css';

/**
 * The lines under a field: its hint, and the error line that always keeps its room (so an error appearing never
 * moves the layout). Shared by TextInput and Dropdown.
 */
export function FieldFooter({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: ReactNode;
  hintId: string;
  error: string | null;
  errorId: string;
}) {
  return (
    <>
      {hint && (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      )}
      <p id={errorId} className="ui-field__error">
        {error}
      </p>
    </>
  );
}
