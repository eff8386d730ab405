import { type ReactNode, useId } from 'react';

/** Spec §2: a field in error with no message of its own shows this. */
export const REQUIRED_TEXT = '*Required';

/**
 * A field's error: a message, or true for "in error" without one. Shown only once the field is
 * touched (spec §5); the text falls back to "*Required".
 */
export type FieldError = string | boolean | null | undefined;

export function visibleError(error: FieldError, touched: boolean): string | null {
  if (!touched || !error) return null;
  return typeof error === 'string' && error.trim() !== '' ? error : REQUIRED_TEXT;
}

/** What a form field takes whatever its value: its words, its value, its error, its state. */
export interface FieldProps<V> {
  label: ReactNode;
  hint?: ReactNode;
  value: V;
  onChange: (value: V) => void;
  /** A message, or true when in error without one ("*Required"). */
  error?: FieldError;
  touched?: boolean;
  required?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
  id?: string;
}

/** A field's element ids: its own (given, or made unique with `kind`), its label's, hint's and error's. */
export function useFieldIds(id: string | undefined, kind: string) {
  const autoId = useId();
  const fieldId = id ?? `${autoId}-${kind}`;
  return { fieldId, labelId: `${fieldId}-label`, hintId: `${fieldId}-hint`, errorId: `${fieldId}-error` };
}
