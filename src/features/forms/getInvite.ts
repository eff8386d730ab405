import {
  type FormSubmissionRequest,
  getInviteDataSchema,
  INVITE_PRODUCTS,
  type InviteProduct,
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
 * The get-invite form's values and rules (spec §2 /form/get-invite): the contract's schema per field, and the
 * number checked for its chosen country as the sign-in checks it.
 */

export const INVITE_PRODUCT_LABELS: Record<InviteProduct, string> = {
  BUSINESS_LICENCE: 'Business licence',
  BUSINESS_KIT: 'Business kit',
};

export const INVITE_PRODUCT_OPTIONS: readonly DropdownOption[] = INVITE_PRODUCTS.map((product) => ({
  value: product,
  label: INVITE_PRODUCT_LABELS[product],
}));

export interface GetInviteValues {
  name: string;
  country: DropdownOption;
  phone: string;
  email: string;
  city: string;
  organisation: string;
  /** '' until one is chosen. */
  product: string;
  message: string;
}

const data = getInviteDataSchema.shape;

/** The form's validator: each field by the contract's rule, the number for the chosen country. */
export const getInviteFormSchema = z
  .object({
    name: data.name,
    country: z.object({ value: z.string(), label: z.string() }),
    phone: z.string(),
    email: data.email,
    city: data.city,
    organisation: data.organisation.unwrap(),
    // Held as text by the picker, '' until a product is chosen.
    product: z.string().pipe(data.product),
    message: data.message.unwrap(),
  })
  .refine(
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

/** Where the server's field errors go: form_submission_data.<wire name> → the form field. */
export const GET_INVITE_API_FIELDS: Readonly<Record<string, keyof GetInviteValues>> = {
  'form_submission_data.name': 'name',
  'form_submission_data.phone_number': 'phone',
  'form_submission_data.country_code': 'country',
  'form_submission_data.iso_country_code': 'country',
  'form_submission_data.email': 'email',
  'form_submission_data.city': 'city',
  'form_submission_data.organisation': 'organisation',
  'form_submission_data.product': 'product',
  'form_submission_data.message': 'message',
};

/** The submission as the forms service takes it; empty optional fields are left out. */
export function toGetInviteSubmission(values: GetInviteValues): FormSubmissionRequest {
  const country = findPhoneCountry(values.country.value) ?? findPhoneCountry(DEFAULT_COUNTRY);
  const organisation = values.organisation.trim();
  const message = values.message.trim();
  return {
    form_id: 'get_invite',
    form_submission_data: {
      name: values.name.trim(),
      phone_number: cleanPhoneNumber(values.phone),
      country_code: country?.dialCode ?? '+91',
      iso_country_code: country?.iso ?? DEFAULT_COUNTRY,
      email: values.email.trim(),
      city: values.city.trim(),
      product: data.product.parse(values.product),
      ...(organisation ? { organisation } : {}),
      ...(message ? { message } : {}),
    },
  };
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
