import { useId, useState, type FormEvent } from 'react';
import { Award } from 'lucide-react';
import { COURSE_VALIDITY_MAX_YEARS, COURSE_VALIDITY_MIN_YEARS, courseValidityInput, type TrainingCourseOption } from '@ops/shared/schemas/admin-training';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { useSaveCourseValidity } from '../../../api/save-course-validity.ts';
import { issuesByField } from '../training-shared.tsx';

/**
 * How long the course's certificates hold before re-certification: a number of years, or empty for
 * never. The verify page shows the expiry of certificates issued from then on.
 */
export function ValidityPanel({ course }: { course: TrainingCourseOption }) {
  const save = useSaveCourseValidity();
  const [years, setYears] = useState(course.validityYears === null ? '' : String(course.validityYears));
  const [error, setError] = useState<string | undefined>();
  const fieldId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = years.trim();
    const parsed = courseValidityInput.safeParse({ validityYears: text === '' ? null : Number(text) });
    if (!parsed.success) {
      const message = issuesByField(parsed.error.issues).validityYears;
      setError(message);
      notifyError(message ?? 'Check the validity');
      return;
    }
    setError(undefined);
    save.mutate(
      { courseId: course.id, input: parsed.data },
      {
        onSuccess: () => notifySuccess('Certificate validity saved'),
        onError: (err) => notifyError(messageFrom(err)),
      },
    );
  };

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Award aria-hidden="true" className="size-4" />
          Certificate validity
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
          <FormField
            id={fieldId}
            label="Years before re-certification"
            error={error}
            hint="Leave empty for certificates that do not expire. Applies to certificates issued from now on; those already issued keep their expiry."
            className="max-w-md min-w-0 flex-1"
          >
            {(field) => (
              <Input
                {...field}
                type="number"
                inputMode="numeric"
                min={COURSE_VALIDITY_MIN_YEARS}
                max={COURSE_VALIDITY_MAX_YEARS}
                placeholder="Does not expire"
                value={years}
                onChange={(e) => setYears(e.target.value)}
              />
            )}
          </FormField>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
