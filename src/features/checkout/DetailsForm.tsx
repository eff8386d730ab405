import { GST_TYPES, STATE_COUNTRIES, type StateCountry } from '@contract/constants';
import { useStore } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { memo, type ReactNode, useId } from 'react';
import type { ClientProfile } from '@/api/account';
import { toPickupDetails } from '@/api/pickupView';
import { statesQuery } from '@/api/places';
import { countryName } from '@/lib/countries';
import { dialCodeOf, isPhoneCountry } from '@/lib/phone';
import { Button } from '@/ui/Button';
import { firstErrorText } from '@/ui/form/errorText';
import {
  billingFieldsShown,
  deliveryOptions,
  differentBillingAddressShown,
  gstFieldsShown,
  gstOptionShown,
  isFullNameReadOnly,
  isShipped,
  MOBILE_NUMBER_READ_ONLY,
  PINCODE_MAX_LENGTH,
  postalCodeHint,
} from './checkoutForm';
import { EmailVerificationField } from './EmailVerificationField';
import type { CheckoutController } from './useCheckout';
import type { CheckoutFormController, DetailsFormApi } from './useCheckoutForm';
import './checkout-page.css';

/*
 * The checkout's details form (spec §3 Checkout form fields, §5 Checkout form): presentational; the values,
 * validator and what they tell the machines are useCheckoutForm's. Fields show and hide by spec §5's rules.
 */

export const TERMS_PATH = '/terms-and-conditions/';
export const BUSINESS_TERMS_PATH = '/business-licence-terms-and-conditions/';

const GST_TYPE_OPTIONS = GST_TYPES.map((value) => ({ value, label: value }));

function countryOptions(international: boolean) {
  const codes: readonly StateCountry[] = international ? STATE_COUNTRIES : ['IN'];
  return codes.map((value) => ({ value, label: countryName(value) }));
}

const dialCodeFor = (country: string) => (isPhoneCountry(country) ? dialCodeOf(country) : '+91');

const asStateCountry = (code: string): StateCountry =>
  (STATE_COUNTRIES as readonly string[]).includes(code) ? (code as StateCountry) : 'IN';

/** A state picker for a country: its list arriving renders this field alone, not the whole form. */
function StateField({
  form,
  name,
  label,
  country,
}: {
  form: DetailsFormApi;
  name: 'state' | 'billingState';
  label: string;
  country: string;
}) {
  const query = useQuery(statesQuery(asStateCountry(country)));
  const options = (query.data ?? []).map((s) => ({ value: s.state_name_enum, label: s.state_name }));
  return (
    <form.AppField name={name}>
      {(field) => <field.SelectField label={label} options={options} placeholder="Choose a state" />}
    </form.AppField>
  );
}

type BooleanField = 'iHaveGSTDetails' | 'useDifferentBillingAddress' | 'tAndC' | 'businessTandC';

/** A checkbox bound to its field; its error shows once it was left or the form was submitted (spec §5). */
function CheckboxField({
  form,
  name,
  children,
}: {
  form: DetailsFormApi;
  name: BooleanField;
  children: ReactNode;
}) {
  const id = useId();
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0);
  return (
    <form.Field name={name}>
      {(field) => {
        const error =
          field.state.meta.isBlurred || submitted ? firstErrorText(field.state.meta.errors) : null;
        return (
          <div className="checkout-check">
            <input
              id={id}
              type="checkbox"
              className="checkout-check__box"
              checked={field.state.value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => {
                field.handleChange(event.target.checked);
                if (field.state.meta.errorMap.onBlur !== undefined) void field.validate('blur');
              }}
              onBlur={field.handleBlur}
            />
            <label htmlFor={id} className="checkout-check__label">
              {children}
            </label>
            {error && (
              <p id={`${id}-error`} className="checkout-check__error">
                {error}
              </p>
            )}
          </div>
        );
      }}
    </form.Field>
  );
}

function PickupDetails({ checkout }: { checkout: CheckoutController['checkout'] }) {
  const locations = useSelector(checkout, (s) => s.context.pickupLocations);
  const failed = useSelector(
    checkout,
    (s) =>
      s.matches({ shippingEdit: { deliveryDetails: 'failed' } }) ||
      s.matches({ deliveryEdit: { deliveryDetails: 'failed' } }),
  );
  if (failed) {
    return (
      <div className="checkout-pickup" role="alert">
        <p>We could not load the pickup point.</p>
        <Button variant="secondary" size="s" onClick={() => checkout.send({ type: 'RETRY' })}>
          Try again
        </Button>
      </div>
    );
  }
  const first = locations ? toPickupDetails(locations).first : undefined;
  if (!locations) return <p className="checkout-pickup">Loading the pickup point…</p>;
  if (!first) return <p className="checkout-pickup">No pickup point is open at the moment.</p>;
  return (
    <section className="checkout-pickup" aria-label="Pickup point">
      <p className="checkout-pickup__address">{first.consolidatedAddress}</p>
      <p>
        Phone: <a href={`tel:${first.mobileNumber}`}>{first.mobileNumber}</a>
      </p>
      <p>Open {first.timings}</p>
      <a href={first.locationUrl} target="_blank" rel="noopener noreferrer">
        Open in Maps
      </a>
    </section>
  );
}

export type DetailsFormProps = Pick<
  CheckoutFormController,
  'form' | 'values' | 'rules' | 'email' | 'chooseCountry' | 'pincodeNotFound'
> & {
  checkout: CheckoutController['checkout'];
  /** FEATURE_SELF_PICKUP: the delivery option is offered. */
  selfPickup: boolean;
  profile: ClientProfile;
  /** Whether buyers abroad are served: the country list holds more than India. */
  international: boolean;
};

// Memoised on what it reads, each prop stable until it changes: a price or machine update elsewhere on the page
// does not render the whole form again.
export const DetailsForm = memo(function DetailsForm({
  checkout,
  selfPickup,
  form,
  values,
  rules,
  email,
  chooseCountry,
  pincodeNotFound,
  profile,
  international,
}: DetailsFormProps) {
  const nameReadOnly = isFullNameReadOnly(profile);
  const shipped = isShipped(values, rules.isShippingRequired);
  const india = values.country === 'IN';
  const showDelivery = selfPickup && india && rules.isShippingRequired;
  const pickup = showDelivery && values.deliveryOption === 'SELF_PICKUP';
  const deliveryDialCode = dialCodeFor(values.country);

  return (
    <form
      className="checkout-details"
      aria-label="Your details"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <fieldset className="checkout-details__group">
        <legend className="checkout-details__legend">Contact</legend>
        <form.AppField name="fullName">
          {(field) => <field.TextField label="Full name" autoComplete="name" readOnly={nameReadOnly} />}
        </form.AppField>
        {!nameReadOnly && (
          <form.AppField name="lastName">
            {(field) => <field.TextField label="Last name (optional)" autoComplete="family-name" />}
          </form.AppField>
        )}
        <form.AppField name="mobileNumber">
          {(field) => (
            <field.TextField
              label="Mobile number"
              autoComplete="tel-national"
              readOnly={MOBILE_NUMBER_READ_ONLY}
              startAdornment={profile.dialCode}
            />
          )}
        </form.AppField>
        <EmailVerificationField actor={email} />
      </fieldset>

      <fieldset className="checkout-details__group">
        <legend className="checkout-details__legend">
          {shipped && !pickup ? 'Delivery address' : 'Billing address'}
        </legend>
        {showDelivery && (
          <form.AppField name="deliveryOption">
            {(field) => (
              <field.SelectField
                label="Delivery option"
                options={deliveryOptions(selfPickup)}
                disableIfSingleOption
              />
            )}
          </form.AppField>
        )}
        {pickup && <PickupDetails checkout={checkout} />}
        {shipped && (
          <form.AppField name="shippingMobileNumber">
            {(field) => (
              <field.TextField
                label="Mobile number for delivery"
                autoComplete="tel-national"
                inputMode="tel"
                startAdornment={<span aria-hidden="true">{deliveryDialCode}</span>}
                hint={`Country code ${deliveryDialCode}`}
                parse={(value) => value.replace(/[^\d]/g, '')}
              />
            )}
          </form.AppField>
        )}
        <form.AppField name="address1">
          {(field) => <field.TextField label="Address line 1" autoComplete="address-line1" />}
        </form.AppField>
        <form.AppField name="address2">
          {(field) => <field.TextField label="Address line 2 (optional)" autoComplete="address-line2" />}
        </form.AppField>
        <form.AppField name="postalCode">
          {(field) => (
            <field.TextField
              label={india ? 'Pincode' : 'Postal code'}
              autoComplete="postal-code"
              inputMode={india ? 'numeric' : 'text'}
              maxLength={india ? PINCODE_MAX_LENGTH : PINCODE_MAX_LENGTH * 2}
              parse={india ? (value) => value.replace(/\D/g, '') : undefined}
              hint={
                pincodeNotFound ? (
                  <span role="status">
                    We could not find pincode {pincodeNotFound}. Please fill in your city and state.
                  </span>
                ) : (
                  postalCodeHint(values.country)
                )
              }
            />
          )}
        </form.AppField>
        <form.AppField name="city">
          {(field) => <field.TextField label="City" autoComplete="address-level2" />}
        </form.AppField>
        <form.AppField name="country" listeners={{ onChange: ({ value }) => chooseCountry(value) }}>
          {(field) => (
            <field.SelectField
              label="Country"
              options={countryOptions(international)}
              disableIfSingleOption
            />
          )}
        </form.AppField>
        <StateField form={form} name="state" label="State" country={values.country} />
      </fieldset>

      {gstOptionShown(values, rules.isShippingRequired) && (
        <fieldset className="checkout-details__group">
          <legend className="checkout-details__legend">GST</legend>
          <CheckboxField form={form} name="iHaveGSTDetails">
            I have GST details
          </CheckboxField>
          {gstFieldsShown(values, rules.isShippingRequired) && (
            <>
              <form.AppField name="companyName">
                {(field) => <field.TextField label="Company name" autoComplete="organization" />}
              </form.AppField>
              <form.AppField name="GSTIN">
                {(field) => (
                  <field.TextField
                    label="GSTIN"
                    autoCapitalize="characters"
                    maxLength={15}
                    parse={(value) => value.toUpperCase()}
                  />
                )}
              </form.AppField>
              <form.AppField name="gstType">
                {(field) => <field.SelectField label="GST type" options={GST_TYPE_OPTIONS} />}
              </form.AppField>
            </>
          )}
          {differentBillingAddressShown(values, rules.isShippingRequired) && (
            <CheckboxField form={form} name="useDifferentBillingAddress">
              Use a different billing address
            </CheckboxField>
          )}
          {billingFieldsShown(values, rules.isShippingRequired) && (
            <>
              <form.AppField name="billingPersonName">
                {(field) => <field.TextField label="Billing name" autoComplete="billing name" />}
              </form.AppField>
              <form.AppField name="billingAddress1">
                {(field) => (
                  <field.TextField label="Billing address line 1" autoComplete="billing address-line1" />
                )}
              </form.AppField>
              <form.AppField name="billingAddress2">
                {(field) => (
                  <field.TextField
                    label="Billing address line 2 (optional)"
                    autoComplete="billing address-line2"
                  />
                )}
              </form.AppField>
              <form.AppField name="billingPostalCode">
                {(field) => (
                  <field.TextField
                    label="Billing pincode"
                    autoComplete="billing postal-code"
                    maxLength={PINCODE_MAX_LENGTH * 2}
                  />
                )}
              </form.AppField>
              <form.AppField name="billingCity">
                {(field) => <field.TextField label="Billing city" autoComplete="billing address-level2" />}
              </form.AppField>
              <form.AppField name="billingCountry">
                {(field) => (
                  <field.SelectField
                    label="Billing country"
                    options={countryOptions(international)}
                    disableIfSingleOption
                  />
                )}
              </form.AppField>
              <StateField
                form={form}
                name="billingState"
                label="Billing state"
                country={values.billingCountry}
              />
            </>
          )}
        </fieldset>
      )}

      <div className="checkout-details__terms">
        <CheckboxField form={form} name="tAndC">
          I agree to the{' '}
          <a href={TERMS_PATH} target="_blank" rel="noopener">
            terms and conditions
          </a>
        </CheckboxField>
        {rules.businessTermsShown && (
          <CheckboxField form={form} name="businessTandC">
            I agree to the{' '}
            <a href={BUSINESS_TERMS_PATH} target="_blank" rel="noopener">
              business licence terms and conditions
            </a>
          </CheckboxField>
        )}
      </div>
    </form>
  );
});
