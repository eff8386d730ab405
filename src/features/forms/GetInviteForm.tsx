import type { FormSubmission, InviteProduct } from '@contract/forms';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { profileQuery } from '@/api/account';
import { applyApiFieldError, errorMessage } from '@/api/errorMessages';
import { submitFormMutation, useFormDelivery } from '@/api/forms';
import { useAppForm } from '@/ui/form/form';
import { PhoneFields } from '@/ui/form/PhoneFields';
import {
  countryOptionOf,
  GET_INVITE_API_FIELDS,
  type GetInviteValues,
  getInviteFormSchema,
  INVITE_PRODUCT_OPTIONS,
  profileCountry,
  toGetInviteSubmission,
} from './getInvite';
import './forms.css';

export interface GetInviteFormProps {
  /** Preselected from ?product= (the checkout's invite link may add it). */
  product?: InviteProduct | undefined;
  /** The signed-in buyer, whose profile fills in the name, number and e-mail; null when signed out. */
  userId: string | null;
  /** After the request was stored (the route reports form_submit_success). */
  onSubmitted?: ((submission: FormSubmission) => void) | undefined;
}

/** /form/get-invite: asks for an invite code for the business licence or the business kit (spec §2). */
export function GetInviteForm({ product, userId, onSubmitted }: GetInviteFormProps) {
  const headingId = useId();
  // Back here after signing in, with the product still chosen.
  const here = useRouterState({ select: (state) => state.location.href });
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<FormSubmission | null>(null);
  // The Idempotency-Key of a request that waits in the outbox for the connection.
  const [waitingKey, setWaitingKey] = useState<string | null>(null);
  const delivery = useFormDelivery(waitingKey);
  const send = useMutation(submitFormMutation());
  const profile = useQuery({ ...profileQuery(userId ?? ''), enabled: userId !== null && userId !== '' });

  const defaultValues: GetInviteValues = {
    name: '',
    country: countryOptionOf(null),
    phone: '',
    email: '',
    city: '',
    organisation: '',
    product: product ?? '',
    message: '',
  };
  const form = useAppForm({
    defaultValues,
    validators: { onChange: getInviteFormSchema, onBlur: getInviteFormSchema },
    onSubmit: async ({ value, formApi }) => {
      setFormError(null);
      try {
        const answer = await send.mutateAsync(toGetInviteSubmission(value));
        if (answer.status === 'waiting') {
          setWaitingKey(answer.key);
          return;
        }
        setSent(answer.submission);
        onSubmitted?.(answer.submission);
      } catch (error) {
        // What was typed stays; the refusal goes under the field it names, or above the button.
        if (!applyApiFieldError(formApi, error, GET_INVITE_API_FIELDS)) setFormError(errorMessage(error));
      }
    },
  });

  // The profile fills the fields the buyer has not touched yet, whenever it arrives.
  const details = profile.data;
  useEffect(() => {
    if (!details) return;
    const untouched = (name: 'name' | 'email' | 'phone') =>
      !form.getFieldMeta(name)?.isTouched && form.getFieldValue(name) === '';
    const quietly = { dontUpdateMeta: true } as const;
    if (details.name && untouched('name')) form.setFieldValue('name', details.name, quietly);
    if (details.email && untouched('email')) form.setFieldValue('email', details.email, quietly);
    if (details.phoneNumber && untouched('phone')) {
      form.setFieldValue('country', countryOptionOf(profileCountry(details)), quietly);
      form.setFieldValue('phone', details.phoneNumber, quietly);
    }
  }, [details, form]);

  // The request that waited was sent (or refused) from the outbox, now or after the connection came back.
  useEffect(() => {
    if (!delivery || delivery.state === 'waiting') return;
    setWaitingKey(null);
    if (delivery.state === 'dropped') {
      setFormError(delivery.message);
      return;
    }
    if (delivery.submission) {
      setSent(delivery.submission);
      onSubmitted?.(delivery.submission);
    }
  }, [delivery, onSubmitted]);

  const thanksRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (sent || waitingKey) thanksRef.current?.focus();
  }, [sent, waitingKey]);

  if (sent || waitingKey) {
    return (
      <section className="request-form" aria-labelledby={headingId}>
        <h1 id={headingId} ref={thanksRef} tabIndex={-1} className="request-form__title">
          {sent ? 'Thanks — we will be in touch' : 'Waiting to send'}
        </h1>
        <p className="request-form__lead" role="status">
          {sent
            ? `Sent. Thanks — we will be in touch with your invite code${sent.form_submission_data.email ? ` at ${sent.form_submission_data.email}` : ''}.`
            : 'Your request is saved on this device and will be sent when you are back online.'}
        </p>
        <Link to="/" className="request-form__link">
          Back to the shop
        </Link>
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.handleSubmit();
  };
  const clearError = { onChange: () => setFormError(null) };

  return (
    <section className="request-form" aria-labelledby={headingId}>
      <h1 id={headingId} className="request-form__title">
        Get an invite
      </h1>
      <p className="request-form__lead">
        The business licence and the business kit are sold by invitation. Tell us about you and we will send
        you an invite code for the checkout.
      </p>
      {userId === null && (
        <p className="request-form__note">
          Have an account?{' '}
          <Link to="/sign-in" search={{ redirect: here }} className="request-form__link">
            Sign in
          </Link>{' '}
          and we fill in your details.
        </p>
      )}
      <form className="request-form__form" noValidate onSubmit={submit}>
        <form.AppField name="product" listeners={clearError}>
          {(field) => (
            <field.SelectField
              label="Invite for"
              placeholder="Choose a product"
              options={INVITE_PRODUCT_OPTIONS}
              required
            />
          )}
        </form.AppField>
        <form.AppField name="name" listeners={clearError}>
          {(field) => <field.TextField label="Full name" autoComplete="name" required />}
        </form.AppField>
        <PhoneFields
          form={form}
          fields={{ country: 'country', phone: 'phone' }}
          onChange={clearError.onChange}
          extraError={null}
        />
        <form.AppField name="email" listeners={clearError}>
          {(field) => (
            <field.TextField label="Email" type="email" inputMode="email" autoComplete="email" required />
          )}
        </form.AppField>
        <form.AppField name="city" listeners={clearError}>
          {(field) => <field.TextField label="City" autoComplete="address-level2" required />}
        </form.AppField>
        <form.AppField name="organisation" listeners={clearError}>
          {(field) => <field.TextField label="Organisation or club (optional)" autoComplete="organization" />}
        </form.AppField>
        <form.AppField name="message" listeners={clearError}>
          {(field) => <field.TextField label="Message (optional)" />}
        </form.AppField>
        {formError && (
          <p className="request-form__error" role="alert">
            {formError}
          </p>
        )}
        <form.AppForm>
          <form.SubmitButton size="l" fullWidth>
            Request an invite
          </form.SubmitButton>
        </form.AppForm>
      </form>
    </section>
  );
}
