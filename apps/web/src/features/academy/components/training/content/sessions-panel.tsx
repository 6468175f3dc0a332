import { useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { AdminSessionRow } from '@ops/shared/schemas/admin-course-content';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Dialog, DialogContent } from '@/components/ui/dialog.tsx';
import { formatDay, formatNairobiDateTime } from '@/lib/format-console-date.ts';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { LoadState } from '@/components/console/load-state.tsx';
import { useDeleteSession } from '../../../api/delete-session.ts';
import { useCourseSessions } from '../../../api/get-course-sessions.ts';
import { SessionForm } from './session-form.tsx';

/** A course's class sessions, each editable and removable, and the dialog that adds or edits one. */
export function SessionsPanel({ courseId }: { courseId: string }) {
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
