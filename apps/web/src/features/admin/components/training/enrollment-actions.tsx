import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Ban, Banknote, CheckCircle2, MoreHorizontal, XCircle } from 'lucide-react';
import { formatKes } from '@ops/shared/money';
import {
  cancellationRefund,
  ENROLLMENT_REFUND_PERCENT,
  enrollmentConsoleActions,
  type EnrollmentConsoleAction,
} from '@ops/shared/domain/enrollment-status';
import { ENROLLMENT_REASON_MESSAGE, ENROLLMENT_REASON_MAX, type AdminEnrollmentRow } from '@ops/shared/schemas/admin-enrollments';
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
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';

const ITEMS: Record<EnrollmentConsoleAction, { label: string; Icon: typeof CheckCircle2; destructive?: boolean }> = {
  approve: { label: 'Approve', Icon: CheckCircle2 },
  reject: { label: 'Reject', Icon: XCircle, destructive: true },
  cash_paid: { label: 'Mark paid', Icon: Banknote },
  cancel: { label: 'Cancel enrollment', Icon: Ban, destructive: true },
};

/** What an admin may do with the row, as the server allows it; nothing while a refund awaits the payment service. */
export const rowActions = (e: AdminEnrollmentRow): EnrollmentConsoleAction[] => (e.refundRequested ? [] : enrollmentConsoleActions(e));

/** A row's moves in one menu, so the table keeps one small button per row. */
export function EnrollmentActionsMenu({
  enrollment,
  busy,
  onAction,
}: {
  enrollment: AdminEnrollmentRow;
  busy: boolean;
  onAction: (action: EnrollmentConsoleAction) => void;
}) {
  if (enrollment.refundRequested) return <span className="text-xs whitespace-nowrap text-muted-foreground">Refund requested</span>;
  const actions = rowActions(enrollment);
  if (actions.length === 0) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={busy} aria-label={`Actions for ${enrollment.studentName}`}>
          <MoreHorizontal aria-hidden="true" />
          Actions
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {actions.map((action) => {
          const { label, Icon, destructive } = ITEMS[action];
          return (
            <DropdownMenuItem key={action} onSelect={() => onAction(action)} className={destructive ? 'text-destructive' : undefined}>
              <Icon aria-hidden="true" />
              {label}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** What cancelling gives back, in the admin's words, before they confirm. */
export function cancelRefundText(e: AdminEnrollmentRow): string {
  const refund = cancellationRefund(e);
  if (refund.how === 'none') return 'Nothing was paid, so nothing is refunded.';
  const share = `${formatKes(refund.amount)} (${ENROLLMENT_REFUND_PERCENT}% of the ${formatKes(refund.of)} paid)`;
  if (refund.how === 'office')
    return `${share} is to be given back in cash at the office; it is recorded as a refund of the cash payment, which Payments shows.`;
  return `${share} is refunded through the payment service to the M-Pesa number or card that paid.`;
}

const checkReason = (reason: string) =>
  !reason.trim()
    ? ENROLLMENT_REASON_MESSAGE
    : reason.trim().length > ENROLLMENT_REASON_MAX
      ? `The reason must be at most ${ENROLLMENT_REASON_MAX} characters`
      : null;

interface ReasonFormProps {
  title: string;
  description: ReactNode;
  keep: string;
  confirm: string;
  busyText: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** A move the student reads the reason of: the reason is required, and the dialog stays while it is sent. */
function ReasonForm({ title, description, keep, confirm, busyText, busy, onConfirm, onClose }: ReasonFormProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkReason(reason);
    setError(problem ?? undefined);
    if (!problem) onConfirm(reason.trim());
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription asChild>
              <div className="grid gap-2">{description}</div>
            </DialogDescription>
          </DialogHeader>
          <FormField id={`${id}-reason`} label="Reason (the student reads it)" error={error} required>
            {(control) => <Textarea {...control} rows={3} maxLength={ENROLLMENT_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              {keep}
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? busyText : confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Asks before approving: the seat is kept and the student told (for cash, to pay by the deadline). */
export function ApproveEnrollmentDialog({
  enrollment,
  busy,
  onConfirm,
  onClose,
}: {
  enrollment: AdminEnrollmentRow | null;
  busy: boolean;
  onConfirm: (e: AdminEnrollmentRow) => void;
  onClose: () => void;
}) {
  return (
    <AlertDialog open={enrollment !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <AlertDialogContent>
        {enrollment ? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>Approve {enrollment.studentName}&apos;s enrollment?</AlertDialogTitle>
              <AlertDialogDescription>
                {enrollment.studentName} keeps the seat in {enrollment.courseTitle} and is told it was approved.
                {enrollment.paymentStatus === 'pending_cash'
                  ? ` The fee of ${formatKes(enrollment.coursePrice)} is still to be paid at the office by its deadline, or the seat is released.`
                  : ''}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={busy}>Not now</AlertDialogCancel>
              <Button disabled={busy} onClick={() => onConfirm(enrollment)}>
                {busy ? 'Approving...' : 'Approve'}
              </Button>
            </AlertDialogFooter>
          </>
        ) : null}
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Rejecting needs the reason the student reads; the seat is released. */
export function RejectEnrollmentDialog({
  enrollment,
  busy,
  onConfirm,
  onClose,
}: {
  enrollment: AdminEnrollmentRow | null;
  busy: boolean;
  onConfirm: (e: AdminEnrollmentRow, reason: string) => void;
  onClose: () => void;
}) {
  if (!enrollment) return null;
  return (
    <ReasonForm
      key={enrollment.id}
      title={`Reject ${enrollment.studentName}'s enrollment?`}
      description={
        <p>
          The seat in {enrollment.courseTitle} is released, and {enrollment.studentName} is told why, on the bell and by e-mail.
        </p>
      }
      keep="Keep pending"
      confirm="Reject enrollment"
      busyText="Rejecting..."
      busy={busy}
      onConfirm={(reason) => onConfirm(enrollment, reason)}
      onClose={onClose}
    />
  );
}

/** Cancelling needs a reason and says, before it is confirmed, what is given back. */
export function CancelEnrollmentDialog({
  enrollment,
  busy,
  onConfirm,
  onClose,
}: {
  enrollment: AdminEnrollmentRow | null;
  busy: boolean;
  onConfirm: (e: AdminEnrollmentRow, reason: string) => void;
  onClose: () => void;
}) {
  if (!enrollment) return null;
  return (
    <ReasonForm
      key={enrollment.id}
      title={`Cancel ${enrollment.studentName}'s enrollment?`}
      description={
        <>
          <p className="font-medium text-foreground">{cancelRefundText(enrollment)}</p>
          <p>
            The seat in {enrollment.courseTitle} is released, and {enrollment.studentName} is told why, on the bell and by e-mail. This cannot be undone.
          </p>
        </>
      }
      keep="Keep enrollment"
      confirm="Cancel enrollment"
      busyText="Cancelling..."
      busy={busy}
      onConfirm={(reason) => onConfirm(enrollment, reason)}
      onClose={onClose}
    />
  );
}
