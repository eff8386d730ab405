import { licenceDeviceFields as fieldSchema, type UserBusinessLicence } from '@contract/licences';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { applyApiFieldError, errorMessage } from '@/api/errorMessages';
import { registerLicenceDevice } from '@/api/licences';
import { SubmitButton, useAppForm } from '@/ui/form/textForm';
import { LICENCES_QUERY_KEY } from './queryKeys';

/* Spec §3 licence device: each pin of a paid licence, with the device it runs on and a form to register one. */

const API_FIELDS = { device_id: 'deviceId', device_name: 'deviceName', device_code: 'deviceCode' } as const;

export function LicenceDevices({ licences }: { licences: readonly UserBusinessLicence[] }) {
  const titleId = useId();
  return (
    <section className="order-card__licences" aria-labelledby={titleId}>
      <h3 id={titleId}>Licences and their devices</h3>
      <ul>
        {licences.map((licence) => (
          <li key={licence.user_business_licence_id}>
            <LicencePin licence={licence} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function LicencePin({ licence }: { licence: UserBusinessLicence }) {
  const client = useQueryClient();
  const [saved, setSaved] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const register = useMutation({ mutationFn: registerLicenceDevice });
  const device = licence.device;
  const form = useAppForm({
    defaultValues: {
      deviceId: device?.device_id ?? '',
      deviceName: device?.device_name ?? '',
      deviceCode: device?.device_code ?? '',
    },
    onSubmit: async ({ value, formApi }) => {
      setSaved(null);
      setFailure(null);
      try {
        const updated = await register.mutateAsync({
          user_business_licence_id: licence.user_business_licence_id,
          device_id: value.deviceId.trim(),
          device_name: value.deviceName.trim() || null,
          device_code: value.deviceCode.trim() || null,
        });
        setSaved(`Device ${updated.device?.device_id ?? ''} registered to pin ${licence.pin}`);
        // The server's answer is the licence as it now stands: shown at once, without asking for the list again.
        client.setQueriesData<UserBusinessLicence[]>({ queryKey: LICENCES_QUERY_KEY }, (list) =>
          list?.map((l) => (l.user_business_licence_id === updated.user_business_licence_id ? updated : l)),
        );
      } catch (error) {
        // A field the server names goes under it; anything else above the button; what was typed stays.
        if (!applyApiFieldError(formApi, error, API_FIELDS)) setFailure(errorMessage(error));
      }
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.handleSubmit();
  };
  const label = `Pin ${licence.pin}`;
  return (
    <form className="licence-pin" aria-label={label} noValidate onSubmit={submit}>
      <p className="licence-pin__title">
        {label}: {device ? `runs on ${device.device_name ?? device.device_id}` : 'no device yet'}
      </p>
      <form.AppField
        name="deviceId"
        validators={{ onSubmit: fieldSchema.device_id, onBlur: fieldSchema.device_id }}
      >
        {(field) => <field.TextField label="Device ID" autoComplete="off" autoCapitalize="characters" />}
      </form.AppField>
      <form.AppField name="deviceName" validators={{ onSubmit: fieldSchema.device_name }}>
        {(field) => <field.TextField label="Device name (optional)" autoComplete="off" />}
      </form.AppField>
      <form.AppField name="deviceCode" validators={{ onSubmit: fieldSchema.device_code }}>
        {(field) => <field.TextField label="Device code (optional)" autoComplete="off" />}
      </form.AppField>
      {failure && (
        <p className="licence-pin__error" role="alert">
          {failure}
        </p>
      )}
      <form.AppForm>
        <SubmitButton variant="secondary" size="m">
          {device ? 'Change device' : 'Register device'}
        </SubmitButton>
      </form.AppForm>
      <p className="licence-pin__status" role="status">
        {saved ?? ''}
      </p>
    </form>
  );
}
