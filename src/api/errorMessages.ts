import type { AnyFormApi } from '@tanstack/react-form';
import { isApiError } from './errors';

/** A sentence to show the buyer for a failed call. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.isNetworkError) return 'You are offline. Check your connection and try again.';
    return error.message || error.description;
  }
  return 'Something went wrong. Please try again.';
}

/**
 * Puts an API error's `field` (spec §8: field errors appear under the field they name) onto the form field it
 * maps to, shown at once and cleared by the next change. `fields` maps wire names to form fields
 * (e.g. { otp: 'code' }). Answers whether the error found its field; otherwise the caller shows it for the form.
 */
export function applyApiFieldError(
  form: Pick<AnyFormApi, 'setFieldMeta'>,
  error: unknown,
  fields: Readonly<Record<string, string>>,
): boolean {
  if (!isApiError(error) || !error.field) return false;
  const target = Object.hasOwn(fields, error.field) ? fields[error.field] : undefined;
  if (!target) return false;
  // Under its own field the server's "field: " prefix names what the buyer already sees.
  const message = errorMessage(error).replace(`${error.field}: `, '');
  form.setFieldMeta(target, (prev) => ({
    ...prev,
    isBlurred: true,
    isTouched: true,
    errorMap: { ...prev.errorMap, onSubmit: message },
  }));
  return true;
}
