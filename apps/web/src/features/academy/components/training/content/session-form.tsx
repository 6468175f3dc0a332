import { useId, useState, type FormEvent } from 'react';
import {
  SESSION_DURATION_MAX,
  SESSION_DURATION_MIN,
  sessionInput,
  type AdminSessionRow,
  type SessionInput,
} from '@ops/shared/schemas/admin-course-content';
import { Button } from '@/components/ui/button.tsx';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { useSaveSession } from '../../../api/save-session.ts';
import { issuesByField } from '../training-shared.tsx';
import { CohortOptions } from './cohort-options.tsx';

/** Adds a session (no `session`) or edits one; times are Nairobi time. */
export function SessionForm({ courseId, session, onDone }: { courseId: string; session: AdminSessionRow | null; onDone: () => void }) {
  const id = useId();
  const save = useSaveSession();
  const [values, setValues] = useState({
    title: session?.title ?? '',
    description: session?.description ?? '',
    date: session?.date ?? '',
    time: session?.time ?? '09:00',
    durationHours: String(session?.durationHours ?? 3),
    location: session?.location ?? '',
    instructor: session?.instructor ?? '',
    cohortId: session?.cohortId ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input: SessionInput = { ...values, courseId, durationHours: values.durationHours.trim() === '' ? Number.NaN : Number(values.durationHours) };
    const parsed = sessionInput.safeParse(input);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(
      { id: session?.id ?? null, input },
      {
        onSuccess: () => {
          notifySuccess(session ? 'Session updated' : 'Session added');
          onDone();
        },
        onError: (error) => notifyError(messageFrom(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{session ? 'Edit session' : 'Add session'}</DialogTitle>
        <DialogDescription>Times are Nairobi time.</DialogDescription>
      </DialogHeader>
      <FormField id={`${id}-title`} label="Title" required error={errors.title}>
        {(control) => <Input {...control} value={values.title} maxLength={200} onChange={set('title')} />}
      </FormField>
      <FormField id={`${id}-description`} label="Description" error={errors.description}>
        {(control) => <Textarea {...control} value={values.description} maxLength={2000} onChange={set('description')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id={`${id}-date`} label="Date" required error={errors.date}>
          {(control) => <Input {...control} type="date" value={values.date} onChange={set('date')} />}
        </FormField>
        <FormField id={`${id}-time`} label="Time" required error={errors.time}>
          {(control) => <Input {...control} type="time" value={values.time} onChange={set('time')} />}
        </FormField>
        <FormField id={`${id}-duration`} label="Hours" required error={errors.durationHours}>
          {(control) => (
            <Input
              {...control}
              type="number"
              min={SESSION_DURATION_MIN}
              max={SESSION_DURATION_MAX}
              step={0.5}
              value={values.durationHours}
              onChange={set('durationHours')}
            />
          )}
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-location`} label="Location" error={errors.location}>
          {(control) => <Input {...control} value={values.location} maxLength={200} onChange={set('location')} />}
        </FormField>
        <FormField id={`${id}-instructor`} label="Instructor" error={errors.instructor}>
          {(control) => <Input {...control} value={values.instructor} maxLength={200} onChange={set('instructor')} />}
        </FormField>
      </div>
      <FormField id={`${id}-cohort`} label="Cohort" error={errors.cohortId} hint="Leave as All cohorts for a session every cohort attends.">
        {(control) => (
          <NativeSelect {...control} value={values.cohortId} onChange={set('cohortId')}>
            <option value="">All cohorts</option>
            <CohortOptions courseId={courseId} />
          </NativeSelect>
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : session ? 'Save changes' : 'Add session'}
        </Button>
      </DialogFooter>
    </form>
  );
}
