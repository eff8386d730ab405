import {
  FORM_DATA_SCHEMAS,
  type FormId,
  type FormSubmissionRequest,
  lastPreferredDate,
  preferredDateProblem,
  shopToday,
} from '@contract/forms';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import {
  cleanPhoneNumber,
  DEFAULT_COUNTRY,
  findPhoneCountry,
  INVALID_MOBILE_MESSAGE,
  isPhoneCountry,
  phoneCountryLabel,
  phoneNumberError,
} from '@/lib/phone';
import type { DropdownOption } from '@/ui/Dropdown';

/*
 * The request forms' one model (spec §1 "Request forms", §7 "Forms"): a form is a list of fields named as the wire
 * names them, checked by its contract schema field by field, the phone by its chosen country as the sign-in
 * checks it and a preferred date by today's date in the shop's calendar; sent as { form_id, form_submission_data }.
 */

interface FieldBase {
  /** The wire name in form_submission_data. */
  name: string;
  label: string;
  hint?: string;
}

export type RequestField =
  | (FieldBase & {
      kind: 'text';
      type?: 'text' | 'email';
      inputMode?: 'text' | 'email' | 'numeric';
      autoComplete?: string;
      maxLength?: number;
    })
  | (FieldBase & { kind: 'select'; placeholder: string; options: readonly DropdownOption[] })
  | (FieldBase & { kind: 'date' })
  /** The country (with its dial code) and the mobile number: phone_number, country_code, iso_country_code. */
  | { kind: 'phone' };

export interface RequestFormDefinition {
  formId: FormId;
  title: string;
  lead: string;
  submitLabel: string;
  fields: readonly RequestField[];
  /** The heading and the line shown once the request is stored. */
  thanks: { title: string; text: string };
}

export interface RequestFormValues {
  country: DropdownOption;
  phone: string;
  /** Every other field by its wire name, as typed ('' until filled or chosen). */
  fields: Record<string, string>;
}

const optionSchema = z.object({ value: z.string(), label: z.string() });

/** Every field of a form is typed as text. */
type TextRule = z.ZodType<unknown, string>;
type DataShape = Record<string, TextRule>;

function dataShape(formId: FormId): DataShape {
  return (FORM_DATA_SCHEMAS[formId] as unknown as z.ZodObject<DataShape>).shape;
}

function hasPhone(definition: RequestFormDefinition): boolean {
  return definition.fields.some((field) => field.kind === 'phone');
}

/** The wire names of the definition's fields other than the phone. */
export function fieldNames(definition: RequestFormDefinition): string[] {
  return definition.fields.flatMap((field) => (field.kind === 'phone' ? [] : [field.name]));
}

/** Whether a field may be left empty (its contract schema is optional). */
export function isOptionalField(definition: RequestFormDefinition, name: string): boolean {
  return dataShape(definition.formId)[name] instanceof z.ZodOptional;
}

/** Today and the last bookable day in the shop's calendar, for a date field's bounds. */
export function preferredDateBounds(now: Date = new Date()): { min: string; max: string } {
  const today = shopToday(now);
  return { min: today, max: lastPreferredDate(today) };
}

/**
 * The form's validator: each field by its contract rule (an optional one may be ''), a preferred date from today
 * on, the number for the chosen country.
 */
export function requestFormSchema(definition: RequestFormDefinition, now: () => Date = () => new Date()) {
  const shape = dataShape(definition.formId);
  const fields: DataShape = {};
  for (const field of definition.fields) {
    if (field.kind === 'phone') continue;
    const wire = shape[field.name];
    if (!wire) throw new Error(`${definition.formId} has no field ${field.name}`);
    const rule = wire instanceof z.ZodOptional ? (wire.unwrap() as TextRule) : wire;
    fields[field.name] =
      field.kind === 'date'
        ? z
            .string()
            .pipe(rule)
            .superRefine((value, ctx) => {
              // An empty or malformed date already has its message.
              if (!/^\d{4}-\d{2}-\d{2}$/.test(String(value))) return;
              const problem = preferredDateProblem(String(value), shopToday(now()));
              if (problem) ctx.addIssue({ code: 'custom', message: problem });
            })
        : z.string().pipe(rule);
  }
  const values = z.object({ country: optionSchema, phone: z.string(), fields: z.object(fields) });
  if (!hasPhone(definition)) return values;
  return values.refine(
    ({ country, phone }) =>
      phoneNumberError(phone, isPhoneCountry(country.value) ? country.value : DEFAULT_COUNTRY) === null,
    {
      path: ['phone'],
      message: INVALID_MOBILE_MESSAGE,
      // Checked even while other fields are still wrong, so every error shows on the first submit.
      when: (payload) => {
        const value = payload.value as { phone?: unknown; country?: { value?: unknown } } | undefined;
        return typeof value?.phone === 'string' && typeof value.country?.value === 'string';
      },
    },
  );
}

/** Where the server's field errors go: form_submission_data.<wire name> → the form field. */
export function requestFormApiFields(definition: RequestFormDefinition): Record<string, string> {
  const map: Record<string, string> = {};
  for (const name of fieldNames(definition)) map[`form_submission_data.${name}`] = `fields.${name}`;
  if (hasPhone(definition)) {
    map['form_submission_data.phone_number'] = 'phone';
    map['form_submission_data.country_code'] = 'country';
    map['form_submission_data.iso_country_code'] = 'country';
  }
  return map;
}

/** The empty values of a form, with what the page already knows (e.g. a preselected product). */
export function emptyValues(
  definition: RequestFormDefinition,
  initial: Readonly<Record<string, string>> = {},
): RequestFormValues {
  const fields = Object.fromEntries(fieldNames(definition).map((name) => [name, initial[name] ?? '']));
  return { country: countryOptionOf(null), phone: '', fields };
}

/**
 * The submission as the forms service takes it: text trimmed, empty optional fields left out, the number with the
 * dial code of its country; `extra` adds what the page knows rather than the person (e.g. the order id).
 */
export function toSubmission(
  definition: RequestFormDefinition,
  values: RequestFormValues,
  extra: Readonly<Record<string, string>> = {},
): FormSubmissionRequest {
  const data: Record<string, string> = {};
  for (const name of fieldNames(definition)) {
    const value = (values.fields[name] ?? '').trim();
    if (value !== '') data[name] = value;
  }
  if (hasPhone(definition)) {
    const country = findPhoneCountry(values.country.value) ?? findPhoneCountry(DEFAULT_COUNTRY);
    data.phone_number = cleanPhoneNumber(values.phone);
    data.country_code = country?.dialCode ?? '+91';
    data.iso_country_code = country?.iso ?? DEFAULT_COUNTRY;
  }
  // The contract checks every field again on the server; this shape is what both sides share.
  return { form_id: definition.formId, form_submission_data: { ...data, ...extra } } as FormSubmissionRequest;
}

/** The values kept as a draft: the fields, the number and its country. */
export function draftOf(values: RequestFormValues): Record<string, string> {
  return { ...values.fields, '@country': values.country.value, '@phone': values.phone };
}

/** A draft read back onto the form's values; what the form does not have is ignored. */
export function valuesFromDraft(
  definition: RequestFormDefinition,
  base: RequestFormValues,
  draft: Readonly<Record<string, string>>,
): RequestFormValues {
  const fields = { ...base.fields };
  // An emptied field in the draft never clears what the page knew (e.g. a product from the address).
  for (const name of fieldNames(definition)) if (draft[name]) fields[name] = draft[name];
  const country = draft['@country'] ? countryOptionOf(draft['@country']) : base.country;
  return { country, phone: draft['@phone'] || base.phone, fields };
}

/** The country picker's option for a country (India when none or unknown). */
export function countryOptionOf(iso: string | null): DropdownOption {
  const country = (iso ? findPhoneCountry(iso) : undefined) ??
    findPhoneCountry(DEFAULT_COUNTRY) ?? { iso: DEFAULT_COUNTRY, name: 'India', dialCode: '+91' };
  return { value: country.iso, label: phoneCountryLabel(country) };
}

/** The country of the profile's number (+1 is several countries: the number itself tells which). */
export function profileCountry(profile: { phoneNumberWithCountryCode: string }): string | null {
  return parsePhoneNumberFromString(profile.phoneNumberWithCountryCode)?.country ?? null;
}
