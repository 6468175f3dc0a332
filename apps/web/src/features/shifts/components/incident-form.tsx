import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TriangleAlert } from 'lucide-react';
import { INCIDENT_SEVERITIES, INCIDENT_TYPE_LABELS, INCIDENT_TYPES } from '@ops/shared/constants';
import { addDaysToDate, nairobiDate, nairobiInstant, nairobiTimeOfDay } from '@ops/shared/domain/nairobi-time';
import {
  INCIDENT_DESCRIPTION_MAX,
  INCIDENT_PHOTO_MAX,
  INCIDENT_PHOTO_MAX_BYTES,
  INCIDENT_PHOTO_MESSAGES,
  INCIDENT_PHOTO_TYPES,
  INCIDENT_PHOTOS_FIELD,
  INCIDENT_TOO_MANY_PHOTOS,
  type IncidentDto,
  type IncidentInput,
} from '@ops/shared/schemas/shifts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog.tsx';
import { FieldError, FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { useFileIncident } from '../api/incidents.ts';

const SEVERITY_LABELS = { low: 'Low', medium: 'Medium', high: 'High: alert the operator and the client now' } as const;

interface Values {
  type: IncidentInput['type'];
  severity: IncidentInput['severity'];
  /** HH:MM in Nairobi: today's, or yesterday's when that time has not come yet today. */
  time: string;
  description: string;
}

/** The instant of a Nairobi time of day at or before `now` (an incident just before midnight reported after it). */
export function occurredAtOf(time: string, now: Date): string {
  const today = nairobiInstant(nairobiDate(now), time);
  return (today.getTime() > now.getTime() + 60_000 ? nairobiInstant(addDaysToDate(nairobiDate(now), -1), time) : today).toISOString();
}

function photoProblem(chosen: readonly File[]): string | null {
  if (chosen.length > INCIDENT_PHOTO_MAX) return INCIDENT_TOO_MANY_PHOTOS;
  if (chosen.some((f) => !(INCIDENT_PHOTO_TYPES as readonly string[]).includes(f.type))) return INCIDENT_PHOTO_MESSAGES.wrongType;
  if (chosen.some((f) => f.size === 0)) return INCIDENT_PHOTO_MESSAGES.emptyFile;
  if (chosen.some((f) => f.size > INCIDENT_PHOTO_MAX_BYTES)) return INCIDENT_PHOTO_MESSAGES.tooLarge;
  return null;
}

/**
 * The guard's report of an incident on the shift they have checked in to: what, when, how serious,
 * a description and up to three photos, sent together.
 */
export function IncidentForm({ bookingId, onDone }: { bookingId: string; onDone?: (incident: IncidentDto) => void }) {
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const file = useFileIncident(bookingId);
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({
    defaultValues: { type: 'suspicious_activity', severity: 'medium', description: '', time: nairobiTimeOfDay(new Date()) },
  });

  const choosePhotos = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    const problem = photoProblem(chosen);
    setPhotoError(problem);
    setPhotos(problem ? [] : chosen);
  };

  const onSubmit = handleSubmit(async ({ time, ...values }) => {
    if (photoError) return;
    try {
      const { incident, failedPhotos } = await file.mutateAsync({ body: { ...values, occurredAt: occurredAtOf(time, new Date()) }, photos });
      notifySuccess('Incident reported', values.severity === 'high' ? 'The operator and the client have been alerted.' : 'The operator can see it now.');
      if (failedPhotos.length > 0) notifyError(`The report was sent, but not every photo: ${failedPhotos.join('; ')}`);
      setPhotos([]);
      reset();
      onDone?.(incident);
    } catch (error) {
      const fromServer = isApiError(error) ? error.fields : {};
      if (fromServer.occurredAt) setError('time', { type: 'server', message: fromServer.occurredAt });
      if (fromServer[INCIDENT_PHOTOS_FIELD]) setPhotoError(fromServer[INCIDENT_PHOTOS_FIELD]);
      const field = applyServerFieldErrors(error, setError, ['type', 'severity', 'description']);
      notifyError(field ?? fromServer.occurredAt ?? fromServer[INCIDENT_PHOTOS_FIELD] ?? messageFrom(error, 'The incident could not be reported'));
    }
  });

  return (
    // min-w-0: in the dialog's grid a long option or the file picker's label must not widen the form past a phone's screen.
    <form onSubmit={onSubmit} noValidate className="grid min-w-0 gap-4" aria-label="Report an incident">
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
      <FormField id="incident-time" label="Time it happened" required error={formState.errors.time?.message}>
        {(c) => <Input {...c} type="time" {...register('time', { required: 'Give the time it happened.' })} />}
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
          <Textarea
            {...c}
            rows={4}
            maxLength={INCIDENT_DESCRIPTION_MAX}
            {...register('description', { validate: (v) => v.trim().length > 0 || 'Describe what happened.' })}
          />
        )}
      </FormField>
      <div className="grid gap-1">
        <label htmlFor="incident-photos" className="text-sm font-medium">
          Photos (up to {INCIDENT_PHOTO_MAX}, 5 MB each)
        </label>
        <input
          id="incident-photos"
          type="file"
          accept={INCIDENT_PHOTO_TYPES.join(',')}
          multiple
          capture="environment"
          className="w-full min-w-0 text-sm"
          aria-invalid={Boolean(photoError)}
          aria-describedby={photoError ? 'incident-photos-error' : undefined}
          onChange={(e) => choosePhotos(e.target.files)}
        />
        <FieldError id="incident-photos-error" message={photoError ?? undefined} />
      </div>
      <Button type="submit" disabled={file.isPending}>
        {file.isPending ? 'Sending…' : 'Send report'}
      </Button>
    </form>
  );
}

/** 'Report incident': the form in a dialog, for the guard's shift card. */
export function ReportIncidentButton({ bookingId }: { bookingId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <TriangleAlert aria-hidden="true" />
          Report incident
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Report an incident</DialogTitle>
          <DialogDescription>What happened at the post. High severity alerts the operator and the client at once.</DialogDescription>
        </DialogHeader>
        <IncidentForm bookingId={bookingId} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
