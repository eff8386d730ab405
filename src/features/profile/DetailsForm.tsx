import { signUpDetailsRequestSchema } from '@contract/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { type ClientProfile, PROFILE_QUERY_KEY } from '@/api/account';
import { applyApiFieldError, errorMessage } from '@/api/errorMessages';
import { signUpDetailsMutation } from '@/api/user';
import { useAppForm } from '@/ui/form/textForm';

const nameSchema = signUpDetailsRequestSchema.shape.name;
const emailSchema = signUpDetailsRequestSchema.shape.email.unwrap();

/** The details form's values: the contract's rules, the e-mail optional (empty is fine). */
export const detailsFormSchema = z.object({
  name: nameSchema,
  // Not a union: a union reports its first branch's issue ("Too big…"), not the e-mail's own message.
  email: z.string().superRefine((value, ctx) => {
    if (value.trim() === '') return;
    const checked = emailSchema.safeParse(value);
    if (!checked.success)
      for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
  }),
});

export interface DetailsFormProps {
  /** What the profile already holds (a buyer finishing a sign-up left half way). */
  initial?: { name: string; email: string };
  submitLabel?: string;
  /** After the save; the profile query is already refreshed. */
  onSaved?: (profile: ClientProfile, details: { hasEmail: boolean }) => void | Promise<void>;
}

/** The buyer's name and optional e-mail (POST /sign_up/details/v1/): the sign-up's last step and the account's. */
export function DetailsForm({ initial, submitLabel = 'Continue', onSaved }: DetailsFormProps) {
  const queryClient = useQueryClient();
  const save = useMutation(signUpDetailsMutation());
  const [formError, setFormError] = useState<string | null>(null);
  const form = useAppForm({
    defaultValues: { name: initial?.name ?? '', email: initial?.email ?? '' },
    validators: { onChange: detailsFormSchema, onBlur: detailsFormSchema },
    onSubmit: async ({ value, formApi }) => {
      setFormError(null);
      const name = value.name.trim();
      const email = value.email.trim();
      try {
        const profile = await save.mutateAsync({ name, ...(email ? { email } : {}) });
        await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
        await onSaved?.(profile, { hasEmail: email !== '' });
      } catch (error) {
        if (!applyApiFieldError(formApi, error, { name: 'name', email: 'email' }))
          setFormError(errorMessage(error));
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.handleSubmit();
  };

  return (
    <form className="profile-details" noValidate onSubmit={submit}>
      <form.AppField name="name" listeners={{ onChange: () => setFormError(null) }}>
        {(field) => <field.TextField label="Full name" autoComplete="name" required />}
      </form.AppField>
      <form.AppField name="email" listeners={{ onChange: () => setFormError(null) }}>
        {(field) => (
          <field.TextField label="Email (optional)" type="email" inputMode="email" autoComplete="email" />
        )}
      </form.AppField>
      {formError && (
        <p className="profile-details__error" role="alert">
          {formError}
        </p>
      )}
      <form.AppForm>
        <form.SubmitButton size="l" fullWidth>
          {submitLabel}
        </form.SubmitButton>
      </form.AppForm>
    </form>
  );
}
