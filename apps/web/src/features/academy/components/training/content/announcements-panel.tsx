import { useId, useState, type FormEvent } from 'react';
import { Megaphone, Trash2 } from 'lucide-react';
import { ANNOUNCEMENT_PRIORITIES } from '@ops/shared/constants';
import { type AnnouncementPriority } from '@ops/shared/schemas/admin-training';
import { announcementInput, type AdminAnnouncementRow } from '@ops/shared/schemas/admin-course-content';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { formatDay, formatNairobiDateTime } from '@/lib/format-console-date.ts';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { LoadState } from '@/components/console/load-state.tsx';
import { useAddAnnouncement } from '../../../api/add-announcement.ts';
import { useDeleteAnnouncement } from '../../../api/delete-announcement.ts';
import { useCourseAnnouncements } from '../../../api/get-course-announcements.ts';
import { issuesByField } from '../training-shared.tsx';
import { CohortOptions } from './cohort-options.tsx';

const PRIORITY_WORDS: Record<AnnouncementPriority, string> = { low: 'Low', normal: 'Normal', high: 'High' };

const WHOLE_COURSE = 'Whole course';
const audienceOf = (row: AdminAnnouncementRow) => (row.cohortStartDate ? `Cohort of ${formatDay(row.cohortStartDate)}` : WHOLE_COURSE);

/** News for the whole course (every cohort's students) or for one of its cohorts. */
export function AnnouncementsPanel({ courseId }: { courseId: string }) {
  const id = useId();
  const announcements = useCourseAnnouncements(courseId);
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
                <CohortOptions courseId={courseId} />
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
