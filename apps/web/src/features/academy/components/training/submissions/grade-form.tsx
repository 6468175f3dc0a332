import { useId, useState, type FormEvent } from 'react';
import { FEEDBACK_MAX, GRADE_MAX, gradeInput, type AdminSubmissionRow } from '@ops/shared/schemas/admin-grading';
import { Button } from '@/components/ui/button.tsx';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { useGradeSubmission } from '../../../api/grade-submission.ts';
import { issuesByField } from '../training-shared.tsx';
import { TYPE_WORDS } from './submission-columns.tsx';

export const SUBMISSION_GRADED = 'Submission graded';

/** A grade, pass or fail and feedback for one submission, which the student sees. */
export function GradeForm({ submission, onDone }: { submission: AdminSubmissionRow; onDone: () => void }) {
  const id = useId();
  const grade = useGradeSubmission();
  const [values, setValues] = useState({
    grade: submission.grade ?? '',
    passed: submission.passed === null ? '' : submission.passed ? 'pass' : 'fail',
    feedback: submission.feedback ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { grade: values.grade, passed: values.passed === '' ? undefined : values.passed === 'pass', feedback: values.feedback };
    const parsed = gradeInput.safeParse(input);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    grade.mutate(
      { id: submission.id, input: parsed.data },
      {
        onSuccess: () => {
          notifySuccess(SUBMISSION_GRADED);
          onDone();
        },
        onError: (error) => notifyError(messageFrom(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Grade {submission.title}</DialogTitle>
        <DialogDescription>
          {submission.studentName} · {TYPE_WORDS[submission.type]} · {submission.courseTitle}. The student sees the grade and feedback.
        </DialogDescription>
      </DialogHeader>
      <FormField id={`${id}-grade`} label="Grade" required error={errors.grade} hint="For example A, Pass or 78%.">
        {(control) => (
          <Input {...control} value={values.grade} maxLength={GRADE_MAX} onChange={(e) => setValues((v) => ({ ...v, grade: e.target.value }))} />
        )}
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">
          Result
          <span className="text-destructive" aria-hidden="true">
            {' '}
            *
          </span>
        </legend>
        <RadioGroup
          value={values.passed}
          onValueChange={(value) => setValues((v) => ({ ...v, passed: value }))}
          className="flex gap-6"
          aria-invalid={Boolean(errors.passed)}
          aria-describedby={errors.passed ? `${id}-passed-error` : undefined}
        >
          <div className="flex items-center gap-2">
            <RadioGroupItem value="pass" id={`${id}-pass`} />
            <Label htmlFor={`${id}-pass`}>Pass</Label>
          </div>
          <div className="flex items-center gap-2">
            <RadioGroupItem value="fail" id={`${id}-fail`} />
            <Label htmlFor={`${id}-fail`}>Fail</Label>
          </div>
        </RadioGroup>
        {errors.passed ? (
          <p id={`${id}-passed-error`} className="text-sm text-destructive">
            {errors.passed}
          </p>
        ) : null}
      </fieldset>
      <FormField id={`${id}-feedback`} label="Feedback" error={errors.feedback}>
        {(control) => (
          <Textarea
            {...control}
            value={values.feedback}
            maxLength={FEEDBACK_MAX}
            rows={5}
            onChange={(e) => setValues((v) => ({ ...v, feedback: e.target.value }))}
          />
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={grade.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={grade.isPending}>
          {grade.isPending ? 'Saving...' : 'Save grade'}
        </Button>
      </DialogFooter>
    </form>
  );
}
