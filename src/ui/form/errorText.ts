/** The first message of a field's errors: zod issues (Standard Schema) or plain strings. */
export function firstErrorText(errors: readonly unknown[]): string | null {
  for (const error of errors) {
    if (typeof error === 'string' && error !== '') return error;
    if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string')
      return error.message;
  }
  return null;
}
