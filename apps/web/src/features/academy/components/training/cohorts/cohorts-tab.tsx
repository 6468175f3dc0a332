import { useState } from 'react';
import { CalendarRange, FolderOpen, MapPin, Pencil, Plus, ShieldCheck, Trash2 } from 'lucide-react';
import { COHORT_STATUS_LABELS, TRAINING_TEXTS } from '@ops/shared/schemas/admin-training';
import { type AdminCohortRow } from '@ops/shared/schemas/admin-cohorts';
import { EmptyState } from '@/components/empty-state.tsx';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { formatDay } from '@/lib/format-console-date.ts';
import { STACK_BELOW } from '@/components/console/admin-table.tsx';
import { LoadState } from '@/components/console/load-state.tsx';
import { useDeleteCohort } from '../../../api/delete-cohort.ts';
import { useCohorts } from '../../../api/get-cohorts.ts';
import { CohortAuditNotes } from './cohort-audit-notes.tsx';
import { CohortFilesDialog } from './cohort-files-dialog.tsx';
import { CohortFormDialog, type CohortFormTarget } from './cohort-form-dialog.tsx';

/** Every cohort, the latest start first, with create, edit and delete. */
export function CohortsTab() {
  const cohorts = useCohorts();
  const [editing, setEditing] = useState<CohortFormTarget>(null);
  const [deleting, setDeleting] = useState<AdminCohortRow | null>(null);
  const [filesOf, setFilesOf] = useState<AdminCohortRow | null>(null);

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">Runs of each course, the latest start first.</p>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          Create cohort
        </Button>
      </div>
      <LoadState query={cohorts} label="cohorts">
        {cohorts.data?.length === 0 ? (
          <EmptyState icon={CalendarRange} headingLevel="h3" title="No cohorts yet">
            Create the first run of a course.
          </EmptyState>
        ) : (
          <Card className="min-w-0 overflow-hidden">
            {/* Dates, seats and instructor with place share cells, so the actions fit a 1280 px screen. */}
            <Table aria-label="Cohorts" stackBelow={STACK_BELOW}>
              <TableHeader>
                <TableRow>
                  <TableHead>Course</TableHead>
                  <TableHead>Dates</TableHead>
                  <TableHead className="text-right">Enrolled</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Instructor</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {cohorts.data?.map((cohort) => (
                  <TableRow key={cohort.id}>
                    <TableCell stackedPlace="title">
                      <div className="grid min-w-40 gap-1">
                        <span className="font-medium">{cohort.courseTitle}</span>
                        {cohort.audited ? (
                          <Badge variant="accent" className="w-fit">
                            <ShieldCheck className="size-3" aria-hidden="true" />
                            EBSSA Audited
                          </Badge>
                        ) : null}
                        <CohortAuditNotes cohort={cohort} />
                      </div>
                    </TableCell>
                    <TableCell label="Dates">
                      <div className="grid whitespace-nowrap">
                        <span>{formatDay(cohort.startDate)}</span>
                        <span className="text-xs text-muted-foreground">to {formatDay(cohort.endDate)}</span>
                      </div>
                    </TableCell>
                    <TableCell label="Enrolled" className="text-right whitespace-nowrap">
                      {cohort.enrolledCount}/{cohort.capacity}
                    </TableCell>
                    <TableCell label="Status">
                      <Badge variant={cohort.status === 'open' ? 'default' : 'secondary'} className="whitespace-nowrap">
                        {COHORT_STATUS_LABELS[cohort.status]}
                      </Badge>
                    </TableCell>
                    <TableCell label="Instructor">
                      <div className="grid min-w-32">
                        <span>{cohort.instructor ?? '—'}</span>
                        {cohort.location ? (
                          <span className="flex items-center gap-1 text-xs text-muted-foreground">
                            <MapPin className="size-3 shrink-0" aria-hidden="true" />
                            {cohort.location}
                          </span>
                        ) : null}
                      </div>
                    </TableCell>
                    <TableCell stackedPlace="actions">
                      <div className="flex justify-end gap-1">
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Files of ${cohort.courseTitle} cohort of ${formatDay(cohort.startDate)}`}
                          onClick={() => setFilesOf(cohort)}
                        >
                          <FolderOpen aria-hidden="true" />
                          Files
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Edit ${cohort.courseTitle} cohort of ${formatDay(cohort.startDate)}`}
                          onClick={() => setEditing(cohort)}
                        >
                          <Pencil aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Delete ${cohort.courseTitle} cohort of ${formatDay(cohort.startDate)}`}
                          onClick={() => setDeleting(cohort)}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>
        )}
      </LoadState>
      <CohortFormDialog target={editing} onClose={() => setEditing(null)} />
      <DeleteCohortDialog cohort={deleting} onClose={() => setDeleting(null)} />
      <CohortFilesDialog cohort={filesOf} onClose={() => setFilesOf(null)} />
    </div>
  );
}

function DeleteCohortDialog({ cohort, onClose }: { cohort: AdminCohortRow | null; onClose: () => void }) {
  const remove = useDeleteCohort();
  const confirm = () => {
    if (!cohort) return;
    remove.mutate(cohort.id, {
      onSuccess: () => {
        notifySuccess(TRAINING_TEXTS.cohortDeleted);
        onClose();
      },
      onError: (error) => {
        notifyError(messageFrom(error));
        onClose();
      },
    });
  };
  return (
    <AlertDialog open={cohort !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete cohort</AlertDialogTitle>
          <AlertDialogDescription>{TRAINING_TEXTS.cohortDeleteConfirm}</AlertDialogDescription>
        </AlertDialogHeader>
        {cohort ? (
          <p className="text-sm">
            {cohort.courseTitle}, {formatDay(cohort.startDate)} – {formatDay(cohort.endDate)}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
