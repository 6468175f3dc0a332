import { useId, useMemo, useState, type FormEvent } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Download } from 'lucide-react';
import {
  FEEDBACK_MAX,
  GRADE_MAX,
  SUBMISSION_FILTERS,
  gradeInput,
  type AdminSubmissionRow,
  type SubmissionFilter,
} from '@ops/shared/schemas/admin-grading';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { useAdminSubmissions, useGradeSubmission } from '../../api/admin-training.ts';
import { formatNairobiDateTime } from '../../format.ts';
import { useAdminListState } from '../../hooks/use-admin-list-state.ts';
import { FilterSelect } from '../admin-filters.tsx';
import { AdminSearchBox, AdminTable } from '../admin-table.tsx';
import { issuesByField } from './training-shared.tsx';

export const SUBMISSIONS_LOAD_FAILED = 'Failed to fetch submissions';
export const SUBMISSION_GRADED = 'Submission graded';

const FILTER_LABELS: Record<SubmissionFilter, string> = { ungraded: 'Awaiting a grade', graded: 'Graded', all: 'All submissions' };
const TYPE_WORDS: Record<AdminSubmissionRow['type'], string> = {
  assignment: 'Assignment',
  project: 'Project',
  exam: 'Exam',
  presentation: 'Presentation',
};

function submissionColumns(onGrade: (row: AdminSubmissionRow) => void): ColumnDef<AdminSubmissionRow>[] {
  return [
    { id: 'student', header: 'Student', cell: ({ row: { original: s } }) => <span className="inline-block min-w-32 font-medium">{s.studentName}</span> },
    {
      id: 'title',
      header: 'Submission',
      cell: ({ row: { original: s } }) => (
        <div className="grid min-w-40">
          <span>{s.title}</span>
          <span className="text-xs text-muted-foreground">
            {TYPE_WORDS[s.type]} · {s.courseTitle}
          </span>
        </div>
      ),
    },
    {
      id: 'submitted',
      header: 'Submitted',
      meta: { sortKey: 'submitted', firstDir: 'desc' },
      cell: ({ row: { original: s } }) => <span className="whitespace-nowrap">{formatNairobiDateTime(s.submittedAt)}</span>,
    },
    {
      id: 'grade',
      header: 'Grade',
      cell: ({ row: { original: s } }) =>
        s.status === 'graded' ? (
          <div className="flex items-center gap-1 whitespace-nowrap">
            <Badge>{s.grade}</Badge>
            <Badge variant={s.passed ? 'secondary' : 'destructive'}>{s.passed ? 'Pass' : 'Fail'}</Badge>
          </div>
        ) : (
          <Badge variant="outline" className="whitespace-nowrap">
            Pending Review
          </Badge>
        ),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: s } }) => (
        <div className="flex justify-end gap-1">
          <Button asChild variant="ghost" size="icon">
            <a href={s.url} aria-label={`Download ${s.fileName} by ${s.studentName}`}>
              <Download aria-hidden="true" />
            </a>
          </Button>
          <Button
            size="sm"
            variant={s.status === 'graded' ? 'outline' : 'default'}
            onClick={() => onGrade(s)}
            aria-label={`Grade ${s.title} by ${s.studentName}`}
          >
            {s.status === 'graded' ? 'Regrade' : 'Grade'}
          </Button>
        </div>
      ),
    },
  ];
}

/** Students' submissions, those awaiting a grade first; each file downloadable and gradable with pass or fail. */
export function SubmissionsTab() {
  const list = useAdminListState({ defaultSort: 'submitted', defaultDir: 'desc', filters: { status: 'ungraded' } });
  const submissions = useAdminSubmissions(list.apiQuery);
  const [grading, setGrading] = useState<AdminSubmissionRow | null>(null);
  const columns = useMemo(() => submissionColumns(setGrading), []);

  return (
    <>
      <AdminTable
        label="Submissions"
        columns={columns}
        state={list}
        data={submissions.data}
        stale={submissions.isPlaceholderData}
        error={submissions.error}
        errorMessage={SUBMISSIONS_LOAD_FAILED}
        onRetry={() => void submissions.refetch()}
        getRowId={(s) => s.id}
        emptyTitle={list.filters.status === 'ungraded' && !list.q ? 'Nothing awaits a grade' : 'No submissions found'}
        emptyText={list.q ? 'No submission matches this search.' : 'Students’ submissions appear here as they arrive.'}
        toolbar={
          <>
            <AdminSearchBox state={list} label="Search submissions" placeholder="Student name or title" />
            <FilterSelect
              id="submissions-status"
              label="Show"
              className="w-48"
              value={list.filters.status}
              options={SUBMISSION_FILTERS}
              optionLabel={(value) => FILTER_LABELS[value]}
              onChange={(value) => list.setFilter('status', value)}
            />
          </>
        }
      />
      <Dialog open={grading !== null} onOpenChange={(open) => !open && setGrading(null)}>
        <DialogContent>{grading ? <GradeForm key={grading.id} submission={grading} onDone={() => setGrading(null)} /> : null}</DialogContent>
      </Dialog>
    </>
  );
}

function GradeForm({ submission, onDone }: { submission: AdminSubmissionRow; onDone: () => void }) {
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
