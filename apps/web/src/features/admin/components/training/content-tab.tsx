import { useId, useRef, useState, type FormEvent } from 'react';
import { Award, BookOpen, Download, Megaphone, Pencil, Plus, Trash2 } from 'lucide-react';
import { ANNOUNCEMENT_PRIORITIES } from '@ops/shared/constants';
import {
  COURSE_VALIDITY_MAX_YEARS,
  COURSE_VALIDITY_MIN_YEARS,
  courseValidityInput,
  type AnnouncementPriority,
  type TrainingCourseOption,
} from '@ops/shared/schemas/admin-training';
import {
  COURSE_MATERIAL_ACCEPT,
  COURSE_MATERIAL_MAX_BYTES,
  COURSE_MATERIAL_MESSAGES,
  SESSION_DURATION_MAX,
  SESSION_DURATION_MIN,
  announcementInput,
  sessionInput,
  sizeInKb,
  type AdminAnnouncementRow,
  type AdminMaterialRow,
  type AdminSessionRow,
  type SessionInput,
} from '@ops/shared/schemas/admin-course-content';
import { EmptyState } from '@/components/empty-state.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { fileProblem, useFileUpload } from '@/lib/upload-file.ts';
import { useQueryClient } from '@tanstack/react-query';
import {
  materialsUploadPath,
  useAddAnnouncement,
  useCohorts,
  useCourseAnnouncements,
  useCourseMaterials,
  useCourseSessions,
  useDeleteAnnouncement,
  useDeleteMaterial,
  useDeleteSession,
  useSaveCourseValidity,
  useSaveSession,
  useTrainingCourses,
} from '../../api/admin-training.ts';
import { formatDay, formatNairobiDateTime } from '../../format.ts';
import { useUrlParams } from '../../hooks/use-url-params.ts';
import { issuesByField, LoadState } from './training-shared.tsx';

const PRIORITY_WORDS: Record<AnnouncementPriority, string> = { low: 'Low', normal: 'Normal', high: 'High' };

/** A course's sessions, announcements and materials, which its students see on their dashboard. */
export function ContentTab() {
  const { params, update } = useUrlParams();
  const courses = useTrainingCourses();
  const courseId = params.get('course') ?? '';
  const course = courses.data?.find((c) => c.id === courseId);
  const setCourse = (value: string) =>
    update((p) => {
      if (value) p.set('course', value);
      else p.delete('course');
    });

  return (
    <div className="grid gap-4">
      <Card className="flex flex-wrap items-end gap-3 p-4">
        <div className="grid gap-1.5">
          <Label htmlFor="content-course">Course</Label>
          <NativeSelect id="content-course" className="w-72 max-w-full" value={courseId} onChange={(e) => setCourse(e.target.value)}>
            <option value="">{courses.data ? 'Choose a course' : 'Loading courses…'}</option>
            {courses.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </NativeSelect>
        </div>
      </Card>
      {courseId ? (
        <div className="grid gap-4">
          {course ? <ValidityPanel key={`${course.id}:${course.validityYears ?? ''}`} course={course} /> : null}
          <SessionsPanel courseId={courseId} />
          <div className="grid gap-4 lg:grid-cols-2">
            <AnnouncementsPanel courseId={courseId} />
            <MaterialsPanel courseId={courseId} />
          </div>
        </div>
      ) : (
        <EmptyState icon={BookOpen} headingLevel="h3" title="Choose a course">
          Add its class sessions, announcements and materials for the students.
        </EmptyState>
      )}
    </div>
  );
}

// ---------------------------------------------------------------- certificate validity

/**
 * How long the course's certificates hold before re-certification: a number of years, or empty for
 * never. The verify page shows the expiry of certificates issued from then on.
 */
function ValidityPanel({ course }: { course: TrainingCourseOption }) {
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

// ---------------------------------------------------------------- sessions

function SessionsPanel({ courseId }: { courseId: string }) {
  const sessions = useCourseSessions(courseId);
  const remove = useDeleteSession();
  const [editing, setEditing] = useState<AdminSessionRow | 'new' | null>(null);
  const onDelete = (session: AdminSessionRow) =>
    remove.mutate(session.id, {
      onSuccess: () => notifySuccess('Session deleted'),
      onError: (error) => notifyError(messageFrom(error)),
    });

  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-base">Sessions</CardTitle>
        <Button size="sm" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          Add session
        </Button>
      </CardHeader>
      <CardContent>
        <LoadState query={sessions} label="sessions">
          {sessions.data?.length === 0 ? (
            <p className="text-sm text-muted-foreground">No sessions scheduled yet.</p>
          ) : (
            <ul className="grid gap-2">
              {sessions.data?.map((s) => (
                <li key={s.id} className="flex flex-wrap items-start justify-between gap-2 rounded-lg border p-3">
                  <div className="grid min-w-0 gap-0.5">
                    <span className="font-medium break-words">{s.title}</span>
                    <span className="text-sm text-muted-foreground">
                      {formatNairobiDateTime(s.sessionDate)} · {s.durationHours} h{s.location ? ` · ${s.location}` : ''}
                      {s.instructor ? ` · ${s.instructor}` : ''}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {s.cohortStartDate ? `Cohort of ${formatDay(s.cohortStartDate)}` : 'All cohorts'}
                    </span>
                  </div>
                  <div className="flex gap-1">
                    <Button variant="ghost" size="icon" aria-label={`Edit session ${s.title}`} onClick={() => setEditing(s)}>
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button variant="ghost" size="icon" aria-label={`Delete session ${s.title}`} disabled={remove.isPending} onClick={() => onDelete(s)}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </LoadState>
      </CardContent>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
          {editing ? (
            <SessionForm
              key={editing === 'new' ? 'new' : editing.id}
              courseId={courseId}
              session={editing === 'new' ? null : editing}
              onDone={() => setEditing(null)}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function SessionForm({ courseId, session, onDone }: { courseId: string; session: AdminSessionRow | null; onDone: () => void }) {
  const id = useId();
  const cohorts = useCohorts();
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
            {cohorts.data
              ?.filter((c) => c.courseId === courseId)
              .map((c) => (
                <option key={c.id} value={c.id}>
                  Cohort of {formatDay(c.startDate)}
                </option>
              ))}
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

// ---------------------------------------------------------------- announcements

const WHOLE_COURSE = 'Whole course';
const audienceOf = (row: AdminAnnouncementRow) => (row.cohortStartDate ? `Cohort of ${formatDay(row.cohortStartDate)}` : WHOLE_COURSE);

/** News for the whole course (every cohort's students) or for one of its cohorts. */
function AnnouncementsPanel({ courseId }: { courseId: string }) {
  const id = useId();
  const announcements = useCourseAnnouncements(courseId);
  const cohorts = useCohorts();
  const add = useAddAnnouncement(courseId);
  const remove = useDeleteAnnouncement();
  const empty = { title: '', content: '', priority: 'normal' as AnnouncementPriority, cohortId: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = announcementInput.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    add.mutate(values, {
      onSuccess: () => {
        notifySuccess('Announcement published');
        setValues(empty);
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 400) setErrors(error.fields);
        notifyError(messageFrom(error));
      },
    });
  };
  const onDelete = (row: AdminAnnouncementRow) =>
    remove.mutate(row.id, { onSuccess: () => notifySuccess('Announcement deleted'), onError: (error) => notifyError(messageFrom(error)) });

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="text-base">Announcements</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={submit} noValidate className="grid gap-3">
          <FormField id={`${id}-title`} label="Title" required error={errors.title}>
            {(control) => (
              <Input {...control} value={values.title} maxLength={200} onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))} />
            )}
          </FormField>
          <FormField id={`${id}-content`} label="Announcement" required error={errors.content}>
            {(control) => (
              <Textarea {...control} value={values.content} maxLength={5000} onChange={(e) => setValues((v) => ({ ...v, content: e.target.value }))} />
            )}
          </FormField>
          <FormField id={`${id}-audience`} label="For" error={errors.cohortId} hint="A cohort's news is read only by its students.">
            {(control) => (
              <NativeSelect {...control} value={values.cohortId} onChange={(e) => setValues((v) => ({ ...v, cohortId: e.target.value }))}>
                <option value="">{WHOLE_COURSE}</option>
                {cohorts.data
                  ?.filter((c) => c.courseId === courseId)
                  .map((c) => (
                    <option key={c.id} value={c.id}>
                      Cohort of {formatDay(c.startDate)}
                    </option>
                  ))}
              </NativeSelect>
            )}
          </FormField>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <FormField id={`${id}-priority`} label="Priority">
              {(control) => (
                <NativeSelect
                  {...control}
                  className="w-36"
                  value={values.priority}
                  onChange={(e) => setValues((v) => ({ ...v, priority: e.target.value as AnnouncementPriority }))}
                >
                  {ANNOUNCEMENT_PRIORITIES.map((p) => (
                    <option key={p} value={p}>
                      {PRIORITY_WORDS[p]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <Button type="submit" disabled={add.isPending}>
              <Megaphone aria-hidden="true" />
              {add.isPending ? 'Publishing...' : 'Publish'}
            </Button>
          </div>
        </form>
        <LoadState query={announcements} label="announcements">
          {announcements.data?.length === 0 ? (
            <p className="text-sm text-muted-foreground">No announcements yet.</p>
          ) : (
            <ul className="grid gap-2">
              {announcements.data?.map((a) => (
                <li key={a.id} className="grid gap-1 rounded-lg border p-3">
                  <div className="flex items-start justify-between gap-2">
                    <span className="font-medium break-words">{a.title}</span>
                    <div className="flex items-center gap-1">
                      <Badge variant={a.priority === 'high' ? 'destructive' : 'secondary'}>{PRIORITY_WORDS[a.priority]}</Badge>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Delete announcement ${a.title}`}
                        disabled={remove.isPending}
                        onClick={() => onDelete(a)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  </div>
                  <p className="text-sm break-words whitespace-pre-line">{a.content}</p>
                  <span className="text-xs text-muted-foreground">
                    {audienceOf(a)} · {formatNairobiDateTime(a.publishedAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </LoadState>
      </CardContent>
    </Card>
  );
}

// ---------------------------------------------------------------- materials

function MaterialsPanel({ courseId }: { courseId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const materials = useCourseMaterials(courseId);
  const remove = useDeleteMaterial();
  const upload = useFileUpload<AdminMaterialRow>(materialsUploadPath(courseId));
  const input = useRef<HTMLInputElement>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = fileProblem(file, { maxBytes: COURSE_MATERIAL_MAX_BYTES, accept: COURSE_MATERIAL_ACCEPT, messages: COURSE_MATERIAL_MESSAGES });
    if (input.current) input.current.value = '';
    if (problem) {
      upload.fail(problem);
      notifyError(problem);
      return;
    }
    const saved = await upload.start(file);
    if (saved) {
      notifySuccess('Material uploaded');
      await queryClient.invalidateQueries({ queryKey: ['admin', 'training', 'content', courseId, 'materials'] });
    }
  };
  const failed = upload.state.status === 'failed' ? upload.state.message : null;
  const progress = upload.state.status === 'uploading' ? upload.state.progress : null;

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="text-base">Materials</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-file`}>Upload a file</Label>
          <Input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={COURSE_MATERIAL_ACCEPT}
            disabled={upload.state.status === 'uploading'}
            aria-describedby={`${id}-hint`}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            PDF, DOC, DOCX, PPTX, XLSX, ZIP, MP4, JPEG or PNG, at most 50 MB.
          </p>
          {upload.state.status === 'uploading' ? (
            <div className="flex items-center gap-2">
              <progress
                className="h-2 w-full"
                aria-label={`Uploading ${upload.state.file.name}`}
                max={progress?.total ?? 1}
                value={progress?.loaded ?? 0}
              />
              <Button size="sm" variant="outline" onClick={upload.cancel}>
                Cancel
              </Button>
            </div>
          ) : null}
          {failed ? (
            <p role="alert" className="text-sm text-destructive">
              {failed}
            </p>
          ) : null}
        </div>
        <LoadState query={materials} label="materials">
          {materials.data?.length === 0 ? (
            <p className="text-sm text-muted-foreground">No materials yet.</p>
          ) : (
            <ul className="grid gap-2">
              {materials.data?.map((m) => (
                <li key={m.id} className="flex items-center justify-between gap-2 rounded-lg border p-3">
                  <div className="grid min-w-0">
                    <span className="truncate font-medium">{m.name}</span>
                    <span className="text-xs text-muted-foreground">{sizeInKb(m.sizeBytes)}</span>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <Button asChild variant="ghost" size="icon">
                      <a href={m.url} aria-label={`Download ${m.name}`}>
                        <Download aria-hidden="true" />
                      </a>
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${m.name}`}
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(m.id, { onSuccess: () => notifySuccess('Material deleted'), onError: (error) => notifyError(messageFrom(error)) })
                      }
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </LoadState>
      </CardContent>
    </Card>
  );
}
