import { createFormHook, createFormHookContexts, useStore } from '@tanstack/react-form';
import type { ComponentProps, Ref } from 'react';
import { Button } from '../Button';
import { TextInput, type TextInputProps } from '../TextInput';
import { firstErrorText } from './errorText';

/*
 * The base of the shop's one form binding (DESIGN.md §5 "Forms"): TanStack Form with the contract's zod schemas as
 * validators, and field components bound to the field they sit in, so screens stay presentational. This kit holds
 * the light fields (text, the submit button); ./form.tsx extends it with the select fields, and a form that needs a
 * file or a date range extends it with ./FileField or ./DateRangeField, so each route loads only the fields it shows.
 *
 *   const form = useAppForm({ defaultValues, validators: { onChange: schema, onBlur: schema }, onSubmit });
 *   <form.AppField name="email">{(field) => <field.TextField label="Email" />}</form.AppField>
 *
 * Spec §5: errors show only once the field is touched (left, i.e. blurred, or the form was submitted);
 * validation runs on blur and on change.
 */

export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();

/**
 * Keeps the value; an error the last blur found is checked again at once, so fixing the value clears it while
 * typing rather than on the next blur.
 */
function useChange<T>(): (value: T) => void {
  const field = useFieldContext<T>();
  return (value: T) => {
    field.handleChange(value);
    if (field.state.meta.errorMap.onBlur !== undefined) void field.validate('blur');
  };
}

/** What every bound input reads: the field, its value, how to change it and its error once it should be seen. */
export function useBoundField<T>() {
  const field = useFieldContext<T>();
  const change = useChange<T>();
  const value = useStore(field.store, (state) => state.value);
  const submitted = useStore(field.form.store, (state) => state.submissionAttempts > 0);
  const errors = useStore(field.store, (state) => state.meta.errors);
  const blurred = useStore(field.store, (state) => state.meta.isBlurred);
  return { field, value, change, error: firstErrorText(errors), touched: blurred || submitted };
}

export interface TextFieldProps
  extends Omit<
    TextInputProps,
    'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'touched' | 'name'
  > {
  /** Shapes what was typed before it is kept (e.g. digits only). */
  parse?: (value: string) => string;
  /** An error shown whatever the validators say (e.g. a wait the server asked for). */
  extraError?: string | null;
  ref?: Ref<HTMLInputElement>;
}

/** A TextInput bound to its form field. */
export function TextField({ parse, extraError, ...props }: TextFieldProps) {
  const { field, value, change, error, touched } = useBoundField<string>();
  return (
    <TextInput
      {...props}
      name={field.name}
      value={value}
      error={error ?? extraError ?? null}
      touched={touched || Boolean(extraError)}
      onChange={(event) => change(parse ? parse(event.target.value) : event.target.value)}
      onBlur={field.handleBlur}
    />
  );
}

export type SubmitButtonProps = Omit<ComponentProps<typeof Button>, 'type'>;

/** The form's submit button: busy while the submit runs. */
export function SubmitButton({ loading, ...props }: SubmitButtonProps) {
  const form = useFormContext();
  const submitting = useStore(form.store, (state) => state.isSubmitting);
  return <Button {...props} type="submit" loading={Boolean(loading) || submitting} />;
}

export const { useAppForm, withForm, withFieldGroup, extendForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField },
  formComponents: { SubmitButton },
});
