import { findPhoneCountry, phoneCountryLabel, searchPhoneCountries } from '@/lib/phone';
import type { DropdownOption } from '../Dropdown';
import { withFieldGroup } from './form';

async function loadCountryOptions(query: string): Promise<readonly DropdownOption[]> {
  return searchPhoneCountries(query).map((c) => ({ value: c.iso, label: phoneCountryLabel(c) }));
}

export interface PhoneFieldsValues {
  country: DropdownOption;
  phone: string;
}

/**
 * The country, searchable and shown with its dial code, and the mobile number after that code: the phone as the
 * sign-in and the request forms ask for it. A module of its own, so forms without a phone do not load the numbering
 * plan.
 */
export const PhoneFields = withFieldGroup({
  defaultValues: { country: { value: '', label: '' }, phone: '' } as PhoneFieldsValues,
  props: {
    /** Called on every change of either field, e.g. to clear a form-level error. */
    onChange: (() => undefined) as () => void,
    /** An error for the number that is not a field validator's (e.g. the server's refusal). */
    extraError: null as string | null,
  },
  render: function PhoneFieldsGroup({ group, onChange, extraError }) {
    return (
      <>
        <group.AppField name="country" listeners={{ onChange }}>
          {(field) => (
            <field.AsyncDropdownField
              label="Country"
              loadOptions={loadCountryOptions}
              debounceMs={0}
              searchLabel="Search countries"
              searchPlaceholder="Country name or code"
            />
          )}
        </group.AppField>
        <group.Subscribe selector={(state) => state.values.country.value}>
          {(iso) => {
            const dialCode = findPhoneCountry(iso)?.dialCode ?? '';
            return (
              <group.AppField name="phone" listeners={{ onChange }}>
                {(field) => (
                  <field.TextField
                    label="Mobile number"
                    type="tel"
                    inputMode="numeric"
                    autoComplete="tel-national"
                    required
                    startAdornment={<span aria-hidden="true">{dialCode}</span>}
                    hint={`Country code ${dialCode}`}
                    extraError={extraError}
                  />
                )}
              </group.AppField>
            );
          }}
        </group.Subscribe>
      </>
    );
  },
});
