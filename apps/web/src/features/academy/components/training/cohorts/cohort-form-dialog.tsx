import { useId, useState, type FormEvent } from 'react';
import { COHORT_STATUSES } from '@ops/shared/constants';
import { COHORT_STATUS_LABELS, TRAINING_TEXTS } from '@ops/shared/schemas/admin-training';
import {
  COHORT_CAPACITY_DEFAULT,
  COHORT_CAPACITY_MAX,
  COHORT_CAPACITY_MIN,
  cohortInput,
  type AdminCohortRow,
  type CohortInput,
} from '@ops/shared/schemas/admin-cohorts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { useTrainingCourses } from '../../../api/get-training-courses.ts';
import { useSaveCohort } from '../../../api/save-cohort.ts';
import { issuesByField } from '../training-shared.tsx';

/** null: closed; 'new': the create form; a row: its edit form. */
export type CohortFormTarget = AdminCohortRow | 'new' | null;

export function CohortFormDialog({ target, onClose }: { target: CohortFormTarget; onClose: () => void }) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        {target ? <CohortForm key={target === 'new' ? 'new' : target.id} cohort={target === 'new' ? null : target} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

interface Values {
  courseId: string;
  startDate: string;
  endDate: string;
  capacity: string;
  status: string;
  instructor: string;
  location: string;
  notes: string;
}

const initialValues = (cohort: AdminCohortRow | null): Values => ({
  courseId: cohort?.courseId ?? '',
  startDate: cohort?.startDate ?? '',
  endDate: cohort?.endDate ?? '',
  capacity: String(cohort?.capacity ?? COHORT_CAPACITY_DEFAULT),
  status: cohort?.status ?? 'upcoming',
  instructor: cohort?.instructor ?? '',
  location: cohort?.location ?? '',
  notes: cohort?.notes ?? '',
});

function CohortForm({ cohort, onDone }: { cohort: AdminCohortRow | null; onDone: () => void }) {
  const id = useId();
  const courses = useTrainingCourses();
  const save = useSaveCohort();
  const [values, setValues] = useState<Values>(() => initialValues(cohort));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof Values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input: CohortInput = {
      ...values,
      capacity: values.capacity.trim() === '' ? Number.NaN : Number(values.capacity),
      status: values.status as CohortInput['status'],
    };
    const parsed = cohortInput.safeParse(input);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(
      { id: cohort?.id ?? null, input },
      {
        onSuccess: () => {
          notifySuccess(cohort ? TRAINING_TEXTS.cohortUpdated : TRAINING_TEXTS.cohortCreated);
          onDone();
        },
        onError: (error) => notifyError(messageFrom(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{cohort ? 'Edit cohort' : 'Create cohort'}</DialogTitle>
        <DialogDescription>A run of a course: its dates, seats, instructor and place.</DialogDescription>
      </DialogHeader>
      <FormField id={`${id}-course`} label="Course" required error={errors.courseId}>
        {(control) => (
          <NativeSelect {...control} value={values.courseId} onChange={set('courseId')} disabled={!courses.data}>
            <option value="">{courses.data ? 'Choose a course' : 'Loading courses…'}</option>
            {courses.data?.map((course) => (
              <option key={course.id} value={course.id}>
                {course.title} ({course.id})
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-start`} label="Start date" required error={errors.startDate}>
          {(control) => <Input {...control} type="date" value={values.startDate} onChange={set('startDate')} />}
        </FormField>
        <FormField id={`${id}-end`} label="End date" required error={errors.endDate}>
          {(control) => <Input {...control} type="date" value={values.endDate} min={values.startDate || undefined} onChange={set('endDate')} />}
        </FormField>
        <FormField
          id={`${id}-capacity`}
          label="Capacity"
          required
          error={errors.capacity}
          hint={cohort && cohort.enrolledCount > 0 ? `${cohort.enrolledCount} seats are taken.` : undefined}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={Math.max(COHORT_CAPACITY_MIN, cohort?.enrolledCount ?? 0)}
              max={COHORT_CAPACITY_MAX}
              step={1}
              value={values.capacity}
              onChange={set('capacity')}
            />
          )}
        </FormField>
        <FormField id={`${id}-status`} label="Status" error={errors.status}>
          {(control) => (
            <NativeSelect {...control} value={values.status} onChange={set('status')}>
              {COHORT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {COHORT_STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${id}-instructor`} label="Instructor" error={errors.instructor}>
          {(control) => <Input {...control} value={values.instructor} maxLength={200} onChange={set('instructor')} />}
        </FormField>
        <FormField id={`${id}-location`} label="Location" error={errors.location}>
          {(control) => <Input {...control} value={values.location} maxLength={200} onChange={set('location')} />}
        </FormField>
      </div>
      <FormField id={`${id}-notes`} label="Notes" error={errors.notes}>
        {(control) => <Textarea {...control} value={values.notes} maxLength={2000} onChange={set('notes')} />}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : cohort ? 'Save changes' : 'Create cohort'}
        </Button>
      </DialogFooter>
    </form>
  );
}
