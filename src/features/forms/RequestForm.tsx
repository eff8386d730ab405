import { type FormSubmission, formNeedsSignIn } from '@contract/forms';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { profileQuery } from '@/api/account';
import { applyApiFieldError, errorMessage } from '@/api/errorMessages';
import { formSession, useFormDelivery } from '@/api/forms';
import type { TokenSetName } from '@/api/tokens';
import { featureFlags } from '@/lib/featureFlags';
import { clearFormDraft, readFormDraft, writeFormDraft } from '@/storage/formDraft';
import { useAppForm } from '@/ui/form/form';
import { PhoneFields } from '@/ui/form/PhoneFields';
import {
  countryOptionOf,
  draftOf,
  emptyValues,
  fieldNames,
  isOptionalField,
  preferredDateBounds,
  profileCountry,
  type RequestField,
  type RequestFormDefinition,
  requestFormApiFields,
  requestFormSchema,
  toSubmission,
  valuesFromDraft,
} from './requestForm';
import { useSubmitForm } from './useSubmitForm';
import '@/ui/form/formPage.css';
import './forms.css';

export interface RequestFormProps {
  definition: RequestFormDefinition;
  /** The shop's signed-in buyer, whose profile fills in the name, number and e-mail; null when signed out. */
  userId: string | null;
  /** Values the page knows before the person types (e.g. a product from the address). */
  initial?: Readonly<Record<string, string>> | undefined;
  /** Data the page adds to the submission (e.g. the order id), never shown as a field. */
  extra?: Readonly<Record<string, string>> | undefined;
  /** Where to sign in: the forms sign-in (/f/sign-in, spec §2) or the shop's own. */
  signInPath: string;
  /** Spec §9 forms login: on, the forms of SIGN_IN_FORM_IDS are shown only to a signed-in person. */
  formsLogin?: boolean;
  /** h1 on a page of its own, h2 inside another page. */
  headingLevel?: 1 | 2;
  /** After the request was stored. */
  onSubmitted?: ((submission: FormSubmission) => void) | undefined;
}

/** The session a form would go under, known only in the browser (cookies): undefined until then. */
function useFormSession(): TokenSetName | null | undefined {
  const [session, setSession] = useState<TokenSetName | null | undefined>(undefined);
  useEffect(() => setSession(formSession()), []);
  return session;
}

/** One request form of spec §2: its fields, spec §5's checks, a draft kept across a reload, its thanks. */
export function RequestForm({
  definition,
  userId,
  initial,
  extra,
  signInPath,
  formsLogin = featureFlags.formsLogin,
  headingLevel = 1,
  onSubmitted,
}: RequestFormProps) {
  const headingId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  // Back here after signing in, with the address's choices still made.
  const here = useRouterState({ select: (state) => state.location.href });
  const session = useFormSession();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<FormSubmission | null>(null);
  // The Idempotency-Key of a submission that waits in the outbox for the connection.
  const [waitingKey, setWaitingKey] = useState<string | null>(null);
  const delivery = useFormDelivery(waitingKey);
  const send = useSubmitForm();
  const profile = useQuery({ ...profileQuery(userId ?? ''), enabled: userId !== null && userId !== '' });
  const { formId } = definition;
  const signInRequired = formNeedsSignIn(formId, formsLogin);
  const schema = useMemo(() => requestFormSchema(definition), [definition]);
  const apiFields = useMemo(() => requestFormApiFields(definition), [definition]);
  const dates = useMemo(() => preferredDateBounds(), []);

  const form = useAppForm({
    defaultValues: emptyValues(definition, initial),
    validators: { onChange: schema, onBlur: schema },
    onSubmit: async ({ value, formApi }) => {
      setFormError(null);
      try {
        const answer = await send.mutateAsync({ body: toSubmission(definition, value, extra) });
        clearFormDraft(formId);
        if (answer.status === 'waiting') {
          setWaitingKey(answer.key);
          return;
        }
        setSent(answer.submission);
        onSubmitted?.(answer.submission);
      } catch (error) {
        // What was typed stays; the refusal goes under the field it names, or above the button.
        if (!applyApiFieldError(formApi, error, apiFields)) setFormError(errorMessage(error));
      }
    },
  });

  // The draft of this tab comes back after a reload or the sign-in, then every change is kept.
  useEffect(() => {
    const draft = readFormDraft(formId);
    if (draft) {
      const restored = valuesFromDraft(definition, form.state.values, draft);
      const quietly = { dontUpdateMeta: true } as const;
      for (const name of fieldNames(definition))
        form.setFieldValue(`fields.${name}`, restored.fields[name] ?? '', quietly);
      form.setFieldValue('country', restored.country, quietly);
      form.setFieldValue('phone', restored.phone, quietly);
    }
    const subscription = form.store.subscribe(() => writeFormDraft(formId, draftOf(form.state.values)));
    return () => subscription.unsubscribe();
  }, [definition, form, formId]);

  // The profile fills the fields the buyer has not touched yet, whenever it arrives; not the one they are in, where
  // the value would land under their caret and what they type next would follow it.
  const details = profile.data;
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!details) return;
    const names = fieldNames(definition);
    const untouched = (name: 'fields.name' | 'fields.email' | 'phone') =>
      !form.getFieldMeta(name)?.isTouched &&
      form.getFieldValue(name) === '' &&
      formRef.current?.elements.namedItem(name) !== document.activeElement;
    const quietly = { dontUpdateMeta: true } as const;
    if (details.name && names.includes('name') && untouched('fields.name'))
      form.setFieldValue('fields.name', details.name, quietly);
    if (details.email && names.includes('email') && untouched('fields.email'))
      form.setFieldValue('fields.email', details.email, quietly);
    if (details.phoneNumber && definition.fields.some((f) => f.kind === 'phone') && untouched('phone')) {
      form.setFieldValue('country', countryOptionOf(profileCountry(details)), quietly);
      form.setFieldValue('phone', details.phoneNumber, quietly);
    }
  }, [details, definition, form]);

  // The submission that waited was sent (or refused) from the outbox, now or after the connection came back.
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
    const email = sent?.form_submission_data.email;
    return (
      <section className="form-page" aria-labelledby={headingId}>
        <Heading id={headingId} ref={thanksRef} tabIndex={-1} className="form-page__title">
          {sent ? definition.thanks.title : 'Waiting to send'}
        </Heading>
        <p className="form-page__lead" role="status">
          {sent ? (
            <>
              Sent. {definition.thanks.text}
              {email ? ` at ${email}` : ''}.
            </>
          ) : (
            'Your request is saved on this device and will be sent when you are back online.'
          )}
        </p>
        <Link to="/" className="form-page__link">
          Back to the shop
        </Link>
      </section>
    );
  }

  const header = (
    <>
      <Heading id={headingId} className="form-page__title">
        {definition.title}
      </Heading>
      <p className="form-page__lead">{definition.lead}</p>
    </>
  );
  const signInLink = (text: string) => (
    <Link to={signInPath} search={{ redirect: here }} className="form-page__link">
      {text}
    </Link>
  );

  if (signInRequired && session !== undefined && session === null) {
    return (
      <section className="form-page" aria-labelledby={headingId}>
        {header}
        <p className="request-form__note">
          Sign in with your mobile number to send this form; you come back here after it.
        </p>
        {signInLink('Sign in to continue')}
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.handleSubmit();
  };
  const clearError = { onChange: () => setFormError(null) };

  const renderField = (field: RequestField) => {
    if (field.kind === 'phone')
      return (
        <PhoneFields
          key="phone"
          form={form}
          fields={{ country: 'country', phone: 'phone' }}
          onChange={clearError.onChange}
          extraError={null}
        />
      );
    const required = !isOptionalField(definition, field.name);
    return (
      <form.AppField key={field.name} name={`fields.${field.name}`} listeners={clearError}>
        {(bound) => {
          switch (field.kind) {
            case 'select':
              return (
                <bound.SelectField
                  label={field.label}
                  placeholder={field.placeholder}
                  options={field.options}
                  required={required}
                />
              );
            case 'date':
              return (
                <bound.TextField
                  label={field.label}
                  type="date"
                  min={dates.min}
                  max={dates.max}
                  hint={field.hint}
                  required={required}
                />
              );
            case 'text':
              return (
                <bound.TextField
                  label={field.label}
                  type={field.type ?? 'text'}
                  inputMode={field.inputMode}
                  autoComplete={field.autoComplete}
                  maxLength={field.maxLength}
                  hint={field.hint}
                  required={required}
                />
              );
          }
        }}
      </form.AppField>
    );
  };

  return (
    <section className="form-page" aria-labelledby={headingId}>
      {header}
      {session === null && !signInRequired && (
        <p className="request-form__note">
          Have an account? {signInLink('Sign in')} and we fill in your details.
        </p>
      )}
      <form ref={formRef} className="form-page__form" noValidate onSubmit={submit}>
        {definition.fields.map(renderField)}
        {formError && (
          <p className="form-page__error" role="alert">
            {formError}
          </p>
        )}
        <form.AppForm>
          <form.SubmitButton size="l" fullWidth disabled={signInRequired && session === undefined}>
            {definition.submitLabel}
          </form.SubmitButton>
        </form.AppForm>
      </form>
    </section>
  );
}
