import type { ComponentProps } from 'react';
import { Dropdown, type DropdownOption } from '../Dropdown';
import { extendForm as extendTextForm, useBoundField } from './textForm';

/*
 * The shop's form kit: ./textForm.tsx's text fields and submit button plus the select fields on Ark UI's Select.
 * A form without a select takes ./textForm.tsx instead and leaves the select library off its route. Fields with a
 * large library of their own join a form through this kit's extendForm:
 *
 *   const { useAppForm } = extendForm({ fieldComponents: { FileField, DateRangeField } });
 */

export {
  fieldContext,
  formContext,
  SubmitButton,
  type SubmitButtonProps,
  TextField,
  type TextFieldProps,
  useBoundField,
  useFieldContext,
  useFormContext,
} from './textForm';

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

export const { useAppForm, withForm, withFieldGroup, extendForm } = extendTextForm({
  fieldComponents: { AsyncDropdownField, SelectField },
});
