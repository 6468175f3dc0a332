import { useEffect, useId, useState, type FormEvent } from 'react';
import { Upload, X } from 'lucide-react';
import { ASSESSMENT_TYPES } from '@ops/shared/constants';
import {
  ASSESSMENT_ACCEPT,
  ASSESSMENT_MAX_BYTES,
  ASSESSMENT_MESSAGES,
  ASSESSMENT_MISSING_FIELDS,
  ASSESSMENT_TYPE_LABELS,
  type AssessmentType,
  type StudentEnrollmentDto,
} from '@ops/shared/schemas/student';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { notifyError, notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { fileProblem } from '@/lib/upload-file.ts';
import { useSubmitAssessment } from '../api/submit-assessment.ts';
import { formatDay } from '../format.ts';

const RULES = { maxBytes: ASSESSMENT_MAX_BYTES, accept: ASSESSMENT_ACCEPT, messages: ASSESSMENT_MESSAGES };

interface Draft {
  enrollmentId: string;
  title: string;
  type: AssessmentType | '';
  file: File | null;
}
const EMPTY: Draft = { enrollmentId: '', title: '', type: '', file: null };

/** Hands in a piece of work for one of the student's enrolments, with a progress bar while it goes up. */
export function AssessmentForm({ enrollments }: { enrollments: StudentEnrollmentDto[] }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [fileError, setFileError] = useState<string | undefined>();
  // A new key empties the file input, which cannot be cleared through its value.
  const [fileKey, setFileKey] = useState(0);
  const { state, start, cancel } = useSubmitAssessment();
  const uploading = state.status === 'uploading';
  const open = enrollments.filter((enrollment) => enrollment.hasAccess);

  useEffect(() => {
    if (state.status === 'failed') notifyFailure('Failed to submit assessment', state.message);
  }, [state]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { enrollmentId, type, file } = draft;
    const title = draft.title.trim();
    if (!enrollmentId || !title || !type || !file) return notifyError(ASSESSMENT_MISSING_FIELDS);
    const problem = fileProblem(file, RULES);
    if (problem) return setFileError(problem);
    const saved = await start(file, { enrollmentId, title, type });
    if (!saved) return;
    notifySuccess('Assessment submitted successfully');
    setDraft(EMPTY);
    setFileError(undefined);
    setFileKey((key) => key + 1);
  };

  const percent = state.status === 'uploading' ? (state.progress?.percent ?? 0) : 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Submit an Assessment</CardTitle>
        <CardDescription>Hand in an assignment, project, exam or presentation for one of your courses.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Submit an assessment" onSubmit={(event) => void onSubmit(event)}>
          <FormField id={`${id}-enrollment`} label="Course enrolment" required>
            {(control) => (
              <NativeSelect
                {...control}
                value={draft.enrollmentId}
                disabled={uploading}
                onChange={(event) => setDraft({ ...draft, enrollmentId: event.target.value })}
              >
                <option value="">Select a course</option>
                {open.map((enrollment) => (
                  <option key={enrollment.id} value={enrollment.id}>
                    {enrollment.courseTitle} ({formatDay(enrollment.cohortStartDate)})
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id={`${id}-type`} label="Assessment type" required>
            {(control) => (
              <NativeSelect
                {...control}
                value={draft.type}
                disabled={uploading}
                onChange={(event) => setDraft({ ...draft, type: event.target.value as AssessmentType | '' })}
              >
                <option value="">Select a type</option>
                {ASSESSMENT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {ASSESSMENT_TYPE_LABELS[type]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id={`${id}-title`} label="Title" required className="sm:col-span-2">
            {(control) => (
              <Input
                {...control}
                value={draft.title}
                maxLength={200}
                disabled={uploading}
                placeholder="e.g. Week 2 risk assessment"
                onChange={(event) => setDraft({ ...draft, title: event.target.value })}
              />
            )}
          </FormField>
          <FormField id={`${id}-file`} label="File" required hint="Max 20MB. PDF, DOC, DOCX, ZIP" error={fileError} className="sm:col-span-2">
            {(control) => (
              <Input
                key={fileKey}
                {...control}
                type="file"
                accept={ASSESSMENT_ACCEPT}
                disabled={uploading}
                className="h-auto py-1.5 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium"
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0] ?? null;
                  setDraft({ ...draft, file });
                  setFileError(file ? (fileProblem(file, RULES) ?? undefined) : undefined);
                }}
              />
            )}
          </FormField>
          {state.status === 'uploading' ? (
            <div className="grid gap-2 sm:col-span-2">
              <div
                role="progressbar"
                aria-label={`Uploading ${state.file.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                aria-valuetext={`${percent}%`}
                className="h-2 overflow-hidden rounded-full bg-muted"
              >
                <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
              </div>
              <p className="text-sm text-muted-foreground">Uploading… {percent}%</p>
            </div>
          ) : null}
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" disabled={uploading}>
              <Upload aria-hidden="true" />
              {uploading ? 'Submitting...' : 'Submit Assessment'}
            </Button>
            {uploading ? (
              <Button type="button" variant="outline" onClick={cancel}>
                <X aria-hidden="true" />
                Cancel upload
              </Button>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
