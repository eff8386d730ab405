import type { AssociateDetails, UploadPurpose } from '@contract/associates';
import { useStore } from '@tanstack/react-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { associatesKeys, ifscQuery, registerAssociateMutation, uploadProof } from '@/api/associates';
import { applyApiFieldError, errorMessage } from '@/api/errorMessages';
import { isApiError } from '@/api/errors';
import { statesQuery } from '@/api/places';
import { FileField, type UploadFile } from '@/ui/form/FileField';
import { extendForm } from '@/ui/form/form';
import {
  type AffiliateValues,
  emptyAffiliateValues,
  lookupReadyIfsc,
  toRegistration,
  validateRegistration,
} from './affiliateRegistration';

export const { useAppForm: useAffiliateForm } = extendForm({ fieldComponents: { FileField } });

/** Every form field by its wire name: a server error naming one goes under it. */
function wireFields(values: AffiliateValues): Record<string, string> {
  const names = Object.entries(values).flatMap(([group, fields]) =>
    Object.keys(fields as object).map((name) => `${group}.${name}`),
  );
  return Object.fromEntries(names.map((name) => [name, name]));
}

/** The proof uploads the three file fields bring, one per purpose. */
export const proofUpload =
  (purpose: UploadPurpose): UploadFile =>
  (file, options) =>
    uploadProof(purpose, file, options);

/** The registration form's logic: its values, the IFSC's bank, the states list and the submit. */
export function useAffiliateRegistration({
  userId,
  onRegistered,
}: {
  userId: string;
  onRegistered: (associate: AssociateDetails) => void;
}) {
  const client = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [alreadyRegistered, setAlreadyRegistered] = useState(false);
  const register = useMutation(registerAssociateMutation());
  const states = useQuery(statesQuery('IN'));
  const form = useAffiliateForm({
    defaultValues: emptyAffiliateValues(),
    validators: {
      onChange: validateRegistration,
      onBlur: validateRegistration,
      onSubmit: validateRegistration,
    },
    onSubmit: async ({ value, formApi }) => {
      setFormError(null);
      try {
        const answer = await register.mutateAsync(toRegistration(value));
        client.setQueryData(associatesKeys.details(userId), answer.associate);
        onRegistered(answer.associate);
      } catch (error) {
        if (isApiError(error) && error.httpStatusCode === 409) setAlreadyRegistered(true);
        // What was typed stays; the refusal goes under its field, or above the button.
        if (!applyApiFieldError(formApi, error, wireFields(value))) setFormError(errorMessage(error));
      }
    },
  });

  // The bank is named from the IFSC as soon as it has its full shape.
  const ifscTyped = useStore(form.store, (state) => state.values.bank_payout_details.ifsc_code);
  const ifsc = lookupReadyIfsc(ifscTyped);
  const bank = useQuery({ ...ifscQuery(ifsc ?? ''), enabled: ifsc !== null });
  const bankName = bank.data?.bank_name;
  useEffect(() => {
    if (bankName) form.setFieldValue('bank_payout_details.bank_name', bankName);
  }, [bankName, form]);
  const ifscError =
    ifsc !== null && bank.isError && isApiError(bank.error) && bank.error.httpStatusCode === 404
      ? bank.error.message
      : null;

  const stateOptions = (states.data ?? []).map((state) => ({
    value: state.state_name,
    label: state.state_name,
  }));
  return {
    form,
    formError,
    clearFormError: () => setFormError(null),
    alreadyRegistered,
    ifscError,
    bankLookupPending: ifsc !== null && bank.isFetching,
    stateOptions,
  };
}
