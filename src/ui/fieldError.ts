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
