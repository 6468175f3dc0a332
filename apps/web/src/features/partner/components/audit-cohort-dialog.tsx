import { useId, useState, type FormEvent } from 'react';
import { CalendarClock, FileText, Image as ImageIcon, ShieldCheck } from 'lucide-react';
import { AUDIT_NOTES_MAX } from '@ops/shared/domain/cohort-audit';
import { partnerFileUrl, PARTNER_TEXTS, type CohortFileDto, type PartnerCohortDto } from '@ops/shared/schemas/partner';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { formatDay } from '../format.ts';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { formatFileSize } from '@/lib/upload-file.ts';
import { useAuditCohort } from '../api/audit-cohort.ts';

function FileLinks({ label, files, empty, icon: Icon }: { label: string; files: CohortFileDto[]; empty: string; icon: typeof FileText }) {
  return (
    <div className="grid gap-1">
      <h3 className="text-sm font-semibold">{label}</h3>
      {files.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul aria-label={label} className="grid gap-1">
          {files.map((file) => (
            <li key={file.id} className="flex min-w-0 items-center gap-2 text-sm">
              <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <a href={partnerFileUrl(file.id)} download={file.name} className="min-w-0 break-words text-primary underline underline-offset-4">
                {file.name}
              </a>
              <span className="shrink-0 text-muted-foreground">({formatFileSize(file.sizeBytes)})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Why a cohort cannot be audited yet (it has not started), in place of the action. */
export function AuditNotYet({ reason }: { reason: string }) {
  return (
    <p className="flex items-start gap-2 rounded-lg border border-dashed p-3 text-sm text-muted-foreground">
      <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{reason}</span>
    </p>
  );
}

/** Asks before the audit, which cannot be undone, and takes the partner's optional notes. */
function ConfirmAudit({
  cohort,
  open,
  onOpenChange,
  onAudited,
}: {
  cohort: PartnerCohortDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAudited: () => void;
}) {
  const notesId = useId();
  const [notes, setNotes] = useState('');
  const audit = useAuditCohort();

  // Awaited rather than mutate's callbacks: the audited cohort replaces this dialog in the list
  // as soon as the answer is stored, and callbacks of an unmounted caller never run.
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await audit.mutateAsync({ cohortId: cohort.id, notes });
      notifySuccess(PARTNER_TEXTS.cohortAudited, PARTNER_TEXTS.cohortAuditedDetail);
      onAudited();
    } catch (error) {
      notifyError(messageFrom(error));
      onOpenChange(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => (audit.isPending ? undefined : onOpenChange(next))}>
      <AlertDialogContent>
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>{PARTNER_TEXTS.confirmTitle}</AlertDialogTitle>
            <AlertDialogDescription>
              {cohort.courseName}, {formatDay(cohort.startDate)} – {formatDay(cohort.endDate)}. {PARTNER_TEXTS.auditNote} An audit cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={notesId}>{PARTNER_TEXTS.notesLabel}</Label>
            <Textarea
              id={notesId}
              value={notes}
              maxLength={AUDIT_NOTES_MAX}
              aria-describedby={`${notesId}-hint`}
              onChange={(event) => setNotes(event.target.value)}
            />
            <p id={`${notesId}-hint`} className="text-xs text-muted-foreground">
              {PARTNER_TEXTS.notesHint}
            </p>
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={audit.isPending}>
              Cancel
            </AlertDialogCancel>
            <Button type="submit" disabled={audit.isPending}>
              <ShieldCheck aria-hidden="true" />
              {audit.isPending ? 'Saving…' : PARTNER_TEXTS.confirmButton}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The reviewer's evidence for one cohort, and the audit that enables co-branded certificates. */
export function AuditCohortDialog({ cohort }: { cohort: PartnerCohortDto }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { submissions } = cohort;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" aria-label={`${PARTNER_TEXTS.reviewButton}: ${cohort.courseName}, ${formatDay(cohort.startDate)}`}>
          <ShieldCheck aria-hidden="true" />
          {PARTNER_TEXTS.reviewButton}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Review {cohort.courseName}</DialogTitle>
          <DialogDescription>Course ID: {cohort.courseId}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Start date</dt>
          <dd>{formatDay(cohort.startDate)}</dd>
          <dt className="text-muted-foreground">End date</dt>
          <dd>{formatDay(cohort.endDate)}</dd>
          <dt className="text-muted-foreground">Instructor</dt>
          <dd className="break-words">{cohort.instructor || PARTNER_TEXTS.tbd}</dd>
          <dt className="text-muted-foreground">Location</dt>
          <dd className="break-words">{cohort.location || PARTNER_TEXTS.tbd}</dd>
          <dt className="text-muted-foreground">Capacity</dt>
          <dd>
            {cohort.enrolledCount}/{cohort.capacity}
          </dd>
          <dt className="text-muted-foreground">Attendance rate</dt>
          <dd>{cohort.attendancePercent === null ? 'No attendance recorded yet' : `${cohort.attendancePercent}%`}</dd>
          <dt className="text-muted-foreground">Graded submissions</dt>
          <dd>
            {submissions.graded} of {submissions.total} graded, {submissions.passed} passed
          </dd>
        </dl>
        <FileLinks label="Instructor CVs" files={cohort.cvs} empty={PARTNER_TEXTS.noCvs} icon={FileText} />
        <FileLinks label="Facilities photos" files={cohort.photos} empty={PARTNER_TEXTS.noPhotos} icon={ImageIcon} />
        <p className="rounded-lg bg-muted p-3 text-sm">{PARTNER_TEXTS.auditNote}</p>
        <DialogFooter>
          {cohort.auditUnavailableReason ? (
            <AuditNotYet reason={cohort.auditUnavailableReason} />
          ) : (
            <Button type="button" onClick={() => setConfirming(true)}>
              <ShieldCheck aria-hidden="true" />
              {PARTNER_TEXTS.markAudited}
            </Button>
          )}
        </DialogFooter>
        {cohort.auditUnavailableReason ? null : (
          <ConfirmAudit
            cohort={cohort}
            open={confirming}
            onOpenChange={setConfirming}
            onAudited={() => {
              setConfirming(false);
              setOpen(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
