import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import { guardCredentialsInputOn, type GuardCredentialsDto } from '@ops/shared/schemas/guard-documents';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { formResolver } from '@/lib/form-resolver.ts';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { useUpdateGuardCredentials } from '../api/update-guard-credentials.ts';

const FIELDS = ['psraLicenceNumber', 'psraLicenceExpiresOn', 'policeClearanceIssuedOn', 'policeClearanceExpiresOn'] as const;
type CredentialFields = Record<(typeof FIELDS)[number], string>;

/** The stored credentials as the form edits them: an empty box is 'not recorded'. */
const formValues = (credentials: GuardCredentialsDto): CredentialFields => ({
  psraLicenceNumber: credentials.psraLicenceNumber ?? '',
  psraLicenceExpiresOn: credentials.psraLicenceExpiresOn ?? '',
  policeClearanceIssuedOn: credentials.policeClearanceIssuedOn ?? '',
  policeClearanceExpiresOn: credentials.policeClearanceExpiresOn ?? '',
});

export function GuardCredentialsForm({ credentials }: { credentials: GuardCredentialsDto }) {
  const update = useUpdateGuardCredentials();
  const values = useMemo(() => formValues(credentials), [credentials]);
  // The same rules as the server's, on today's Nairobi date (an issue date may not be in the future).
  const schema = useMemo(() => guardCredentialsInputOn(nairobiDate(new Date())), []);
  const { register, handleSubmit, setError, reset, formState } = useForm({
    resolver: formResolver(schema),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (data) => {
    try {
      const saved = await update.mutateAsync(data);
      reset(formValues(saved), { keepDirtyValues: false });
      notifySuccess('Licences saved');
    } catch (error) {
      const fieldMessage = applyServerFieldErrors(error, setError, FIELDS);
      notifyError(fieldMessage ?? messageFrom(error, 'Your licences could not be saved. Please try again.'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="PSRA licence and police clearance">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">PSRA licence</legend>
        <FormField id="psra-licence-number" label="PSRA licence number" error={errors.psraLicenceNumber?.message}>
          {(c) => <Input autoComplete="off" {...c} {...register('psraLicenceNumber')} />}
        </FormField>
        <FormField id="psra-licence-expires-on" label="Licence expiry date" error={errors.psraLicenceExpiresOn?.message}>
          {(c) => <Input type="date" {...c} {...register('psraLicenceExpiresOn')} />}
        </FormField>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">Police clearance</legend>
        <FormField id="police-clearance-issued-on" label="Clearance issue date" error={errors.policeClearanceIssuedOn?.message}>
          {(c) => <Input type="date" {...c} {...register('policeClearanceIssuedOn')} />}
        </FormField>
        <FormField id="police-clearance-expires-on" label="Clearance expiry date" error={errors.policeClearanceExpiresOn?.message}>
          {(c) => <Input type="date" {...c} {...register('policeClearanceExpiresOn')} />}
        </FormField>
      </fieldset>
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save licences'}
        </Button>
      </div>
    </form>
  );
}
