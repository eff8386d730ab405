import { createFormHook, createFormHookContexts, useStore } from '@tanstack/react-form';
import type { ComponentProps, Ref } from 'react';
import { Button } from '../Button';
import { Dropdown, type DropdownOption } from '../Dropdown';
import { TextInput, type TextInputProps } from '../TextInput';
import { firstErrorText } from './errorText';

/*
 * The one form binding of the shop (DESIGN.md §5 "Forms"): TanStack Form with the contract's zod schemas as
 * validators, and field components bound to the field they sit in, so screens stay presentational:
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
function useBoundField<T>() {
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

export type AsyncDropdownFieldProps = Omit<
  Extract<ComponentProps<typeof Dropdown<string>>, { type: 'async' }>,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'touched' | 'name'
>;

/** A searchable Dropdown bound to a field holding the chosen option. */
export function AsyncDropdownField(props: AsyncDropdownFieldProps) {
  const { field, value, change, error, touched } = useBoundField<DropdownOption>();
  return (
    <Dropdown
      {...props}
      type="async"
      name={field.name}
      value={value}
      error={error}
      touched={touched}
      onChange={(option) => change(option)}
      onBlur={field.handleBlur}
    />
  );
}

export type SelectFieldProps = Omit<
  Extract<ComponentProps<typeof Dropdown<string>>, { type?: 'single' }>,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'touched' | 'name'
>;

/** A single-choice Dropdown bound to a field holding the chosen value. */
export function SelectField(props: SelectFieldProps) {
  const { field, value, change, error, touched } = useBoundField<string>();
  return (
    <Dropdown
      {...props}
      type="single"
      name={field.name}
      value={value === '' ? null : value}
      error={error}
      touched={touched}
      onChange={(next) => change(next)}
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

export const { useAppForm, withForm, withFieldGroup } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, AsyncDropdownField, SelectField },
  formComponents: { SubmitButton },
});
