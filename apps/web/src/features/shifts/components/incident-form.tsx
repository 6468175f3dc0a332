import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TriangleAlert } from 'lucide-react';
import { INCIDENT_SEVERITIES, INCIDENT_TYPE_LABELS, INCIDENT_TYPES } from '@ops/shared/constants';
import {
  INCIDENT_DESCRIPTION_MAX,
  INCIDENT_PHOTO_MAX,
  INCIDENT_PHOTO_MAX_BYTES,
  INCIDENT_PHOTO_MESSAGES,
  INCIDENT_PHOTO_TYPES,
  type IncidentInput,
} from '@ops/shared/schemas/shifts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog.tsx';
import { FieldError, FormField } from '@/components/ui/form-field.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { useFileIncident } from '../api/incidents.ts';

const SEVERITY_LABELS = { low: 'Low', medium: 'Medium', high: 'High: alert the operator and the client now' } as const;

/** The guard's report of an incident on the shift they are working, with up to three photos. */
export function ReportIncidentButton({ bookingId }: { bookingId: string }) {
  const [open, setOpen] = useState(false);
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const file = useFileIncident(bookingId);
  const { register, handleSubmit, setError, reset, formState } = useForm<IncidentInput>({
    defaultValues: { type: 'suspicious_activity', severity: 'medium', description: '', occurredAt: '' },
  });

  const choosePhotos = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    const problem =
      chosen.length > INCIDENT_PHOTO_MAX
        ? `Choose at most ${INCIDENT_PHOTO_MAX} photos.`
        : chosen.find((f) => !(INCIDENT_PHOTO_TYPES as readonly string[]).includes(f.type))
          ? INCIDENT_PHOTO_MESSAGES.wrongType
          : chosen.find((f) => f.size > INCIDENT_PHOTO_MAX_BYTES)
            ? INCIDENT_PHOTO_MESSAGES.tooLarge
            : null;
    setPhotoError(problem);
    setPhotos(problem ? [] : chosen);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await file.mutateAsync({ body: { ...values, occurredAt: new Date().toISOString() }, photos });
      notifySuccess('Incident reported', values.severity === 'high' ? 'The operator and the client have been alerted.' : 'The operator can see it now.');
      setOpen(false);
      setPhotos([]);
      reset();
    } catch (error) {
      const field = applyServerFieldErrors(error, setError, ['type', 'severity', 'description']);
      notifyError(field ?? messageFrom(error, 'The incident could not be reported'));
    }
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <TriangleAlert aria-hidden="true" />
          Report incident
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Report an incident</DialogTitle>
          <DialogDescription>What happened at the post, as it happened. The time is now.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField id="incident-type" label="What happened" required error={formState.errors.type?.message}>
            {(c) => (
              <NativeSelect {...c} {...register('type')}>
                {INCIDENT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {INCIDENT_TYPE_LABELS[t]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id="incident-severity" label="Severity" required error={formState.errors.severity?.message}>
            {(c) => (
              <NativeSelect {...c} {...register('severity')}>
                {INCIDENT_SEVERITIES.map((s) => (
                  <option key={s} value={s}>
                    {SEVERITY_LABELS[s]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id="incident-description" label="Description" required error={formState.errors.description?.message}>
            {(c) => (
              <Textarea {...c} rows={4} maxLength={INCIDENT_DESCRIPTION_MAX} {...register('description', { required: 'Describe what happened.' })} />
            )}
          </FormField>
          <div className="grid gap-1">
            <label htmlFor="incident-photos" className="text-sm font-medium">
              Photos (up to {INCIDENT_PHOTO_MAX})
            </label>
            <input
              id="incident-photos"
              type="file"
              accept={INCIDENT_PHOTO_TYPES.join(',')}
              multiple
              capture="environment"
              onChange={(e) => choosePhotos(e.target.files)}
            />
            <FieldError id="incident-photos-error" message={photoError ?? undefined} />
          </div>
          <Button type="submit" disabled={file.isPending}>
            {file.isPending ? 'Sending…' : 'Send report'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
