import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '@contract/associates';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useId } from 'react';
import { associationsDetailsQuery } from '@/api/associates';
import { firstErrorText } from '@/ui/form/errorText';
import {
  ACCOUNT_TYPE_OPTIONS,
  type AffiliateValues,
  GST_FREQUENCY_OPTIONS,
  GST_TYPE_OPTIONS,
} from './affiliateRegistration';
import { proofUpload, useAffiliateRegistration } from './useAffiliateRegistration';
import '@/ui/form/formPage.css';
import './associates.css';

const bankProof = proofUpload('bank');
const panProof = proofUpload('pan');
const gstProof = proofUpload('gst');
const digits = (value: string) => value.replace(/\D/g, '');
const upper = (value: string) => value.toUpperCase().replace(/\s/g, '');

type Form = ReturnType<typeof useAffiliateRegistration>['form'];

/** A yes/no box bound to its field (44 px target). */
function Check({
  form,
  name,
  children,
}: {
  form: Form;
  name: 'pan_details.is_user_has_pan' | 'gst_details.is_gst_registered';
  children: ReactNode;
}) {
  const id = useId();
  return (
    <form.Field name={name}>
      {(field) => (
        <div className="affiliate-check">
          <input
            id={id}
            type="checkbox"
            className="affiliate-check__box"
            checked={field.state.value}
            onChange={(event) => field.handleChange(event.target.checked)}
            onBlur={field.handleBlur}
          />
          <label htmlFor={id} className="affiliate-check__label">
            {children}
          </label>
          {firstErrorText(field.state.meta.errors) && field.state.meta.isBlurred ? (
            <p className="form-page__error">{firstErrorText(field.state.meta.errors)}</p>
          ) : null}
        </div>
      )}
    </form.Field>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset className="affiliate-section" aria-labelledby={id}>
      <legend id={id} className="affiliate-section__title">
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

export interface AffiliateRegistrationFormProps {
  userId: string;
  onRegistered: Parameters<typeof useAffiliateRegistration>[0]['onRegistered'];
}

/** /form/affiliate-registration: bank payout, PAN, GST and billing address with their proofs (spec §3). */
export function AffiliateRegistrationForm({ userId, onRegistered }: AffiliateRegistrationFormProps) {
  const headingId = useId();
  const { form, formError, clearFormError, alreadyRegistered, ifscError, bankLookupPending, stateOptions } =
    useAffiliateRegistration({ userId, onRegistered });
  const clear = { onChange: clearFormError };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.handleSubmit();
  };
  const proof = { accept: UPLOAD_TYPES, maxSize: UPLOAD_MAX_BYTES, required: true } as const;
  // A person registered already is sent to their page instead of a form the server would refuse.
  const existing = useQuery({ ...associationsDetailsQuery(userId), retry: false });
  const hasPan = (values: AffiliateValues) => values.pan_details.is_user_has_pan;
  const gstRegistered = (values: AffiliateValues) => values.gst_details.is_gst_registered;

  if (existing.data) {
    return (
      <section className="form-page form-page--wide" aria-labelledby={headingId}>
        <h1 id={headingId} className="form-page__title">
          You are an affiliate already
        </h1>
        <p className="form-page__lead">Your referral code is {existing.data.associate_code}.</p>
        <Link to="/my-affiliate" className="form-page__link">
          See your affiliate page
        </Link>
      </section>
    );
  }

  return (
    <section className="form-page form-page--wide" aria-labelledby={headingId}>
      <h1 id={headingId} className="form-page__title">
        Become an affiliate
      </h1>
      <p className="form-page__lead">
        Share your referral code: buyers get a discount and you earn on every order it brings. Tell us where
        to pay you.
      </p>
      <form className="form-page__form" noValidate onSubmit={submit}>
        <Section title="Bank payout details">
          <form.AppField name="bank_payout_details.name_as_per_bank_account" listeners={clear}>
            {(field) => <field.TextField label="Name as per bank account" autoComplete="name" required />}
          </form.AppField>
          <form.AppField name="bank_payout_details.bank_account_type" listeners={clear}>
            {(field) => (
              <field.SelectField
                label="Account type"
                placeholder="Savings or Current"
                options={ACCOUNT_TYPE_OPTIONS}
                required
              />
            )}
          </form.AppField>
          <form.AppField name="bank_payout_details.account_number" listeners={clear}>
            {(field) => (
              <field.TextField
                label="Account number"
                inputMode="numeric"
                autoComplete="off"
                parse={digits}
                required
              />
            )}
          </form.AppField>
          <form.AppField name="bank_payout_details.confirm_account_number" listeners={clear}>
            {(field) => (
              <field.TextField
                label="Confirm account number"
                inputMode="numeric"
                autoComplete="off"
                parse={digits}
                onPaste={(event) => event.preventDefault()}
                required
              />
            )}
          </form.AppField>
          <form.AppField name="bank_payout_details.ifsc_code" listeners={clear}>
            {(field) => (
              <field.TextField
                label="IFSC"
                autoCapitalize="characters"
                autoComplete="off"
                maxLength={11}
                parse={upper}
                hint={
                  bankLookupPending
                    ? 'Looking up the bank…'
                    : 'On your cheque book or passbook, e.g. SBIN0001234'
                }
                extraError={ifscError}
                required
              />
            )}
          </form.AppField>
          <form.AppField name="bank_payout_details.bank_name" listeners={clear}>
            {(field) => <field.TextField label="Bank" hint="Filled in from the IFSC" required />}
          </form.AppField>
          <form.AppField name="bank_payout_details.branch_name" listeners={clear}>
            {(field) => <field.TextField label="Branch" required />}
          </form.AppField>
          <form.AppField name="bank_payout_details.bank_details_image_s3_key">
            {(field) => (
              <field.FileField label="Cancelled cheque or passbook page" upload={bankProof} {...proof} />
            )}
          </form.AppField>
        </Section>

        <Section title="PAN details">
          <Check form={form} name="pan_details.is_user_has_pan">
            I have a PAN
          </Check>
          <form.Subscribe selector={(state) => hasPan(state.values)}>
            {(shown) =>
              shown && (
                <>
                  <form.AppField name="pan_details.pan_number" listeners={clear}>
                    {(field) => (
                      <field.TextField
                        label="PAN"
                        autoCapitalize="characters"
                        autoComplete="off"
                        maxLength={10}
                        parse={upper}
                        required
                      />
                    )}
                  </form.AppField>
                  <form.AppField name="pan_details.name_as_per_pan" listeners={clear}>
                    {(field) => <field.TextField label="Name as per PAN" required />}
                  </form.AppField>
                  <form.AppField name="pan_details.pan_details_image_s3_key">
                    {(field) => <field.FileField label="PAN card" upload={panProof} {...proof} />}
                  </form.AppField>
                </>
              )
            }
          </form.Subscribe>
        </Section>

        <Section title="GST details">
          <Check form={form} name="gst_details.is_gst_registered">
            I am registered for GST
          </Check>
          <form.Subscribe selector={(state) => gstRegistered(state.values)}>
            {(shown) =>
              shown && (
                <>
                  <form.AppField name="gst_details.gst_registration_type" listeners={clear}>
                    {(field) => (
                      <field.SelectField
                        label="GST registration type"
                        placeholder="Choose a type"
                        options={GST_TYPE_OPTIONS}
                        required
                      />
                    )}
                  </form.AppField>
                  <form.AppField name="gst_details.gst_in" listeners={clear}>
                    {(field) => (
                      <field.TextField
                        label="GSTIN"
                        autoCapitalize="characters"
                        autoComplete="off"
                        maxLength={15}
                        parse={upper}
                        required
                      />
                    )}
                  </form.AppField>
                  <form.AppField name="gst_details.name_as_per_gst" listeners={clear}>
                    {(field) => <field.TextField label="Name as per GST" required />}
                  </form.AppField>
                  <form.AppField name="gst_details.gst_filling_frequency" listeners={clear}>
                    {(field) => (
                      <field.SelectField
                        label="GST filing frequency"
                        placeholder="Monthly or Quarterly"
                        options={GST_FREQUENCY_OPTIONS}
                        required
                      />
                    )}
                  </form.AppField>
                  <form.AppField name="gst_details.gst_proof_image_s3_key">
                    {(field) => <field.FileField label="GST certificate" upload={gstProof} {...proof} />}
                  </form.AppField>
                </>
              )
            }
          </form.Subscribe>
        </Section>

        <Section title="Billing address">
          <form.AppField name="billing_address_details.name" listeners={clear}>
            {(field) => <field.TextField label="Name" autoComplete="name" required />}
          </form.AppField>
          <form.AppField name="billing_address_details.door_number" listeners={clear}>
            {(field) => <field.TextField label="Door or flat number" autoComplete="address-line1" required />}
          </form.AppField>
          <form.AppField name="billing_address_details.street_name" listeners={clear}>
            {(field) => <field.TextField label="Street" autoComplete="address-line2" required />}
          </form.AppField>
          <form.AppField name="billing_address_details.city_details" listeners={clear}>
            {(field) => <field.TextField label="City" autoComplete="address-level2" required />}
          </form.AppField>
          <form.AppField name="billing_address_details.mandal" listeners={clear}>
            {(field) => <field.TextField label="Mandal (optional)" />}
          </form.AppField>
          <form.AppField name="billing_address_details.district_details" listeners={clear}>
            {(field) => <field.TextField label="District" required />}
          </form.AppField>
          <form.AppField name="billing_address_details.state_details" listeners={clear}>
            {(field) => (
              <field.SelectField
                label="State"
                placeholder="Choose your state"
                options={stateOptions}
                required
              />
            )}
          </form.AppField>
          <form.AppField name="billing_address_details.pincode" listeners={clear}>
            {(field) => (
              <field.TextField
                label="Pincode"
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={6}
                parse={digits}
                required
              />
            )}
          </form.AppField>
          <p className="affiliate-section__note">Country: India (affiliates are paid in India)</p>
        </Section>

        {formError && (
          <p className="form-page__error" role="alert">
            {formError}
            {alreadyRegistered && (
              <>
                {' '}
                <Link to="/my-affiliate" className="form-page__link">
                  See your affiliate page
                </Link>
              </>
            )}
          </p>
        )}
        <form.AppForm>
          <form.SubmitButton size="l" fullWidth>
            Register as an affiliate
          </form.SubmitButton>
        </form.AppForm>
      </form>
    </section>
  );
}
